"""In the Year of the Dragon engine speed and size (prints numbers; no assertions).

Same measurements as bench_gugong.py (companion.core.bench), with both expansions and with the
base game; also the save-file size.
"""

from __future__ import annotations

import statistics

from companion.core import Session, codec
from companion.core.bench import play, report_engine
from companion.dragon.engine import GAME

NAMES = ["Anna", "Benno", "Clara", "Doro", "Emil"]


def expansions(players: int, seed: int) -> dict:
    return {"players": NAMES[:players], "seed": seed, "great_wall": True, "super_event": "random"}


def base(players: int, seed: int) -> dict:
    return {"players": NAMES[:players], "seed": seed, "great_wall": False, "super_event": "none"}


def main() -> None:
    report_engine(GAME, expansions, label="both expansions")
    report_engine(GAME, base, label="base game")
    saves = [len(codec.dumps(Session.from_log(GAME, g.setup, g.log)).encode()) for g in play(GAME, base, 5, 10)]
    print(f"save file of a complete 5-player game: median {statistics.median(saves)} bytes")


if __name__ == "__main__":
    main()
