"""Decrees (gugong-de "6. Dekrete", p. 10-11): buying, immediate VP, persistent and morning benefits."""

from __future__ import annotations

from companion.core.actions import Action

from .frames import emit, kind, push
from .servants import pay
from .state import GugongState
from .tracks import add_vp, advance_envoy, move_intrigue

RULE_DECREE = "gugong-de: 6. Dekrete (S. 10)"
RULE_MORNING = "gugong-de: Morgenphase, Schritt 4: Dekretvorteile ausführen (S. 4)"


def owns(state: GugongState, seat: int, decree_id: str) -> bool:
    return any(d == decree_id and seat in state.decree_servants[slot] for slot, d in enumerate(state.decree_slots))


def owned(state: GugongState, seat: int) -> list[str]:
    return [d for slot, d in enumerate(state.decree_slots) if d and seat in state.decree_servants[slot]]


def cost(state: GugongState, seat: int, slot: int) -> int:
    """Printed cost + 1 per opponent servant on it, minus 1 with the level-2 decree discount."""
    d = state.comp.decrees[state.decree_slots[slot]]
    others = sum(1 for s in state.decree_servants[slot] if s != seat)
    discount = state.comp.act["discount"] if owns(state, seat, "decree_discount") else 0
    return max(0, d.cost + others - discount)


def options(state: GugongState, seat: int) -> list[dict]:
    pl = state.players[seat]
    out = []
    for slot, d in enumerate(state.decree_slots):
        if d is None or seat in state.decree_servants[slot]:
            continue  # each decree benefit only once per player
        if len(state.decree_servants[slot]) >= state.comp.decree_spaces:
            continue
        c = cost(state, seat, slot)
        # pay c (the double servant may stand in for 2) and place 1 regular servant above the decree
        if pl.pool >= c + 1:
            out.append({"slot": slot, "dd": False})
        if c >= 2 and pl.dd == "pool" and pl.pool >= c - 1:
            out.append({"slot": slot, "dd": True})
    return out


def perform(state: GugongState, seat: int, opt: dict) -> None:
    pl = state.players[seat]
    slot = opt["slot"]
    pay(pl, cost(state, seat, slot), opt["dd"])
    pl.pool -= 1  # the servant above the decree (never the double servant)
    state.decree_servants[slot].append(seat)
    d = state.comp.decrees[state.decree_slots[slot]]
    emit(state, "decree", player=seat, decree=d.id)
    if d.level < 3:
        add_vp(state, seat, d.vp)


def morning_benefits(state: GugongState, seat: int) -> None:
    """Level-1 decrees, in the order of the decree spaces. Beneficial 'may' effects are taken (ruling R6)."""
    frames = []
    for d in owned(state, seat):
        if d == "morning_intrigue":
            frames.append({"k": "morning_effect", "p": seat, "effect": "intrigue"})
        elif d == "morning_servant":
            frames.append({"k": "gain", "p": seat, "n": 1})
        elif d == "morning_envoy":
            frames.append({"k": "morning_effect", "p": seat, "effect": "envoy"})
        elif d == "morning_canal":
            frames.append({"k": "canal_place", "p": seat, "src": "general", "optional": True})
            frames.append({"k": "claim", "p": seat})
        elif d == "morning_swap":
            frames.append({"k": "swap_card", "p": seat})
    push(state, *frames)


@kind("morning_effect", RULE_MORNING)
def _morning_effect(state: GugongState, frame: dict, action: Action | None) -> None:
    if frame["effect"] == "intrigue":
        move_intrigue(state, frame["p"], state.comp.act["morning_intrigue_steps"])
    else:
        advance_envoy(state, frame["p"], 1)

