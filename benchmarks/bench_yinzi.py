"""Yinzi engine speed and size (prints numbers; no assertions), for 2, 3 and 4 players.

Same measurements as bench_gugong.py (companion.core.bench); Yinzi has at most 4 players.
"""

from __future__ import annotations

from companion.core.bench import report_engine
from companion.yinzi.editions import CURRENT
from companion.yinzi.engine import GAME

NAMES = ["Ada", "Bo", "Cai", "Dee"]


def setup_for(players: int, seed: int) -> dict:
    return {"players": NAMES[:players], "seed": seed, "rules": CURRENT}  # a new game: the current rules


def main() -> None:
    report_engine(GAME, setup_for, max_players=4, rate_players=4, label="4 players")
    report_engine(GAME, setup_for, max_players=3, rate_players=2, label="2 and 3 players")


if __name__ == "__main__":
    main()
