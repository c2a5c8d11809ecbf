"""Command line: the same engines from a terminal.

    python -m companion score GAME FILE [--json]
    python -m companion replay SAVE [--json]
    python -m companion simulate TARGET [game-specific options] [--json]
    python -m companion print pad|aid|sheet GAME [...] -o OUT.pdf
    python -m companion stats [--game G] [--player P] [--csv FILE] [--json] [--lang de|nl|en]

What each game offers (an end-table scorer, random playouts, printables) comes from its
manifest (companion.core.manifest); this module names no game.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .core import codec
from .core.errors import CompanionError
from .core.manifest import Manifest
from .core.registry import manifests
from .core.scoring import ScoreSheet
from .core.simulate import generic_simulate_main
from .i18n import LANGUAGES, labels, t


def simulate_targets() -> dict[str, Manifest]:
    """Every game: its own simulate command, or the generic one (players, games, seed)."""
    return {m.name: m for m in manifests()}


def score_targets() -> dict[str, Manifest]:
    return {m.name: m for m in manifests() if m.score_table is not None}


def format_sheet(sheet: ScoreSheet, lang: str = "en") -> str:
    """A plain-text score table: one row per category, one column per player; codes in words (labels)."""
    names = sheet.players
    rows = [labels.row_label(sheet.game, r.code, lang, **r.params) for r in sheet.rows]
    width = max(12, *(len(n) for n in names)) + 2
    label_w = max(24, *(len(label) for label in rows)) + 2
    lines = ["".ljust(label_w) + "".join(n.rjust(width) for n in names)]
    for label, row in zip(rows, sheet.rows, strict=True):
        lines.append(label.ljust(label_w) + "".join(labels.number(v, "-").rjust(width) for v in row.values))
    lines.append("TOTAL".ljust(label_w) + "".join(labels.number(v, "-").rjust(width) for v in sheet.totals))
    if not all(sheet.eligible):
        lines.append("eligible".ljust(label_w) + "".join(("yes" if e else "NO").rjust(width) for e in sheet.eligible))
    if sheet.winners:
        lines.append("Winner: " + " and ".join(names[i] for i in sheet.winners))
    else:
        lines.append("No player can win.")
    if sheet.tiebreak:  # the words the app shows (companion.ui.widgets.score_sheet), not the code
        lines.append(t("ui.tiebreak", lang, text=labels.tiebreak_text(sheet.game, sheet.tiebreak, lang, names)))
    for note in sheet.notes:
        lines.append(f"Note: {note.get('text', note.get('code'))}")
    return "\n".join(lines)


def _target(targets: dict[str, Manifest], name: str) -> Manifest:
    if name not in targets:
        raise CompanionError("unknown_target", f"Unknown game {name[:40]!r}; choose one of: {', '.join(targets)}.")
    return targets[name]


def cmd_score(args: argparse.Namespace) -> int:
    scorer = _target(score_targets(), args.game).score_table
    assert scorer is not None
    path = Path(args.file)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as err:
        raise CompanionError("bad_table_file", f"Cannot read {path}: {err}.") from err
    sheet = scorer(data)
    print(json.dumps(sheet.to_dict(), indent=1, ensure_ascii=False) if args.json else format_sheet(sheet))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    path = Path(args.save)
    try:
        raw = path.read_bytes()
    except OSError as err:
        raise CompanionError("bad_save_path", f"Cannot read {path}: {err}.") from err
    text = raw.decode("utf-8", errors="replace").strip()
    session = codec.from_token(text) if text.startswith(tuple(codec.TOKEN_PREFIXES)) else codec.loads(raw)
    game = session.game
    sheet = game.score(session.state)
    report = {
        "game": game.name,
        "actions": len(session.log),
        "verified": True,
        "over": session.is_over,
        "summary": game.summary(session.state),
        "score": sheet.to_dict(),
    }
    if args.json:
        print(json.dumps(report, indent=1, ensure_ascii=False))
    else:
        progress = "over" if session.is_over else "in progress"
        print(f"{game.name}: {len(session.log)} actions replayed and verified; game {progress}.")
        for key, value in report["summary"].items():
            print(f"  {key}: {value}")
        print(format_sheet(sheet))
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    from .stats.commands import stats_main  # pandas loads only for the statistics

    return stats_main(args)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="python -m companion", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("score", help="final score of an end-of-game table described in a JSON file")
    p.add_argument("game", choices=sorted(score_targets()))
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p = sub.add_parser("replay", help="replay and verify a save file or token, print state and scores")
    p.add_argument("save")
    p.add_argument("--json", action="store_true")
    p = sub.add_parser("stats", help="play history and statistics of the stored results")
    p.add_argument("--game", action="append", help="only this game (may be given several times)")
    p.add_argument("--player", help="only plays with this player")
    p.add_argument("--csv", metavar="FILE", help="write the history as CSV (separator and decimals per --lang)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=LANGUAGES, default="en")
    sub.add_parser("simulate", help="random legal playouts (options depend on the game)", add_help=False)
    sub.add_parser("print", help="score pads, player aids and filled sheets as PDF", add_help=False)

    try:
        if argv and argv[0] == "simulate":
            if len(argv) < 2 or argv[1] in ("-h", "--help"):
                print(f"usage: python -m companion simulate {{{','.join(simulate_targets())}}} [options]")
                return 0 if len(argv) >= 2 else 2
            target = _target(simulate_targets(), argv[1])
            if target.simulate is None:
                return generic_simulate_main(target.engine, argv[2:])
            return target.simulate(argv[2:])
        if argv and argv[0] == "print":
            from .pdf.commands import print_main  # ReportLab loads only for printing

            return print_main(argv[1:])
        args = parser.parse_args(argv)
        return {"score": cmd_score, "replay": cmd_replay, "stats": cmd_stats}[args.command](args)
    except CompanionError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into `head` and the like: not an error
        sys.stderr.close()
        return 0
