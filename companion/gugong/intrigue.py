"""Intrigue (gugong-de "4. Intrige", p. 9): A moves the marker (and takes the medal), B pays for more steps."""

from __future__ import annotations

from .servants import pay, pay_variants
from .state import GugongState
from .steps import Events, event
from .tracks import move_intrigue

RULE_INTRIGUE = "gugong-de: 4. Intrige (S. 9)"


def options(state: GugongState, seat: int) -> list[dict]:
    """A; B paid with regular servants ({"opt": "B"}) or with the double servant (ruling R2)."""
    variants = pay_variants(state, seat, state.comp.act.intrigue_b_cost)
    return [{"opt": "A"}] + [{"opt": "B", "dd": True} if dd else {"opt": "B"} for dd in variants]


def perform(state: GugongState, seat: int, opt: dict) -> Events:
    if opt["opt"] == "A":
        events = move_intrigue(state, seat, state.comp.act.intrigue_a_steps)
        if state.medal is None:  # the first player this day to choose A takes the medal
            state.medal = seat
            events.append(event("medal", player=seat))
        return events
    events = pay(state.players[seat], state.comp.act.intrigue_b_cost, opt.get("dd", False))
    return events + move_intrigue(state, seat, state.comp.act.intrigue_b_steps)
