"""Solo Gùgōng against Meng: simulation speed and Meng's score per difficulty.

Plays 1,000 solo games (split over the three difficulties) against the random opponent through the
engine, without the per-action invariant checks (the tests do those), on one core, and prints games
per second and the score table per difficulty; then a smaller greedy-opponent sample (a stronger
yardstick, companion/gugong/solo/opponents.py). Scores rest on the box profile's placeholder facts
(card table, Automa split, jade prices, map): compare them with real games only after a box check.

    .venv/bin/python benchmarks/bench_meng.py [--games 1000] [--greedy 150] [--seed 1]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.gugong.solo.commands import simulate, table, table_text
from companion.gugong.solo.engine import DIFFICULTIES


def run(games: int, opponent: str, seed: int) -> None:
    per = [games // len(DIFFICULTIES) + (1 if i < games % len(DIFFICULTIES) else 0) for i in range(len(DIFFICULTIES))]
    started = time.perf_counter()
    reports = [simulate(d, n, seed, opponent, check=False) for d, n in zip(DIFFICULTIES, per, strict=True)]
    seconds = time.perf_counter() - started
    done = sum(r["completed"] for r in reports)
    actions = sum(r["actions_total"] for r in reports)
    print(f"{done}/{games} solo games vs {opponent} in {seconds:.1f} s: {done / seconds:.1f} games/s, "
          f"{actions / seconds:,.0f} actions/s")
    print(table_text(table(reports)))
    print()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--greedy", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    run(args.games, "random", args.seed)
    if args.greedy:
        run(args.greedy, "greedy", args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
