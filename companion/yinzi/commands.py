"""CLI parts for Yinzi: the quick-score pad (`score yinzi FILE`) and random bookkeeping playouts."""

from __future__ import annotations

import argparse
from typing import Any

from companion.core import ScoreSheet
from companion.core.end_table import refuse
from companion.core.simulate import run_simulation, simulate_cli

from . import components, editions
from .components import RATES
from .engine import GAME
from .scoring import PadEntry, pad_sheet

PAD_FIELDS = (
    "boat_level",
    "market_vp",
    "ambassadors",
    "wares_waiting",
    "war_4",
    "war_2",
    "infrastructure_vp",
    "silver",
    "copper",
    "misfortune",
)


def score_table(data: dict[str, Any]) -> ScoreSheet:
    """The pad for an untracked game, from the documented end-of-game table (docs/yinzi-end-table.md); its shape
    and different names were checked before by the one end-table check (companion.core.end_table, run by the
    manifest's `score_table`)."""
    names = [p["name"] for p in data["players"]]
    order_names = data.get("turn_order")
    if order_names is not None and sorted(order_names) != sorted(names):
        raise refuse("turn_order", "The turn order of the table must list every player once.", where="turn_order")
    order = [names.index(n) for n in order_names] if order_names else None
    rate, notes = table_rate(data)
    entries = [
        PadEntry(
            name=p["name"],
            factories=list(p.get("factories", [])),
            progress=dict(p.get("progress", {})),
            **{k: p.get(k, 0) for k in PAD_FIELDS},
        )
        for p in data["players"]
    ]
    # a rate read off the box's placeholder track (the note says so) marks the silver row
    on_rate = [[RATES] if p.copper > 0 else [] for p in entries] if notes else []
    sheet = pad_sheet(GAME.name, entries, rate, order, marks={"yinzi": on_rate})
    sheet.notes = notes + sheet.notes
    if order is None:
        _ask_turn_order_on_a_tie(names, sheet.totals)
    return sheet


def _ask_turn_order_on_a_tie(names: list[str], totals: list[float]) -> None:
    """Tied totals are decided by the last round's turn order (Y 1015), which only the table knows: ask for it."""
    tied = [n for n, t in zip(names, totals, strict=True) if totals.count(t) > 1]
    if tied:
        raise refuse(
            "turn_order_needed",
            f"Yinzi end table: {', '.join(tied)} have the same total; give turn_order, the player names in the last "
            "round's turn order (earliest first), which decides the tie.",
            where="turn_order", names=", ".join(tied),
        )


def table_rate(data: dict[str, Any], overrides: dict[str, Any] | None = None) -> tuple[int, list[dict[str, Any]]]:
    """The end table's copper-per-silver rate (given, or the die's field on the owner's track), with a
    note when it is a placeholder value of the box profile."""
    if "exchange_rate" in data:
        return data["exchange_rate"], []
    if "exchange_rates" in data:
        return data["exchange_rates"][data["exchange_field"] - 1], []
    box = components.for_overrides(overrides)
    rate = box.rate(data["exchange_field"])
    fact = box.profile.fact("exchange.rates")
    if fact.verified:
        return rate, []
    text = f"The rate {rate} is a placeholder ({fact.status}): enter the printed value."
    return rate, [{"code": "yinzi.rate_unverified", "params": {"rate": rate}, "text": text}]


def _simulate_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m companion simulate yinzi", description="Random legal playouts of the Yinzi bookkeeping."
    )
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-checks", action="store_true", help="skip the per-action invariant checks")
    parser.add_argument("--json", action="store_true")
    return parser


def _simulate(args: argparse.Namespace) -> dict[str, Any]:
    names = [f"P{i + 1}" for i in range(args.players)]
    setups = (({"players": names, "seed": args.seed + i, "rules": editions.CURRENT}, args.seed + i)
              for i in range(args.games))
    report = run_simulation(GAME, setups, check_every_step=not args.no_checks)
    report["players"] = args.players
    report["seed"] = args.seed
    return report


def _headline(report: dict[str, Any], args: argparse.Namespace) -> str:
    return (
        f"yinzi: {report['completed']}/{report['games']} games completed, "
        f"{report['actions_per_game']} actions per game, {report['invariant_violations']} invariant violations"
    )


def simulate_main(argv: list[str]) -> int:
    return simulate_cli(argv, _simulate_parser(), _simulate, _headline)
