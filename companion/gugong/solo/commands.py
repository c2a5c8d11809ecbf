"""`python -m companion simulate gugong-solo --difficulty easy|normal|hard --games N --seed S
--opponent random|greedy [--json] [--csv FILE]`.

Plays Meng against a random or a simple greedy opponent (companion/gugong/solo/opponents.py) through
the solo engine, checking the engine contract and the invariants after every action, and reports
Meng's and the opponent's score distribution (mean, median, p10, p90, win rate) per difficulty as a
plain table, plus the common simulate fields (games, completed, invariant_violations, actions_total,
digest, scores, winning_scores). Several difficulties may be given (`--difficulty easy hard`).
"""

from __future__ import annotations

import argparse
import csv
import json
import statistics
import time
from typing import Any

from companion.core.errors import SetupError
from companion.core.profile import MAX_PROFILE_BYTES, import_profile
from companion.core.scoring import ScoreSheet
from companion.core.simulate import run_simulation, simulation_ok

from .engine import DIFFICULTIES, MENG_SEAT, GugongSolo
from .opponents import OPPONENTS

HUMAN_SEAT = 0


def setups(difficulty: str, games: int, seed: int, night_rule: str = "as_if",
           profile: dict[str, Any] | None = None) -> list[tuple[dict[str, Any], int]]:
    """`profile`: an owner's box profile ({"overrides": ..., "seen": [...]}) to calibrate Meng on."""
    extra = {"profile": profile} if profile else {}
    return [({"players": ["Anna"], "difficulty": difficulty, "night_rule": night_rule, "seed": seed + i, **extra},
             seed + i) for i in range(games)]


def _stats(values: list[float], wins: int, games: int) -> dict[str, float]:
    ordered = sorted(values)

    def pct(p: float) -> float:
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else 0.0

    return {
        "mean": round(statistics.fmean(ordered), 2) if ordered else 0.0,
        "median": statistics.median(ordered) if ordered else 0.0,
        "p10": pct(0.10),
        "p90": pct(0.90),
        "win_rate": round(wins / games, 3) if games else 0.0,
    }


class _Recorder(GugongSolo):
    """The solo engine, keeping the final score sheet of each game run_simulation scores."""

    def __init__(self) -> None:
        self.sheets: list[ScoreSheet] = []

    def score(self, state: Any) -> ScoreSheet:
        sheet = super().score(state)
        self.sheets.append(sheet)
        return sheet


def simulate(difficulty: str, games: int, seed: int, opponent: str = "random", check: bool = True,
             night_rule: str = "as_if", profile: dict[str, Any] | None = None) -> dict[str, Any]:
    """One difficulty: the common simulate report plus per-seat score statistics."""
    started = time.perf_counter()
    game = _Recorder()
    report = run_simulation(game, setups(difficulty, games, seed, night_rule, profile), check_every_step=check,
                            policies={HUMAN_SEAT: OPPONENTS[opponent]})
    finals = game.sheets
    meng = [s.totals[MENG_SEAT] for s in finals]
    human = [s.totals[HUMAN_SEAT] for s in finals]
    meng_wins = sum(1 for s in finals if MENG_SEAT in s.winners and len(s.winners) == 1)
    human_wins = sum(1 for s in finals if HUMAN_SEAT in s.winners and len(s.winners) == 1)
    report.update({
        "difficulty": difficulty,
        "opponent": opponent,
        "night_rule": night_rule,
        "seed": seed,
        "checked_every_step": check,
        "meng": _stats(meng, meng_wins, len(finals)),
        "human": _stats(human, human_wins, len(finals)),
        "human_in_palace": round(sum(1 for s in finals if s.eligible[HUMAN_SEAT]) / len(finals), 3) if finals else 0,
        "seconds": round(time.perf_counter() - started, 3),
    })
    return report


def table(reports: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The score table per difficulty: one row per (difficulty, seat), as plain records (no pandas in an engine)."""
    rows = []
    for r in reports:
        for seat in ("meng", "human"):
            rows.append({"difficulty": r["difficulty"], "seat": "Meng" if seat == "meng" else r["opponent"],
                         **r[seat], "games": r["completed"]})
    return rows


def table_text(rows: list[dict[str, Any]]) -> str:
    """The score table as aligned text columns (the terminal's view of `table`)."""
    if not rows:
        return ""
    names = list(rows[0])
    cells = [names, *([str(row[n]) for n in names] for row in rows)]
    widths = [max(len(line[i]) for line in cells) for i in range(len(names))]
    def line_text(line: list[str]) -> str:
        return "  ".join(c.rjust(w) if k > 1 else c.ljust(w) for k, (c, w) in enumerate(zip(line, widths, strict=True)))

    return "\n".join(line_text(line) for line in cells)


def write_csv(rows: list[dict[str, Any]], path: str) -> None:
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]) if rows else [], lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)


def _profile(parser: argparse.ArgumentParser, path: str | None) -> dict[str, Any] | None:
    """The setup's profile from an exported box-profile file (refused with the reason, never a traceback)."""
    if path is None:
        return None
    try:
        with open(path, "rb") as f:
            found = import_profile(f.read(MAX_PROFILE_BYTES + 1), "gugong")
    except (OSError, SetupError) as err:
        parser.error(f"--profile {path}: {err}")
    exported = found.export()
    return {"overrides": exported["overrides"], **{k: exported[k] for k in ("seen", "partly") if k in exported}}


def simulate_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion simulate gugong-solo",
                                     description="Solo Gùgōng against Meng: simulated games with invariant checks.")
    parser.add_argument("--difficulty", nargs="+", choices=DIFFICULTIES, default=["normal"])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opponent", choices=sorted(OPPONENTS), default="random",
                        help="random legal moves, or the greedy one-step look-ahead player (see opponents.py)")
    parser.add_argument("--night-rule", choices=("as_if", "at_least"), default="as_if")
    parser.add_argument("--no-check", action="store_true", help="skip the per-action checks (faster)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--csv", metavar="FILE", help="write the score table as CSV")
    parser.add_argument("--profile", metavar="FILE", help="an exported box profile (Box check): Meng on your box")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    profile = _profile(parser, args.profile)
    reports = [simulate(d, args.games, args.seed, args.opponent, not args.no_check, args.night_rule, profile)
               for d in args.difficulty]
    rows = table(reports)
    if args.csv:
        write_csv(rows, args.csv)
    if args.json:
        out = dict(reports[0]) if len(reports) == 1 else {"reports": reports}
        out["table"] = rows
        print(json.dumps(out, indent=1, ensure_ascii=False))
    else:
        for r in reports:
            print(f"gugong-solo {r['difficulty']}: {r['completed']}/{r['games']} games completed vs {r['opponent']}, "
                  f"{r['actions_per_game']} actions per game, {r['invariant_violations']} invariant violations, "
                  f"{r['seconds']} s, digest {r['digest'][:16]}")
            for v in r["violations_sample"]:
                print(f"  violation: {v}")
        print(table_text(rows))
    return 0 if all(simulation_ok(r) for r in reports) else 1
