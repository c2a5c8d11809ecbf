"""Test helpers: reach a given point of a Yinzi game and arrange the table as a rulebook example shows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core import apply
from companion.core.steps import Frame, Stack, settle, unsettle
from companion.yinzi.engine import GAME
from companion.yinzi.flow import FLOW
from companion.yinzi.state import YinziState


def new_game(names: list[str], overrides: dict[str, Any] | None = None, colors: list[str] | None = None) -> YinziState:
    """A game after the setup draws and starting factories (first option everywhere), at the first bonus."""
    setup: dict[str, Any] = {"players": names, "seed": 1, "profile": {"overrides": overrides or {}}}
    if colors:
        setup["colors"] = colors
    state = GAME.initial_state(GAME.normalize_setup(setup))
    return run_until(state, lambda s: s.phase == "bonus")


def run_until(
    state: YinziState,
    done: Callable[[YinziState], bool],
    choose: Callable[[YinziState, Any], dict] | None = None,
    limit: int = 5000,
) -> YinziState:
    for _ in range(limit):
        if done(state):
            return state
        unsettle(state)
        d = GAME.decision(state)
        assert d is not None, "game ended early"
        action = choose(state, d) if choose else d.options[0]
        state, _ = apply(GAME, state, action)
    raise AssertionError("limit reached")


def act(state: YinziState, action: dict[str, Any]) -> tuple[YinziState, list]:
    unsettle(state)  # the test may have changed the table by hand
    return apply(GAME, state, action)


def acts(state: YinziState, *actions: dict[str, Any]) -> YinziState:
    for a in actions:
        state, _ = act(state, a)
    return state


def draw_first(state: YinziState) -> YinziState:
    """Resolve pending chance decisions with their first option."""
    unsettle(state)
    while (d := GAME.decision(state)) is not None and d.is_chance:
        state, _ = apply(GAME, state, d.options[0])
    return state


def arrange(state: YinziState, phase: str, *frames: Frame) -> YinziState:
    """Put the table in `phase` with `frames` pending (the first one given on top), the rest of the game after."""
    state.phase = phase
    state.stack = Stack([{"k": FLOW.kind, "after": phase}, *reversed(frames)])
    return state


def at_actions(
    names: list[str], overrides: dict[str, Any] | None = None, colors: list[str] | None = None
) -> YinziState:
    """First round, phase B, first turn: bonuses taken in provisional order, three cards each."""
    state = new_game(names, overrides, colors)
    return run_until(state, lambda s: s.phase == "actions" and bool(s.stack) and s.stack[-1]["k"] == "turn")


def turn_of(state: YinziState, p: int, **player: Any) -> YinziState:
    """Arrange that it is player p's turn in phase B (as in a rulebook example)."""
    arrange(state, "actions", {"k": "turn", "p": p}, {"k": "turn_end"})
    state.turn = state.order.index(p)
    for key, value in player.items():
        setattr(state.players[p], key, value)
    return state


def top(state: YinziState) -> Frame:
    unsettle(state)
    GAME.decision(state)
    return state.stack[-1]


def only_options(state: YinziState) -> list[dict[str, Any]]:
    unsettle(state)
    d = GAME.decision(state)
    assert d is not None
    return list(d.options)


def settled(state: YinziState) -> list:
    """Let the engine carry on by itself from a table arranged by hand (bookkeeping, single options);
    returns what happened."""
    unsettle(state)
    return settle(GAME.steps, state)
