"""Build a table as the rulebook's examples describe it, then drive it with engine actions.

The table is set up by the real engine; `scenario` then moves person tiles from the board into
the palaces described (so tiles stay conserved) and pushes the steps the example is about (in the
order they run; the core settle loop then runs bookkeeping and single options at once).
"""

from __future__ import annotations

from typing import Any

from companion.core import Event, apply
from companion.core.steps import Stack, push, settle, unsettle
from companion.dragon.engine import GAME
from companion.dragon.state import DragonState, Palace

NAMES = ["Anna", "Benno", "Clara", "Doro", "Emil"]


def scenario(
    palaces: dict[str, list[tuple[int, list[str]]]],
    players: list[str] | None = None,
    month: int = 3,
    frames: list[dict[str, Any]] | None = None,
    groups: list[list[str]] | None = None,
    **setup: Any,
) -> DragonState:
    names = players or NAMES
    state = GAME.initial_state(GAME.normalize_setup({"players": names, **setup}))
    state.stack = Stack()
    state.month = month
    state.events = ["peace"] * 12
    for p, name in enumerate(names):
        pl = state.players[p]
        pl.palaces = []
        for floors, persons in palaces.get(name, [(2, []), (2, [])]):
            for t in persons:
                state.supply[t] -= 1
            pl.palaces.append(Palace(floors, sorted(persons)))
    state.groups = [list(g) for g in groups or []]
    state.dragons = [[] for _ in state.groups]
    run(state, *(frames or []))
    return state


def run(state: DragonState, *frames: dict[str, Any]) -> list[Event]:
    """Replace the pending steps by `frames` (first runs first) and settle: what the rulebook example is about."""
    state.stack = Stack()
    push(state, *frames)
    return settle(GAME.steps, state)


def pending(state: DragonState) -> list[dict[str, Any]]:
    """The pending frames in the order they run (the top of the stack first)."""
    return list(reversed(state.stack))


def player(state: DragonState, name: str) -> int:
    return [pl.name for pl in state.players].index(name)


def act(state: DragonState, action: dict[str, Any]) -> DragonState:
    """Apply an action (to a state the test may have changed by hand: its decision is read afresh)."""
    unsettle(state)
    new, _ = apply(GAME, state, action)
    assert GAME.invariants(new) == []
    return new


def act_all(state: DragonState, *actions: dict[str, Any]) -> DragonState:
    for a in actions:
        state = act(state, a)
    return state


def refuse(state: DragonState, action: dict[str, Any]):
    """Apply an action that must be refused (the state may have been changed by hand)."""
    unsettle(state)
    return apply(GAME, state, action)
