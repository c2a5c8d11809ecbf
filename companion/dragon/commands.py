"""In the Year of the Dragon's command-line parts (see companion/cli.py).

    python -m companion score dragon FILE [--json]             -> score_table(data)
    python -m companion simulate dragon --players N --games G --seed S [--wall]
        [--super-event NAME|random|hidden] [--edition 2017|2007] [--json]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from companion.core.simulate import run_simulation, simulate_cli

from .components import components_for, components_key
from .end_table import score_table
from .engine import GAME
from .setup import MAX_PLAYERS, MIN_PLAYERS

__all__ = ["score_table", "simulate_main"]


def _parser() -> argparse.ArgumentParser:
    supers = components_for(components_key(2, False, "2017", {})).super_events
    parser = argparse.ArgumentParser(prog="python -m companion simulate dragon")
    parser.add_argument("--players", type=int, default=4, choices=range(MIN_PLAYERS, MAX_PLAYERS + 1))
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--wall", action="store_true", help="play with the Great Wall expansion")
    parser.add_argument(
        "--super-event", default="none", choices=("none", "random", "hidden", *supers), help="Super Events expansion"
    )
    parser.add_argument("--edition", default="2017", choices=("2017", "2007"))
    parser.add_argument("--no-checks", action="store_true", help="skip the invariant checks after every action")
    parser.add_argument("--json", action="store_true")
    return parser


def _run(args: argparse.Namespace) -> dict[str, Any]:
    names = [f"Player {i + 1}" for i in range(args.players)]
    setups = [
        (
            {
                "players": names,
                "seed": args.seed + g,
                "great_wall": args.wall,
                "super_event": args.super_event,
                "edition": args.edition,
            },
            args.seed + g,
        )
        for g in range(args.games)
    ]
    start = time.perf_counter()
    report = run_simulation(GAME, setups, check_every_step=not args.no_checks)
    report["options"] = {
        "players": args.players,
        "seed": args.seed,
        "great_wall": args.wall,
        "super_event": args.super_event,
        "edition": args.edition,
    }
    report["seconds"] = round(time.perf_counter() - start, 3)
    return report


def _headline(report: dict[str, Any], args: argparse.Namespace) -> str:
    return (
        f"dragon: {report['completed']}/{report['games']} games completed, "
        f"{report['actions_total']} actions ({report['actions_per_game']} per game), "
        f"{report['invariant_violations']} invariant violations, {report['seconds']} s"
    )


def simulate_main(argv: list[str]) -> int:
    return simulate_cli(argv, _parser(), _run, _headline, require_games=False)
