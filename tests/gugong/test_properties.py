"""Random legal playouts for 2-5 players, with and without bonus tiles and the expert variant.

After every action (companion.core.checks.step_violations + the engine's invariants): apply did
not mutate its input; the pending decision has at least one option until the game ends; each
player's 12 servants and double servant, the jade, the 38 gift cards and the 32 travel tiles are
all accounted for. After each game: replaying the log reproduces the final state and several
intermediate states byte for byte, and save -> load and token -> load round-trip.
40 games run in `make test`; the soak test plays 2,000 (`make soak`).
"""

from __future__ import annotations

import random

import pytest

from companion.core import Session, codec
from companion.core.canonical import canonical_bytes
from companion.core.checks import step_violations
from companion.core.playout import playout
from companion.gugong.engine import GAME

from .fixtures import draw_setup

CONFIGS = [(n, bonus, expert) for n in (2, 3, 4, 5) for bonus in (False, True) for expert in (False, True)]
NAMES = ["Anna", "Lisa", "David", "Sebastian", "Rafaël"]


def play_and_check(n: int, bonus: bool, expert: bool, seed: int, deep: bool = True) -> int:
    setup = {"players": NAMES[:n], "seed": seed, "bonus_tiles": bonus, "expert": expert}
    problems: list[str] = []
    snapshots: dict[int, bytes] = {}
    pick = random.Random(seed)
    sample = set()

    def on_step(before, before_bytes, action, after) -> None:
        problems.extend(step_violations(GAME, before, before_bytes, action, after))
        step = len(snapshots_log) + 1
        snapshots_log.append(action)
        if step in sample:
            snapshots[step] = canonical_bytes(GAME.to_json(after))

    snapshots_log: list = []
    sample.update(pick.sample(range(1, 150), 3))
    result = playout(GAME, setup, seed, on_step=on_step)
    assert result.completed, f"game did not end ({len(result.log)} actions)"
    assert problems == [], problems[:5]
    final = canonical_bytes(GAME.to_json(result.state))
    session = Session.from_log(GAME, result.setup, result.log)
    assert canonical_bytes(GAME.to_json(session.state)) == final
    assert session.is_over
    if deep:
        for step, expected in snapshots.items():
            replayed = Session.from_log(GAME, result.setup, result.log[:step])
            assert canonical_bytes(GAME.to_json(replayed.state)) == expected, f"replay differs at step {step}"
        loaded = codec.loads(codec.dumps(session))
        assert canonical_bytes(GAME.to_json(loaded.state)) == final
        from_token = codec.from_token(codec.to_token(session))
        assert canonical_bytes(GAME.to_json(from_token.state)) == final
        sheet = GAME.score(session.state)
        assert sheet.final and len(sheet.totals) == n
    return len(result.log)


@pytest.mark.parametrize("seed", range(40))
def test_random_playouts_keep_every_invariant(seed: int) -> None:
    n, bonus, expert = CONFIGS[seed % len(CONFIGS)]
    play_and_check(n, bonus, expert, 1000 + seed)


@pytest.mark.soak
@pytest.mark.parametrize("config", CONFIGS, ids=[f"{n}p-bonus{int(b)}-expert{int(e)}" for n, b, e in CONFIGS])
def test_soak_2000_random_playouts(config: tuple[int, bool, bool]) -> None:
    n, bonus, expert = config
    games = 2000 // len(CONFIGS)  # 125 per configuration, 2,000 in all
    for i in range(games):
        play_and_check(n, bonus, expert, 50_000 + 1000 * CONFIGS.index(config) + i, deep=i % 10 == 0)


def test_undo_late_in_a_game_restores_every_earlier_state() -> None:
    result = playout(GAME, {"players": NAMES[:4], "seed": 5}, 5)
    session = Session.from_log(GAME, result.setup, result.log)
    states = []
    replay = Session.new(GAME, result.setup)
    for action in result.log:
        states.append(canonical_bytes(GAME.to_json(replay.state)))
        replay.act(action)
    for i in range(len(result.log) - 1, len(result.log) - 40, -1):
        session.undo()
        assert canonical_bytes(GAME.to_json(session.state)) == states[i]
    for _ in range(39):
        session.redo()
    assert canonical_bytes(GAME.to_json(session.state)) == canonical_bytes(GAME.to_json(result.state))


def test_token_of_a_complete_five_player_game_fits_one_qr_code() -> None:
    """QR code, error correction M, binary: at most 2,331 bytes."""
    sizes = []
    for seed in range(6):
        result = playout(GAME, {"players": NAMES, "seed": seed, "bonus_tiles": True, "expert": seed % 2 == 0}, seed)
        token = codec.to_token(Session.from_log(GAME, result.setup, result.log))
        sizes.append(len(token.encode("ascii")))
    assert max(sizes) <= 2331, sizes


def test_table_entry_with_seeded_app_rolls_replays_identically() -> None:
    """Chance steps resolved by the app's seeded RNG are ordinary log entries: a replay needs no RNG."""
    session = Session.new(GAME, {"players": NAMES[:3], "seed": 11})
    draw_setup(session)  # the app draws, the table enters the start hands
    replay = Session.from_log(GAME, session.setup, list(session.log))
    assert canonical_bytes(GAME.to_json(replay.state)) == canonical_bytes(GAME.to_json(session.state))
    assert session.decision.kind == "gugong.turn"
