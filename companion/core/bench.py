"""The engine measurements every game's benchmark prints (numbers only, no assertions).

Apply time per action, undo late in a game, replay of a complete game, random games per
second, and the size of a complete game's save token (one QR code at level M holds 2,331 bytes).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from . import codec
from .game import Game, apply
from .playout import Playout, Policy, playout
from .session import CHECKPOINT_EVERY, Session

QR_LIMIT_BYTES = 2331

SetupFor = Callable[[int, int], dict[str, Any]]  # (players, seed) -> setup


def play(game: Game, setup_for: SetupFor, players: int, count: int, seed: int = 100,
         policy: Policy | None = None) -> list[Playout]:
    policies = dict.fromkeys(range(players), policy) if policy else None
    return [playout(game, setup_for(players, seed + i), seed + i, policies=policies) for i in range(count)]


def apply_times(game: Game, games: list[Playout]) -> list[float]:
    times = []
    for g in games:
        state = game.initial_state(g.setup)
        for action in g.log:
            t = time.perf_counter()
            state, _ = apply(game, state, action)
            times.append(time.perf_counter() - t)
    return times


def undo_times(game: Game, games: list[Playout]) -> list[float]:
    times = []
    for g in games:
        session = Session.from_log(game, g.setup, g.log)
        for _ in range(CHECKPOINT_EVERY - 1):  # worst case: just after a checkpoint
            t = time.perf_counter()
            session.undo()
            times.append(time.perf_counter() - t)
    return times


def replay_times(game: Game, games: list[Playout]) -> list[float]:
    times = []
    for g in games:
        t = time.perf_counter()
        Session.from_log(game, g.setup, g.log)
        times.append(time.perf_counter() - t)
    return times


def token_sizes(game: Game, games: list[Playout]) -> list[int]:
    return [len(codec.to_token(Session.from_log(game, g.setup, g.log))) for g in games]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f} ms"


def report_engine(game: Game, setup_for: SetupFor, label: str = "", max_players: int = 5,
                  rate_players: int = 4, sample: int = 20) -> dict[str, float]:
    """Print the standard numbers for `game`; returns them too (for the closing notes)."""
    tag = f" ({label})" if label else ""
    big = play(game, setup_for, max_players, sample)
    mid = play(game, setup_for, rate_players, sample)
    out: dict[str, float] = {
        "actions_per_game_mid": statistics.mean(len(g.log) for g in mid),
        "actions_per_game_max": statistics.mean(len(g.log) for g in big),
    }
    sizes = {rate_players: out["actions_per_game_mid"], max_players: out["actions_per_game_max"]}
    print(f"actions per game{tag}: " + ", ".join(f"{n} players {a:.1f}" for n, a in sorted(sizes.items())))
    times = apply_times(game, big[:5])
    out["apply_median_ms"] = statistics.median(times) * 1000
    print(f"apply one action: median {ms(statistics.median(times))}, "
          f"p99 {ms(sorted(times)[int(len(times) * 0.99)])} ({len(times)} actions)")
    undo = undo_times(game, big[:5])
    out["undo_max_ms"] = max(undo) * 1000
    print(f"undo late in a {max_players}-player game: median {ms(statistics.median(undo))}, max {ms(max(undo))}")
    replay = replay_times(game, big)
    out["replay_median_ms"] = statistics.median(replay) * 1000
    print(f"replay a complete {max_players}-player game: median {ms(statistics.median(replay))}, "
          f"max {ms(max(replay))}")
    n = 40
    t = time.perf_counter()
    play(game, setup_for, rate_players, n, seed=5000)
    out["games_per_second"] = n / (time.perf_counter() - t)
    print(f"complete random {rate_players}-player games per second (one core): {out['games_per_second']:.1f}")
    tokens = token_sizes(game, big)
    out["token_max_bytes"] = max(tokens)
    print(f"token of a complete {max_players}-player game: max {max(tokens)} bytes, "
          f"median {statistics.median(tokens)} bytes (limit {QR_LIMIT_BYTES})")
    return out
