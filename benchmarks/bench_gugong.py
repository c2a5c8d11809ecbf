"""Gùgōng engine speed and size (prints numbers; no assertions).

Targets (issue 7, 2-core machine): <= 0.3 ms median per action, undo late in a game <= 50 ms,
replay of a complete 5-player game <= 250 ms, >= 5 complete random 4-player games per second
on one core, token of a complete 5-player game <= 2,331 bytes (one QR code, level M).
"""

from __future__ import annotations

import statistics
import time

from companion.core import Session, apply, codec
from companion.core.playout import playout
from companion.gugong.engine import GAME

NAMES = ["Anna", "Lisa", "David", "Sebastian", "Rafaël"]


def games(n: int, count: int, seed: int = 100, policy=None) -> list:
    policies = dict.fromkeys(range(n), policy) if policy else None
    return [playout(GAME, {"players": NAMES[:n], "seed": seed + i, "bonus_tiles": True}, seed + i, policies=policies)
            for i in range(count)]


def active(state, decision, rng):
    """A busier player than uniform random: rarely ends, skips or exchanges without actions."""
    weights = [0.1 if o.get("type") in ("end", "skip") or o.get("how") == "no_action" else 1.0
               for o in decision.options]
    return rng.choices(decision.options, weights=weights, k=1)[0]


def main() -> None:
    five = games(5, 20)
    four = games(4, 20)
    print(f"actions per game: 4 players {statistics.mean(len(g.log) for g in four):.1f}, "
          f"5 players {statistics.mean(len(g.log) for g in five):.1f}")

    times = []
    for g in five[:5]:
        state = GAME.initial_state(g.setup)
        for action in g.log:
            t = time.perf_counter()
            state, _ = apply(GAME, state, action)
            times.append(time.perf_counter() - t)
    print(f"apply one action: median {statistics.median(times) * 1000:.3f} ms, "
          f"p99 {sorted(times)[int(len(times) * 0.99)] * 1000:.3f} ms ({len(times)} actions)")

    undo = []
    for g in five[:5]:
        session = Session.from_log(GAME, g.setup, g.log)
        for _ in range(15):  # the worst case is just after a checkpoint: 15 actions to replay
            t = time.perf_counter()
            session.undo()
            undo.append(time.perf_counter() - t)
    print(f"undo late in a 5-player game: median {statistics.median(undo) * 1000:.2f} ms, "
          f"max {max(undo) * 1000:.2f} ms")

    replay = []
    for g in five:
        t = time.perf_counter()
        Session.from_log(GAME, g.setup, g.log)
        replay.append(time.perf_counter() - t)
    print(f"replay a complete 5-player game: median {statistics.median(replay) * 1000:.1f} ms, "
          f"max {max(replay) * 1000:.1f} ms")

    t = time.perf_counter()
    n = 40
    games(4, n, seed=5000)
    elapsed = time.perf_counter() - t
    print(f"complete random 4-player games per second (one core): {n / elapsed:.1f}")

    tokens = [len(codec.to_token(Session.from_log(GAME, g.setup, g.log))) for g in five]
    print(f"token of a complete 5-player game: max {max(tokens)} bytes, median {statistics.median(tokens)} bytes "
          "(limit 2331)")
    busy = games(5, 10, seed=900, policy=active)
    tokens = [len(codec.to_token(Session.from_log(GAME, g.setup, g.log))) for g in busy]
    print(f"with a busier policy: {statistics.mean(len(g.log) for g in busy):.0f} actions per 5-player game, "
          f"token max {max(tokens)} bytes")


if __name__ == "__main__":
    main()
