"""5B Boote bauen: the boat track and the transport capacity under the cylinder."""

from __future__ import annotations

from companion.core import Event
from companion.core.steps import Frame, push

from . import components, progress, readings
from .state import YinziState


def step(state: YinziState, p: int, steps: int = 1) -> int:
    """Move player p's cylinder on the boat track (never off its ends); returns the fields moved."""
    pl = state.players[p]
    before = pl.boat
    pl.boat = max(1, min(len(components.of(state).boat_capacity), pl.boat + steps))
    if pl.boat != before:  # edition 7: the table reads the capacity under a field the cylinder reaches first
        push(state, *readings.boat_fields(state, [pl.boat]))
    return pl.boat - before


def capacity(state: YinziState, p: int) -> int:
    return components.of(state).capacity(state.players[p].boat)


def virtual_capacity(state: YinziState, p: int, frame: Frame) -> tuple[Frame, list[Event]]:
    """Economy disc: one virtual boat capacity for this action (never marked on the boat track).
    Returns the action's frame with one transport less counted against the capacity."""
    return {**frame, "transport": frame["transport"] - 1}, [progress.cash(state, p, "virtual_capacity")]
