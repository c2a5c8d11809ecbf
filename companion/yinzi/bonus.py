"""5A Einen Bonus und die Position in der Spielreihenfolge wählen: in provisional order each player
takes a bonus (and may buy the crop tile above it); the bonus fields, left to right, are the new
turn order; the crop track slides left and is refilled."""

from __future__ import annotations

from typing import Any

from companion.core import Event
from companion.core.steps import Frame, push

from . import boats, components, crops, exchange, factories, progress, readings
from .draws import draw_frame
from .state import BONUSES, YinziState
from .steps import STEPS, bookkeeping, decision

RULE_A = "5A Einen Bonus und die Position in der Spielreihenfolge wählen"


@bookkeeping("bonus_round", RULE_A)
def new_round(state: YinziState) -> list[Event]:
    state.round += 1
    # edition 7: the crop track's costs are read before the first bonus choice may buy a tile with them
    push(state, *readings.crop_fields(state), *({"k": "bonus", "p": p} for p in state.prov_order))
    return [STEPS.event("round_started", {"round": state.round})]


def _options(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    p = frame["p"]
    costs = components.of(state).crop_costs
    taken = {b for b in state.bonus_of if b}
    opts = []
    for i, bonus in enumerate(BONUSES):
        if bonus in taken:
            continue
        opts.append({"type": "bonus", "bonus": bonus, "crop": False})
        crop = state.crop_track[i]
        if crop and state.players[p].cubes >= crops.CUBES_ON_NEW_TILE and exchange.can_pay_copper(state, p, costs[i]):
            opts.append({"type": "bonus", "bonus": bonus, "crop": True})
    return opts


def _crop_track(state: YinziState, frame: Frame) -> dict[str, Any]:
    return {"crop_track": list(state.crop_track)}


@decision("bonus", RULE_A, _options, _crop_track, decision_kind="yinzi.choose_bonus")
def _choose(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    p, bonus = frame["p"], action["bonus"]
    state.bonus_of[p] = bonus
    events = [STEPS.event("bonus_chosen", {"player": p, "bonus": bonus})]
    follow: list[Frame] = []
    if action["crop"]:
        i = BONUSES.index(bonus)
        cost, crop = components.of(state).crop_costs[i], state.crop_track[i]
        state.crop_track[i] = None  # the track slides left once everybody has chosen
        events.append(exchange.pay(state, p, copper=cost, amount_from=(components.CROP_COSTS,)))
        bought = {"player": p, "crop": crop, "cost": cost, "slot": i + 1}
        events.append(STEPS.event("crop_bought", components.tagged(state, bought, cost=components.CROP_COSTS)))
        follow.append({"k": "place_crop", "p": p, "crop": crop})
    if bonus == "free_progress" and state.players[p].discs > 0 and progress.free_fields(state):
        follow.append({"k": "progress_pick", "p": p})
    elif bonus == "boat":
        events.append(STEPS.event("boat_moved", {"player": p, "steps": boats.step(state, p)}))
    elif bonus == "factory_upgrade" and _own_upgradeable(state, p):
        follow.append({"k": "free_upgrade", "p": p})
    push(state, *follow)
    return events


def _own_upgradeable(state: YinziState, p: int) -> list[int]:
    return [i for i in factories.upgradeable(state, p) if state.factories[i]["owner"] == p]


@bookkeeping("bonus_crop_refill", "5A Ernteleiste auffüllen")
def refill_crop_track(state: YinziState) -> list[Event]:
    events = settle_order(state)
    crops.slide_left(state)
    kept = sum(1 for c in state.crop_track if c is not None)
    pool = sum(state.crop_pool.values())
    frames = []
    for slot in range(kept, len(state.crop_track)):
        if pool > 0:
            frames.append(draw_frame("crop", slot=slot))
            pool -= 1
    push(state, *frames)
    return events


def settle_order(state: YinziState) -> list[Event]:
    """The chosen bonus fields, left to right, are the new turn order (RULES-Y 5A)."""
    state.order = sorted(range(len(state.players)), key=lambda q: BONUSES.index(state.bonus_of[q]))
    return [STEPS.event("turn_order", {"order": list(state.order)})]


# -- what a bonus or a bought tile asks next -------------------------------------------------------
def _provinces(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    return [{"type": "place_crop", "province": prov} for prov in components.of(state).provinces]


@decision("place_crop", "5B Pflanzen anbauen", _provinces, lambda state, frame: {"crop": frame["crop"]})
def _place_crop(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    push(state, *crops.covering(state, frame["p"], action["province"]))
    return [crops.place_tile(state, frame["p"], frame["crop"], action["province"])]


def _progress_fields(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    return [{"type": "progress", "field": f} for f in progress.free_fields(state)]


@decision("progress_pick", "5A Kostenloser Fortschritt", _progress_fields)
def _progress(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    return progress.place(state, frame["p"], action["field"])


def _upgrades(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    opts = [{"type": "free_upgrade", "factory": i} for i in _own_upgradeable(state, frame["p"])]
    return opts or [{"type": "free_upgrade", "factory": None}]


@decision("free_upgrade", "5A Fabrik ausbauen", _upgrades)
def free_upgrade(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    if action["factory"] is None:
        return [STEPS.event("nothing_to_upgrade", {"player": frame["p"]})]
    return [factories.add_disc(state, frame["p"], action["factory"])]
