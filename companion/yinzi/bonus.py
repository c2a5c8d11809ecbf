"""Phase A: bonus and turn order, with the optional crop purchase above the chosen bonus."""

from __future__ import annotations

from typing import Any

from companion.core import Event

from . import board, ledger
from .box import Box
from .frames import Ask, handler, pop, push, rule
from .state import BONUSES, YinziState

RULE_A = rule("5A Einen Bonus und die Position in der Spielreihenfolge wählen")


def _ask_bonus(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    p = frame["p"]
    taken = {b for b in state.bonus_of if b}
    opts = []
    for i, bonus in enumerate(BONUSES):
        if bonus in taken:
            continue
        opts.append({"type": "bonus", "bonus": bonus, "crop": False})
        crop = state.crop_track[i]
        if crop and state.players[p].cubes >= 2 and ledger.can_pay_copper(state, box, p, box.crop_costs[i]):
            opts.append({"type": "bonus", "bonus": bonus, "crop": True})
    return Ask(p, "yinzi.choose_bonus", opts, RULE_A, params={"crop_track": list(state.crop_track)})


@handler("bonus", _ask_bonus)
def _bonus(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    p = frame["p"]
    pop(state, frame)
    bonus = action["bonus"]
    i = BONUSES.index(bonus)
    state.bonus_of[p] = bonus
    events = [Event("yinzi.bonus_chosen", {"player": p, "bonus": bonus})]
    follow: list[dict[str, Any]] = []
    if action["crop"]:
        cost = box.crop_costs[i]
        crop = state.crop_track[i]
        state.crop_track[i] = None  # the track slides left once everybody has chosen
        ledger.pay_copper(state, box, p, cost)
        events.append(Event("yinzi.crop_bought", {"player": p, "crop": crop, "cost": cost}))
        follow.append({"k": "place_crop", "p": p, "crop": crop})
    if bonus == "free_progress" and state.players[p].discs > 0 and board.free_progress_fields(state, box):
        follow.append({"k": "progress_pick", "p": p, "why": "bonus"})
    elif bonus == "boat":
        moved = board.boat_step(state, box, p)
        events.append(Event("yinzi.boat_moved", {"player": p, "steps": moved}))
    elif bonus == "factory_upgrade" and [f for f in board.upgradeable(state, p) if state.factories[f]["owner"] == p]:
        follow.append({"k": "free_upgrade", "p": p, "why": "bonus"})
    push(state, *follow)
    return events


def settle_order(state: YinziState) -> list[Event]:
    """The chosen bonus fields, left to right, are the new turn order (RULES-Y 5A)."""
    state.order = sorted(range(len(state.players)), key=lambda q: BONUSES.index(state.bonus_of[q]))
    return [Event("yinzi.turn_order", {"order": list(state.order)})]


def _ask_place_crop(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    opts = [{"type": "place_crop", "province": prov} for prov in box.provinces]
    return Ask(frame["p"], "yinzi.place_crop", opts, rule("5B Pflanzen anbauen"), params={"crop": frame["crop"]})


@handler("place_crop", _ask_place_crop)
def _place_crop(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    pop(state, frame)
    return [board.place_crop_tile(state, frame["p"], frame["crop"], action["province"])]


def _ask_progress(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    opts = [{"type": "progress", "field": f} for f in board.free_progress_fields(state, box)]
    return Ask(frame["p"], "yinzi.progress_pick", opts, rule("5A Kostenloser Fortschritt"))


@handler("progress_pick", _ask_progress)
def _progress(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    pop(state, frame)
    return board.place_progress(state, frame["p"], action["field"])


def _ask_free_upgrade(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    p = frame["p"]
    own_only = frame.get("why") == "bonus"
    opts = [
        {"type": "free_upgrade", "factory": i}
        for i in board.upgradeable(state, p)
        if not own_only or state.factories[i]["owner"] == p
    ]
    if not opts:
        opts = [{"type": "free_upgrade", "factory": None}]
    section = "5A Fabrik ausbauen" if own_only else "5C IV Brückenbau"
    return Ask(p, "yinzi.free_upgrade", opts, rule(section))


@handler("free_upgrade", _ask_free_upgrade)
def _free_upgrade(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    pop(state, frame)
    if action["factory"] is None:
        return [Event("yinzi.nothing_to_upgrade", {"player": frame["p"]})]
    return [board.add_disc(state, frame["p"], action["factory"])]
