"""Gùgōng engine speed and size (prints numbers; no assertions).

Targets (issue 7, 2-core machine): <= 0.3 ms median per action, undo late in a game <= 50 ms,
replay of a complete 5-player game <= 250 ms, >= 5 complete random 4-player games per second
on one core, token of a complete 5-player game <= 2,331 bytes (one QR code, level M).
"""

from __future__ import annotations

import statistics

from companion.core.bench import play, report_engine, token_sizes
from companion.gugong.engine import GAME

NAMES = ["Anna", "Lisa", "David", "Sebastian", "Rafaël"]


def setup_for(players: int, seed: int) -> dict:
    return {"players": NAMES[:players], "seed": seed, "bonus_tiles": True}


def active(state, decision, rng):
    """A busier player than uniform random: rarely ends, skips or exchanges without actions."""
    weights = [0.1 if o.get("type") in ("end", "skip") or o.get("how") == "no_action" else 1.0
               for o in decision.options]
    return rng.choices(decision.options, weights=weights, k=1)[0]


def main() -> None:
    report_engine(GAME, setup_for)
    busy = play(GAME, setup_for, 5, 10, seed=900, policy=active)
    print(f"with a busier policy: {statistics.mean(len(g.log) for g in busy):.0f} actions per 5-player game, "
          f"token max {max(token_sizes(GAME, busy))} bytes")


if __name__ == "__main__":
    main()
