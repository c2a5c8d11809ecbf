"""Build a table as the rulebook's examples describe it, then drive it with engine actions.

The table is set up by the real engine; `scenario` then moves person tiles from the board into
the palaces described (so tiles stay conserved) and queues the steps the example is about.
"""

from __future__ import annotations

from typing import Any

from companion.core import apply
from companion.dragon.engine import GAME, advance
from companion.dragon.state import DragonState, Palace

NAMES = ["Anna", "Benno", "Clara", "Doro", "Emil"]


def scenario(
    palaces: dict[str, list[tuple[int, list[str]]]],
    players: list[str] | None = None,
    month: int = 3,
    tasks: list[dict[str, Any]] | None = None,
    groups: list[list[str]] | None = None,
    **setup: Any,
) -> DragonState:
    names = players or NAMES
    state = GAME.initial_state(GAME.normalize_setup({"players": names, **setup}))
    state.tasks = []
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
    state.tasks = list(tasks or [])
    advance(state)
    return state


def player(state: DragonState, name: str) -> int:
    return [pl.name for pl in state.players].index(name)


def act(state: DragonState, action: dict[str, Any]) -> DragonState:
    new, _ = apply(GAME, state, action)
    assert GAME.invariants(new) == []
    return new


def act_all(state: DragonState, *actions: dict[str, Any]) -> DragonState:
    for a in actions:
        state = act(state, a)
    return state
