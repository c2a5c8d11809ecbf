"""Gùgōng's command-line parts (see companion/cli.py).

python -m companion score gugong FILE [--json]       -> score_table(data)
python -m companion simulate gugong --players N --games G --seed S [--bonus-tiles] [--expert] [--json]
    -> simulate_main(argv): random legal playouts through the engine, checking the contract and the
       conservation invariants after every action (companion.core.simulate.run_simulation).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from companion.core import box
from companion.core.scoring import ScoreSheet
from companion.core.simulate import run_simulation, simulate_cli

from .end_table import load_end_table
from .engine import GAME
from .scoring import final_score

NAMES = ("Anna", "Lisa", "David", "Sebastian", "Rafaël")


def score_table(data: dict[str, Any]) -> ScoreSheet:
    """Score a documented end-of-game table (docs/gugong-end-table.md).

    Called through the manifest, the JSON was checked against data/schemas/gugong-end-table.schema.json by the
    one end-table check (companion.core.end_table); here for consistency: EndTableError lists every problem found.
    """
    profile = box.profile("gugong")
    return final_score(load_end_table(data, profile), profile)


def setups(players: int, games: int, seed: int, bonus: bool, expert: bool) -> list[tuple[dict[str, Any], int]]:
    return [
        ({"players": list(NAMES[:players]), "seed": seed + i, "bonus_tiles": bonus, "expert": expert}, seed + i)
        for i in range(games)
    ]


def simulate(players: int, games: int, seed: int, bonus: bool = False, expert: bool = False,
             check: bool = True) -> dict[str, Any]:
    started = time.perf_counter()
    report = run_simulation(GAME, setups(players, games, seed, bonus, expert), check_every_step=check)
    report.update({
        "players": players,
        "seed": seed,
        "bonus_tiles": bonus,
        "expert": expert,
        "checked_every_step": check,
        "seconds": round(time.perf_counter() - started, 3),
    })
    return report


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m companion simulate gugong",
                                     description="Random legal Gùgōng playouts with invariant checks.")
    parser.add_argument("--players", type=int, default=4, choices=range(GAME.min_players, GAME.max_players + 1),
                        metavar="N")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bonus-tiles", action="store_true", help="play with the bonus travel tiles")
    parser.add_argument("--expert", action="store_true", help="expert variant card setup")
    parser.add_argument("--no-check", action="store_true", help="skip the per-action checks (faster)")
    parser.add_argument("--json", action="store_true")
    return parser


def _headline(report: dict[str, Any], args: argparse.Namespace) -> str:
    return (f"gugong: {report['completed']}/{report['games']} games completed, {args.players} players, "
            f"{report['actions_per_game']} actions per game, {report['invariant_violations']} invariant "
            f"violations, {report['seconds']} s")


def simulate_main(argv: list[str]) -> int:
    def run(args: argparse.Namespace) -> dict[str, Any]:
        return simulate(args.players, args.games, args.seed, args.bonus_tiles, args.expert, not args.no_check)

    return simulate_cli(argv, _parser(), run, _headline, indent="  ", ensure_ascii=False, show_violations=True)
