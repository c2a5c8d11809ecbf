"""State copies (companion.core.copies): time per copy of each game's state, beside pickle (prints numbers only).

Every applied action copies the state once, so this is a floor under apply/undo/replay (bench_gugong, bench_dragon,
bench_yinzi, bench_meng print those). States are taken every 5 actions of one seeded game per engine.

    .venv/bin/python benchmarks/bench_copies.py [--repeat 50]
"""

from __future__ import annotations

import argparse
import pickle
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.core import copies
from companion.core.game import apply
from companion.core.playout import playout
from companion.core.registry import get_game

NAMES = ["Anna", "Benno", "Clara", "Doro"]
SETUPS = {
    "gugong": {"players": NAMES, "bonus_tiles": True},
    "gugong-solo": {"players": NAMES[:1], "difficulty": "normal"},
    "dragon": {"players": NAMES, "great_wall": True, "super_event": "random"},
    "yinzi": {"players": NAMES},
}


def states(name: str, seed: int = 3) -> tuple[Any, list[Any]]:
    game = get_game(name)
    played = playout(game, {**SETUPS[name], "seed": seed}, seed)
    state, out = game.initial_state(played.setup), []
    for i, action in enumerate(played.log):
        state, _ = apply(game, state, action)
        if i % 5 == 0:
            out.append(state)
    return game, out


def per_copy_us(copy: Callable[[Any], Any], sample: list[Any], repeat: int) -> float:
    """Median over the sample of the mean time of `repeat` copies of one state, in microseconds."""
    times = []
    for state in sample:
        t = time.perf_counter()
        for _ in range(repeat):
            copy(state)
        times.append((time.perf_counter() - t) / repeat * 1e6)
    return statistics.median(times)


def pickled(state: Any) -> Any:
    return pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=50)
    repeat = parser.parse_args().repeat
    for name in SETUPS:
        game, sample = states(name)
        engine = per_copy_us(game.clone, sample, repeat)
        generated = per_copy_us(copies.copy, sample, repeat)
        slow = per_copy_us(pickled, sample, repeat)
        print(f"{name}: {len(sample)} states; per copy median: engine's clone {engine:.1f} us, "
              f"core.copies {generated:.1f} us, pickle {slow:.1f} us")


if __name__ == "__main__":
    main()
