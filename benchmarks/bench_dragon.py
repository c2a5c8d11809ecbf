"""In the Year of the Dragon engine speed and size (prints numbers; no assertions).

Same measurements as bench_gugong.py: actions per game, median time per action, undo late in a
game, replay of a complete 5-player game, random 4-player games per second, token size of a
complete 5-player game (one QR code at level M holds 2,331 bytes). Games use both expansions.
"""

from __future__ import annotations

import statistics
import time

from companion.core import Session, apply, codec
from companion.core.playout import playout
from companion.dragon.engine import GAME

NAMES = ["Anna", "Benno", "Clara", "Doro", "Emil"]


def games(n: int, count: int, seed: int = 100, wall: bool = True, super_event: str = "random") -> list:
    return [
        playout(GAME, {"players": NAMES[:n], "seed": seed + i, "great_wall": wall, "super_event": super_event},
                seed + i)
        for i in range(count)
    ]


def main() -> None:
    five = games(5, 20)
    four = games(4, 20)
    base5 = games(5, 20, wall=False, super_event="none")
    print(f"actions per game (both expansions): 4 players {statistics.mean(len(g.log) for g in four):.1f}, "
          f"5 players {statistics.mean(len(g.log) for g in five):.1f}; "
          f"5 players base game {statistics.mean(len(g.log) for g in base5):.1f}")

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
    print(f"complete random 4-player games per second (one core, both expansions): {n / elapsed:.1f}")

    for label, batch in (("both expansions", five), ("base game", base5)):
        tokens = [len(codec.to_token(Session.from_log(GAME, g.setup, g.log))) for g in batch]
        saves = [len(codec.dumps(Session.from_log(GAME, g.setup, g.log)).encode()) for g in batch]
        print(f"token of a complete 5-player game ({label}): max {max(tokens)} bytes, median "
              f"{statistics.median(tokens)} bytes (limit 2331); save file median {statistics.median(saves)} bytes")


if __name__ == "__main__":
    main()
