"""Test helpers: reach a given point of a Yinzi game and arrange the table as a rulebook example shows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core import apply
from companion.yinzi.engine import GAME
from companion.yinzi.state import YinziState


def new_game(names: list[str], overrides: dict[str, Any] | None = None, colors: list[str] | None = None) -> YinziState:
    """A game after the setup draws and starting factories (first option everywhere), at the first bonus."""
    setup: dict[str, Any] = {"players": names, "seed": 1, "profile": {"overrides": overrides or {}}}
    if colors:
        setup["colors"] = colors
    state = GAME.initial_state(GAME.normalize_setup(setup))
    return run_until(state, lambda s: s.step == "bonus")


def run_until(
    state: YinziState,
    done: Callable[[YinziState], bool],
    choose: Callable[[YinziState, Any], dict] | None = None,
    limit: int = 5000,
) -> YinziState:
    for _ in range(limit):
        if done(state):
            return state
        d = GAME.decision(state)
        assert d is not None, "game ended early"
        action = choose(state, d) if choose else d.options[0]
        state, _ = apply(GAME, state, action)
    raise AssertionError("limit reached")


def act(state: YinziState, action: dict[str, Any]) -> tuple[YinziState, list]:
    return apply(GAME, state, action)


def acts(state: YinziState, *actions: dict[str, Any]) -> YinziState:
    for a in actions:
        state, _ = apply(GAME, state, a)
    return state


def draw_first(state: YinziState) -> YinziState:
    """Resolve pending chance decisions with their first option."""
    while (d := GAME.decision(state)) is not None and d.is_chance:
        state, _ = apply(GAME, state, d.options[0])
    return state


def at_actions(
    names: list[str], overrides: dict[str, Any] | None = None, colors: list[str] | None = None
) -> YinziState:
    """First round, phase B, first turn: bonuses taken in provisional order, three cards each."""
    state = new_game(names, overrides, colors)
    return run_until(state, lambda s: s.step == "actions")


def turn_of(state: YinziState, p: int, **player: Any) -> YinziState:
    """Arrange that it is player p's turn in phase B (as in a rulebook example)."""
    state.frames = [{"k": "turn", "p": p}]
    state.step = "actions"
    state.turn = state.order.index(p)
    for key, value in player.items():
        setattr(state.players[p], key, value)
    return state


def only_options(state: YinziState) -> list[dict[str, Any]]:
    d = GAME.decision(state)
    assert d is not None
    return list(d.options)
