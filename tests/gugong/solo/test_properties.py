"""Property tests: whole solo games with the engine's invariants after every action, reproducibility, undo
across a dusk, saves and tokens."""

from __future__ import annotations

import random

import pytest

from companion.core import codec
from companion.core.canonical import canonical_bytes
from companion.core.chance import pick
from companion.core.session import Session
from companion.gugong.solo.commands import simulate
from companion.gugong.solo.engine import DIFFICULTIES, GAME


def _check(difficulty: str, games: int, opponent: str = "random") -> None:
    report = simulate(difficulty, games, seed=1000, opponent=opponent)
    assert report["completed"] == games, report
    assert report["invariant_violations"] == 0, report["violations_sample"]


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_solo_games_keep_the_invariants(difficulty):
    _check(difficulty, 25)


def test_greedy_opponent_games_keep_the_invariants():
    _check("normal", 8, "greedy")


@pytest.mark.soak
@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_a_thousand_solo_games_per_difficulty(difficulty):
    _check(difficulty, 1000)


def _play(seed: int, difficulty: str = "normal") -> Session:
    s = Session.new(GAME, {"players": ["Anna"], "difficulty": difficulty, "seed": seed})
    rng = random.Random(seed)
    while (d := s.decision) is not None:
        if d.hidden:  # what the table holds (a start hand, a harbour draw): entered as a table would
            s.act(d.options[0])
        elif d.is_chance:
            s.resolve_chance()
        else:
            s.act(pick(d, rng))
    return s


def test_same_seed_gives_the_identical_game():
    a, b = _play(7, "hard"), _play(7, "hard")
    assert a.log == b.log
    assert canonical_bytes(GAME.to_json(a.state)) == canonical_bytes(GAME.to_json(b.state))
    assert _play(8, "hard").log != a.log


def test_undo_across_a_dusk_restores_the_state_exactly():
    s = _play(3)
    replay = Session.new(GAME, s.setup)
    dusk_at = None
    for i, action in enumerate(s.log):
        events = replay.act(action)
        if any(e.code == "meng.event.dusk.start" for e in events):
            dusk_at = i
            break
    assert dusk_at is not None
    before = canonical_bytes(GAME.to_json(Session.from_log(GAME, s.setup, s.log[:dusk_at]).state))
    for _ in range(3):  # a few steps past the dusk, then back
        if replay.decision is not None:
            replay.resolve_chance() if replay.decision.is_chance else replay.act(replay.decision.options[0])
    while len(replay.log) > dusk_at:
        replay.undo()
    assert canonical_bytes(GAME.to_json(replay.state)) == before


def test_save_and_token_round_trip():
    s = _play(5, "easy")
    loaded = codec.loads(codec.dumps(s))
    assert loaded.log == s.log
    again = codec.from_token(codec.to_token(s))
    assert canonical_bytes(GAME.to_json(again.state)) == canonical_bytes(GAME.to_json(s.state))
