"""Decrees (gugong-de "6. Dekrete", p. 10-11): buying, immediate VP, persistent and morning benefits."""

from __future__ import annotations

from companion.core.actions import Action
from companion.core.steps import push

from .servants import DOUBLE, double_pays, pay, pays_as_one
from .state import GugongState
from .steps import Events, event, step
from .tracks import add_vp, advance_envoy, move_intrigue

RULE_DECREE = "gugong-de: 6. Dekrete (S. 10)"
RULE_MORNING = "gugong-de: Morgenphase, Schritt 4: Dekretvorteile ausführen (S. 4)"


def owns(state: GugongState, seat: int, decree_id: str) -> bool:
    return any(d == decree_id and seat in state.decree_servants[slot] for slot, d in enumerate(state.decree_slots))


def owned(state: GugongState, seat: int) -> list[str]:
    return [d for slot, d in enumerate(state.decree_slots) if d and seat in state.decree_servants[slot]]


def cost(state: GugongState, seat: int, slot: int) -> int:
    """Printed cost + 1 per opponent servant on it, minus the level-2 decree discount."""
    d = state.comp.decrees[state.decree_slots[slot]]
    others = sum(1 for s in state.decree_servants[slot] if s != seat)
    discount = state.comp.act["discount"] if owns(state, seat, "decree_discount") else 0
    return max(0, d.cost + others - discount)


def available(state: GugongState, seat: int, slot: int) -> bool:
    """A decree lies there, this player has no servant above it yet, and a servant space is free."""
    return (state.decree_slots[slot] is not None and seat not in state.decree_servants[slot]
            and len(state.decree_servants[slot]) < state.comp.decree_spaces)


def options(state: GugongState, seat: int) -> list[dict]:
    pl = state.players[seat]
    out = []
    for slot in range(len(state.decree_slots)):
        if not available(state, seat, slot):
            continue  # each decree benefit only once per player
        c = cost(state, seat, slot)
        # pay c (the double servant may stand in for 2, or 1) and place 1 regular servant above the decree
        if pl.pool >= c + 1:
            out.append({"slot": slot, "dd": False})
        if c > 0 and double_pays(pl, c, pays_as_one(state)) and pl.pool >= c - min(c, DOUBLE) + 1:
            out.append({"slot": slot, "dd": True})
    return out


def perform(state: GugongState, seat: int, opt: dict) -> Events:
    pl = state.players[seat]
    slot = opt["slot"]
    events = pay(pl, cost(state, seat, slot), opt["dd"])
    pl.pool -= 1  # the servant above the decree (never the double servant)
    return events + take(state, seat, slot)


def take(state: GugongState, seat: int, slot: int) -> Events:
    """The servant is above the decree: its immediate VP (all levels but the last, which scores at the end)."""
    state.decree_servants[slot].append(seat)
    d = state.comp.decrees[state.decree_slots[slot]]
    events = [event("decree", player=seat, decree=d.id, slot=slot)]
    if d.level < state.comp.decree_levels:
        events += add_vp(state, seat, d.vp)
    return events


MORNING_FRAMES = {  # level-1 decrees: the frames of their morning benefit
    "morning_intrigue": ({"k": "morning_effect", "effect": "intrigue"},),
    "morning_servant": ({"k": "gain"},),  # how many: the box profile's morning_servants
    "morning_envoy": ({"k": "morning_effect", "effect": "envoy"},),
    "morning_canal": ({"k": "canal_place", "src": "general", "optional": True}, {"k": "claim"}),
    "morning_swap": ({"k": "swap_card"},),
}


def morning_benefits(state: GugongState, seat: int) -> None:
    """Level-1 decrees, in the order of the decree spaces. Beneficial 'may' effects are taken (ruling R6)."""
    gains = {"n": state.comp.act["morning_servants"]}
    frames = []
    for d in owned(state, seat):
        frames += [{**f, "p": seat, **(gains if f["k"] == "gain" else {})} for f in MORNING_FRAMES.get(d, ())]
    push(state, *frames)


@step("morning_effect", RULE_MORNING)
def _morning_effect(state: GugongState, frame: dict, action: Action | None) -> Events:
    if frame["effect"] == "intrigue":
        return move_intrigue(state, frame["p"], state.comp.act["morning_intrigue_steps"])
    return advance_envoy(state, frame["p"], state.comp.act["morning_envoy_steps"])
