"""Test helpers: reach a given point of a Yinzi game and arrange the table as a rulebook example shows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from companion.core import RuleError, apply
from companion.core.canonical import canonical_bytes
from companion.core.steps import Frame, Stack, settle, unsettle
from companion.yinzi import feeding
from companion.yinzi.components import for_overrides as box_for
from companion.yinzi.editions import CURRENT
from companion.yinzi.engine import GAME
from companion.yinzi.flow import FLOW
from companion.yinzi.state import YinziState

# The rulebook's examples: Angelika = 0, Marion = 1, Tanja = 2. Printed values that the rulebook only shows
# as pictures are given as box-profile overrides, so each test states exactly what the example shows.
NAMES = ["Angelika", "Marion", "Tanja"]
A, M, T = 0, 1, 2
RATES = {"exchange.rates": [6, 8, 10, 12, 14, 16]}  # rate 10 on die field 3
BOATS = {"boat.capacities": [1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7]}  # 3 steps from field 2 take 2 to 4


def new_game(names: list[str], overrides: dict[str, Any] | None = None, colors: list[str] | None = None) -> YinziState:
    """A game after the setup draws and starting factories (first option everywhere), at the first bonus."""
    setup: dict[str, Any] = {"players": names, "seed": 1, "rules": CURRENT, "profile": {"overrides": overrides or {}}}
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


# -- arranging the table as an example shows ------------------------------------------------------------
def take_workers(state, p, **where):
    pl = state.players[p]
    for key, n in where.items():
        if key == "tableau":
            pl.tableau = dict(n)
            pl.workers -= sum(n.values())
        elif key == "boxes":
            pl.boxes = dict(n)
            pl.workers -= sum(n.values())
        else:
            setattr(pl, key, n)
            pl.workers -= n

def give_factory(state, p, ware, color, province, level, wares=()):
    state.factories.append(
        {"ware": ware, "color": color, "province": province, "owner": p, "level": level, "wares": list(wares)}
    )
    state.players[p].discs -= level
    for q in wares:
        state.players[q].wares -= 1
    return len(state.factories) - 1

def war_with(workers: list[list[int]], war_values: list[int]):
    state = at_actions(NAMES)
    tiles = box_for(state.overrides).infra.tiles
    for row, value in zip(state.infra_rows, war_values, strict=True):
        row["top"] = next(i for i, t in enumerate(tiles) if t["war"] == value)
    state.war_box = workers
    return state

def refused(state, action, code: str, section: str) -> RuleError:
    unsettle(state)  # the table was arranged by hand: the engine carries on by itself first
    GAME.decision(state)
    before = canonical_bytes(GAME.to_json(state))
    with pytest.raises(RuleError) as err:
        apply(GAME, state, action)
    assert err.value.code == code, err.value
    assert section in err.value.rule, err.value.rule
    assert canonical_bytes(GAME.to_json(state)) == before
    return err.value

def first_turn():
    state = at_actions(NAMES)
    p = state.order[0]
    return state, p, state.players[p].hand[0]

def at_feeding(fields: dict[str, int] | None = None):
    """The round end's feeding (5C) for the first player, with 3 resources in boxes and 3 workers out;
    `fields` (each planted field takes a cube) are set first."""
    state, p, card = first_turn()
    arrange(state, "feeding")
    state.bonus_of = [None] * 3
    pl = state.players[p]
    pl.boxes = {"resources": 3}
    pl.workers -= 3
    if fields:
        pl.fields = fields
        pl.cubes -= sum(fields.values())
    feeding.feed_workers(state)
    return state, card
