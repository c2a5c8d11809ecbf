"""Many random playouts of one game: completion, invariants, a digest and score statistics.

Every game's `simulate` command reports these same fields, so results compare across games.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
from collections.abc import Callable, Iterable
from typing import Any

from .canonical import canonical_bytes
from .checks import step_violations
from .game import Game
from .playout import Policy, playout


def summarize(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)

    def pct(p: float) -> float:
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))]

    return {
        "mean": round(statistics.fmean(ordered), 3),
        "median": statistics.median(ordered),
        "min": ordered[0],
        "max": ordered[-1],
        "p10": pct(0.10),
        "p90": pct(0.90),
    }


def run_simulation(
    game: Game,
    setups: Iterable[tuple[dict[str, Any], int]],
    check_every_step: bool = True,
    policies: dict[int, Policy] | None = None,
    max_actions: int = 20_000,
) -> dict[str, Any]:
    """Play each (setup, seed); return the common report fields."""
    digest = hashlib.sha256()
    games = completed = actions_total = 0
    violations: list[str] = []
    scores: list[float] = []
    winning: list[float] = []
    finals = []

    for setup, seed in setups:
        games += 1
        if check_every_step:
            captured: list[str] = []

            def on_step(before: Any, before_bytes: bytes, action: Any, after: Any, _c: list[str] = captured) -> None:
                _c.extend(step_violations(game, before, before_bytes, action, after))

            result = playout(game, setup, seed, max_actions=max_actions, policies=policies, on_step=on_step)
            violations.extend(f"game {games}: {v}" for v in captured)
        else:
            result = playout(game, setup, seed, max_actions=max_actions, policies=policies)
        actions_total += len(result.log)
        digest.update(canonical_bytes(game.to_json(result.state)))
        if result.completed:
            completed += 1
            sheet = game.score(result.state)
            scores.extend(sheet.totals)
            if sheet.winners:
                winning.append(sheet.totals[sheet.winners[0]])
            finals.append(sheet)
    return {
        "game": game.name,
        "games": games,
        "completed": completed,
        "invariant_violations": len(violations),
        "violations_sample": violations[:10],
        "actions_total": actions_total,
        "actions_per_game": round(actions_total / games, 1) if games else 0,
        "digest": digest.hexdigest(),
        "scores": summarize(scores),
        "winning_scores": summarize(winning),
    }


def simulation_ok(report: dict[str, Any]) -> bool:
    """Every game ran to its end and no action broke an invariant."""
    return report["invariant_violations"] == 0 and report["completed"] == report["games"]


def simulate_cli(
    argv: list[str],
    parser: argparse.ArgumentParser,
    run: Callable[[argparse.Namespace], dict[str, Any]],
    headline: Callable[[dict[str, Any], argparse.Namespace], str],
    *,
    require_games: bool = True,
    indent: str = "",
    ensure_ascii: bool = True,
    show_violations: bool = False,
) -> int:
    """The body of a game's `simulate_main`.

    `parser` is the game's own (it has at least --games and --json); `run(args)` plays the games and returns
    the report (run_simulation's fields plus the game's own). Prints the report as JSON, or the game's
    headline followed by the common score lines; returns the exit code (0 only if `simulation_ok`).
    """
    args = parser.parse_args(argv)
    if require_games and args.games < 1:
        parser.error("--games must be at least 1")
    report = run(args)
    if args.json:
        print(json.dumps(report, indent=1, ensure_ascii=ensure_ascii))
    else:
        print(headline(report, args))
        print(f"{indent}scores: {report['scores']}")
        print(f"{indent}winning scores: {report['winning_scores']}")
        print(f"{indent}digest: {report['digest']}")
        if show_violations:
            for v in report["violations_sample"]:
                print(f"{indent}violation: {v}")
    return 0 if simulation_ok(report) else 1


def generic_simulate_main(game: Game, argv: list[str]) -> int:
    """Random playouts of any game that has no simulate command of its own: --players, --games, --seed."""
    parser = argparse.ArgumentParser(prog=f"python -m companion simulate {game.name}")
    parser.add_argument("--players", type=int, default=game.min_players,
                        choices=range(game.min_players, game.max_players + 1))
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")

    def run(args: argparse.Namespace) -> dict[str, Any]:
        names = [f"Player {i + 1}" for i in range(args.players)]
        return run_simulation(game, [({"players": names, "seed": args.seed + i}, args.seed + i)
                                     for i in range(args.games)])

    def headline(report: dict[str, Any], args: argparse.Namespace) -> str:
        return (f"{game.name}: {report['completed']}/{report['games']} games completed, "
                f"{report['actions_per_game']} actions per game, {report['invariant_violations']} violations")

    return simulate_cli(argv, parser, run, headline)
