"""Random bookkeeping playouts: conservation after every action, the exchange die, replay and saves."""

from __future__ import annotations

import pytest

from companion.core import Session, codec
from companion.core.canonical import canonical_bytes
from companion.core.playout import playout
from companion.core.simulate import run_simulation
from companion.yinzi.engine import GAME
from companion.yinzi.exchange import move_die

NAMES = ["Ada", "Bo", "Cai", "Dee"]


def setups(count: int, offset: int = 0):
    for i in range(count):
        n = 2 + (i + offset) % 3
        yield {"players": NAMES[:n], "seed": i + offset}, i + offset


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


def test_exchange_die_moves_at_most_one_field_and_stays_on_the_track():
    """RULES-Y 5F I: higher roll one field right, lower one left, equal stays."""
    for field in range(1, 7):
        for roll in range(1, 7):
            new = move_die(field, roll)
            assert 1 <= new <= 6 and abs(new - field) <= 1
            assert (new > field) == (roll > field) and (new < field) == (roll < field)
    seen = 0
    for setup, seed in setups(6):
        result = playout(GAME, setup, seed)
        history = result.state.die_history
        assert len(history) == 4  # one roll per round, also after the fourth (profile: inferred)
        assert history[0][0] == 2  # the die starts on field 2
        for (a, roll, b), nxt in zip(history, [*history[1:], [result.state.die]], strict=True):
            assert b == move_die(a, roll) and nxt[0] == b
            seen += 1
    assert seen == 24


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
