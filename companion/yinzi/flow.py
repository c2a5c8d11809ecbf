"""The fixed order of a game: setup draws, then four rounds of phases A-F, then final scoring.

`advance` runs whenever no question is pending: it enters the next step, which either asks
questions (pushes frames) or is carried out at once (e.g. a flood), until one is pending.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core import Event

from . import round_end
from .bonus import settle_order
from .box import Box
from .draws import can_draw, draw_frame
from .frames import push
from .state import YinziState

SETUP_STEPS = ("s_markets", "s_order", "s_crops", "s_ships", "s_rows", "s_factories", "s_infra", "s_start")
ROUND_STEPS = (
    "bonus",
    "crop_refill",
    "cards",
    "actions",
    "feeding",
    "war",
    "war_resolve",
    "disasters",
    "infra",
    "personal_infra",
    "emperor",
    "taxation",
    "late_shipping",
    "admin",
    "admin_cleanup",
)
ROUNDS = 4

# the phase each step belongs to (shown to players, named in refusals)
PHASE_OF = {s: "setup" for s in SETUP_STEPS} | {
    "setup": "setup",
    "bonus": "bonus",
    "crop_refill": "bonus",
    "cards": "actions",
    "actions": "actions",
    "feeding": "feeding",
    "war": "war_glory",
    "war_resolve": "war_glory",
    "disasters": "disasters",
    "infra": "infrastructure",
    "personal_infra": "infrastructure",
    "emperor": "emperor",
    "taxation": "taxation",
    "late_shipping": "late_shipping",
    "admin": "administration",
    "admin_cleanup": "administration",
    "final": "final",
    "over": "over",
}


def _next_step(state: YinziState) -> str:
    s = state.step
    if s == "setup":
        return SETUP_STEPS[0]
    if s in SETUP_STEPS:
        i = SETUP_STEPS.index(s)
        return SETUP_STEPS[i + 1] if i + 1 < len(SETUP_STEPS) else "bonus"
    if s in ROUND_STEPS:
        i = ROUND_STEPS.index(s)
        if i + 1 < len(ROUND_STEPS):
            return ROUND_STEPS[i + 1]
        return "bonus" if state.round < ROUNDS else "final"
    if s == "final":
        return "over"
    return "over"


def advance(state: YinziState, box: Box) -> list[Event]:
    events: list[Event] = []
    while not state.frames and state.step != "over":
        state.step = _next_step(state)
        events.extend(ENTER.get(state.step, _nothing)(state, box))
    return events


def _nothing(state: YinziState, box: Box) -> list[Event]:
    return []


def _n(state: YinziState) -> int:
    return len(state.players)


def _markets(state: YinziState, box: Box) -> list[Event]:
    push(state, *(draw_frame("market", province=p) for p in box.provinces))
    return []


def _order(state: YinziState, box: Box) -> list[Event]:
    push(state, *(draw_frame("order") for _ in range(_n(state))))
    return []


def _crops(state: YinziState, box: Box) -> list[Event]:
    push(state, *(draw_frame("crop", slot=i) for i in range(len(state.crop_track))))
    return []


def _ships(state: YinziState, box: Box) -> list[Event]:
    removed = int(box.v("ships.removed_2_3p")) if _n(state) < 4 else 0
    removals = [draw_frame("ship_remove") for _ in range(removed)]
    push(state, *removals, *(draw_frame("coast", row=r) for r in range(_n(state))))
    return []


def _rows(state: YinziState, box: Box) -> list[Event]:
    total = sum(state.ship_pool.values())
    n = _n(state)
    state.ship_rows = [{"top": None, "hidden": total // n + (1 if r < total % n else 0)} for r in range(n)]
    push(state, *(draw_frame("ship_top", row=r) for r in range(n) if state.ship_rows[r]["hidden"] > 0))
    return []


def _factories(state: YinziState, box: Box) -> list[Event]:
    push(state, *(draw_frame("factory") for _ in range(_n(state))))
    return []


def _infra(state: YinziState, box: Box) -> list[Event]:
    n = _n(state)
    state.discard_hidden = 4
    state.infra_rows = [{"top": None, "hidden": 4, "by": None, "items": []} for _ in range(n)]
    push(state, *(draw_frame("infra", row=r) for r in range(n)))
    return []


def _start(state: YinziState, box: Box) -> list[Event]:
    reverse = list(reversed(state.prov_order))
    frames = [{"k": "start_factory", "p": p} for p in reverse]
    frames += [draw_frame("factory") for _ in range(_n(state))]
    frames += [{"k": "start_resource", "p": p} for p in reverse]
    push(state, *frames)
    return []


def _bonus(state: YinziState, box: Box) -> list[Event]:
    state.round += 1
    push(state, *({"k": "bonus", "p": p} for p in state.prov_order))
    return [Event("yinzi.round_started", {"round": state.round})]


def _crop_refill(state: YinziState, box: Box) -> list[Event]:
    events = settle_order(state)
    kept = [c for c in state.crop_track if c is not None]
    state.crop_track = kept + [None] * (len(state.crop_track) - len(kept))
    frames = []
    pool = sum(state.crop_pool.values())
    for slot in range(len(kept), len(state.crop_track)):
        if pool > 0:
            frames.append(draw_frame("crop", slot=slot))
            pool -= 1
    push(state, *frames)
    return events


def _cards(state: YinziState, box: Box) -> list[Event]:
    frames = []
    for p in state.order:
        frames += [draw_frame("card", p=p) for _ in range(min(3, len(state.players[p].deck)))]
    push(state, *frames)
    return []


def _actions(state: YinziState, box: Box) -> list[Event]:
    state.turn = 0
    push(state, {"k": "turn", "p": state.order[0]})
    return [Event("yinzi.phase_actions", {"round": state.round})]


def _admin(state: YinziState, box: Box) -> list[Event]:
    if state.round < ROUNDS or box.v("rules.roll_after_last_round"):
        push(state, draw_frame("die"))
    return []


def _final(state: YinziState, box: Box) -> list[Event]:
    push(state, *({"k": "final", "p": p, "sold": False, "bought": False} for p in state.order))
    return [Event("yinzi.final_opportunity", {})]


def _over(state: YinziState, box: Box) -> list[Event]:
    return [Event("yinzi.game_over", {})]


ENTER: dict[str, Callable[[YinziState, Box], list[Event]]] = {
    "s_markets": _markets,
    "s_order": _order,
    "s_crops": _crops,
    "s_ships": _ships,
    "s_rows": _rows,
    "s_factories": _factories,
    "s_infra": _infra,
    "s_start": _start,
    "bonus": _bonus,
    "crop_refill": _crop_refill,
    "cards": _cards,
    "actions": _actions,
    "feeding": round_end.enter_feeding,
    "war": round_end.enter_war,
    "war_resolve": round_end.resolve_war,
    "disasters": round_end.enter_disasters,
    "infra": round_end.enter_infra,
    "personal_infra": round_end.enter_personal_infra,
    "emperor": round_end.enter_emperor,
    "taxation": round_end.enter_taxation,
    "late_shipping": round_end.enter_late_shipping,
    "admin": _admin,
    "admin_cleanup": round_end.admin_cleanup,
    "final": _final,
    "over": _over,
}

__all__ = ["PHASE_OF", "ROUNDS", "advance", "can_draw"]
