"""Random playouts checked step by step: every change of the public board is named by an instruction of
that step, and no instruction names what did not change (companion.core.instructions.Board).

Used by the per-game tests (tests/<game>/test_instructions_cover_board.py) and by the core test below.
The setup checklist (manifest.setup_instructions) counts as said for the steps before the first decision
a person takes: the engine lays out what it describes while it draws the setup.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from companion.core.chance import pick
from companion.core.game import apply
from companion.core.instructions import Board, Instruction
from companion.core.manifest import Manifest
from companion.core.registry import manifest

NAMES = ("Anna", "Ben", "Cleo", "Dora", "Emil")


@dataclass
class Gap:
    seed: int
    step: int
    action: dict[str, Any]
    events: list[str]
    unnamed: set[str] = field(default_factory=set)
    needless: list[str] = field(default_factory=list)


def board_of(m: Manifest) -> Board:
    """The Board of a game: its instructions module's BOARD (solo: Gùgōng's own board)."""
    module = importlib.import_module(m.instructions.__module__)
    board = getattr(module, "BOARD", None)
    return board if board is not None else importlib.import_module("companion.gugong.instructions").BOARD


def cover(game: str, players: int, options: dict[str, Any], seed: int, max_steps: int = 6000) -> tuple[int, list[Gap]]:
    """One seeded random playout; the number of steps checked and every gap found."""
    m = manifest(game)
    board = board_of(m)
    players_in = [{"name": n, "colour": c} for n, c in zip(NAMES[:players], m.colours({}), strict=False)]
    setup = m.engine.normalize_setup(m.setup_for(players_in, options, seed))
    laid_out = [t for i in m.setup_instructions(setup) for t in i.touches]
    state, rng, gaps, steps = m.engine.initial_state(setup), random.Random(seed), [], 0
    before = m.view(state)
    in_setup = True
    for steps in range(1, max_steps + 1):
        decision = m.engine.decision(state)
        if decision is None:
            break
        in_setup = in_setup and decision.is_chance
        action = pick(decision, rng)
        state, events = apply(m.engine, state, action)
        after = m.view(state)
        said = m.instructions(events)
        if in_setup and laid_out:
            said = [*said, Instruction("setup", touches=tuple(laid_out))]
        unnamed, needless = board.check(board.changes(before, after), said)
        needless = [i for i in needless if i.code != "setup"]
        if unnamed or needless:
            gaps.append(Gap(seed, steps, action, [e.code for e in events], unnamed,
                            [f"{i.code} {i.touches}" for i in needless]))
        before = after
    return steps, gaps


def check_games(game: str, players: int, options: dict[str, Any], seeds: range) -> int:
    """Play `seeds`; fail with the first gaps found; return the steps checked."""
    total, found = 0, []
    for seed in seeds:
        steps, gaps = cover(game, players, options, seed)
        total += steps
        found += gaps
    assert not found, "\n".join(f"seed {g.seed} step {g.step} {g.events}: unnamed {sorted(g.unnamed)}, "
                                f"needless {g.needless}" for g in found[:5])
    return total


def playout_tests(game: str, cases: list[tuple[int, dict[str, Any]]], soak_seeds: range) -> tuple[Callable, Callable]:
    """The two playout tests of a game's test_instructions_cover_board.py: one seed per case in make test (more
    than 100 steps checked), `soak_seeds` per case under the soak marker (more than 1,000)."""

    @pytest.mark.parametrize("players,options", cases)
    def test_a_playout_tells_every_board_change(players, options):
        assert check_games(game, players, options, range(1)) > 100

    @pytest.mark.soak
    @pytest.mark.parametrize("players,options", cases)
    def test_many_playouts_tell_every_board_change(players, options):
        assert check_games(game, players, options, soak_seeds) > 1000

    return test_a_playout_tells_every_board_change, test_many_playouts_tell_every_board_change
