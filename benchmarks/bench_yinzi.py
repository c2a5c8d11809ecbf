"""Yinzi engine speed: actions per game, time per action, replay, games per second (prints numbers only)."""

from __future__ import annotations

import statistics
import time

from companion.core import Session, codec
from companion.core.playout import playout
from companion.yinzi.engine import GAME

NAMES = ["Ada", "Bo", "Cai", "Dee"]
GAMES = 20


def main() -> None:
    for n in (2, 3, 4):
        setups = [{"players": NAMES[:n], "seed": s} for s in range(GAMES)]
        start = time.perf_counter()
        results = [playout(GAME, setup, setup["seed"]) for setup in setups]
        elapsed = time.perf_counter() - start
        actions = [len(r.log) for r in results]
        total = sum(actions)
        start = time.perf_counter()
        for setup, r in zip(setups, results, strict=True):
            Session.from_log(GAME, setup, r.log)
        replay = time.perf_counter() - start
        session = Session.from_log(GAME, setups[0], results[0].log)
        token = codec.to_token(session)
        save = codec.dumps(session)
        print(
            f"yinzi {n}p: {GAMES} games, {statistics.mean(actions):.0f} actions/game "
            f"(min {min(actions)}, max {max(actions)}), {1e6 * elapsed / total:.0f} µs/action, "
            f"{GAMES / elapsed:.1f} games/s; replay {1000 * replay / GAMES:.0f} ms/game "
            f"({1e6 * replay / total:.0f} µs/action); token {len(token)} chars, save {len(save)} bytes"
        )


if __name__ == "__main__":
    main()
