"""Random bookkeeping playouts: conservation after every action, the exchange die, replay and saves."""

from __future__ import annotations

import pytest

from companion.core import Session, codec
from companion.core.canonical import canonical_bytes
from companion.core.playout import playout
from companion.core.simulate import run_simulation
from companion.yinzi.editions import CURRENT
from companion.yinzi.engine import GAME

NAMES = ["Ada", "Bo", "Cai", "Dee"]


def setups(count: int, offset: int = 0):
    for i in range(count):
        n = 2 + (i + offset) % 3
        yield {"players": NAMES[:n], "seed": i + offset, "rules": CURRENT}, i + offset


def _check(report):
    assert report["completed"] == report["games"]
    assert report["invariant_violations"] == 0, report["violations_sample"]


def test_random_playouts_conserve_everything_sample():
    """Coins, silver, wood, stone, discs, workers, cubes and wares are conserved after every action;
    apply never mutates its input; every decision has an option (core step checks + engine invariants)."""
    _check(run_simulation(GAME, setups(24)))


@pytest.mark.soak
def test_random_playouts_conserve_everything_soak():
    _check(run_simulation(GAME, setups(1000, offset=100)))


def test_replay_is_identical_and_saves_round_trip():
    setup = {"players": NAMES[:3], "seed": 5}
    result = playout(GAME, setup, 5)
    assert result.completed
    replay = Session.from_log(GAME, setup, result.log)
    assert canonical_bytes(GAME.to_json(replay.state)) == canonical_bytes(GAME.to_json(result.state))
    loaded = codec.loads(codec.dumps(replay))
    assert canonical_bytes(GAME.to_json(loaded.state)) == canonical_bytes(GAME.to_json(result.state))
    token = codec.to_token(replay)
    again = codec.from_token(token)
    assert canonical_bytes(GAME.to_json(again.state)) == canonical_bytes(GAME.to_json(result.state))
    assert GAME.score(again.state).to_dict() == GAME.score(result.state).to_dict()


def test_undo_redo_mid_game():
    setup = {"players": NAMES[:2], "seed": 3}
    result = playout(GAME, setup, 3)
    session = Session.from_log(GAME, setup, result.log[:150])
    before = canonical_bytes(GAME.to_json(session.state))
    for _ in range(20):
        session.undo()
    for _ in range(20):
        session.redo()
    assert canonical_bytes(GAME.to_json(session.state)) == before


def test_seeded_chance_is_reproducible():
    a = Session.new(GAME, {"players": NAMES[:4], "seed": 9})
    b = Session.new(GAME, {"players": NAMES[:4], "seed": 9})
    a.resolve_all_chance()
    b.resolve_all_chance()
    assert a.log == b.log and len(a.log) > 20
