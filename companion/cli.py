"""Command line: the same engines from a terminal.

    python -m companion score GAME FILE [--json]
    python -m companion replay SAVE [--json]
    python -m companion simulate TARGET [game-specific options] [--json]
    python -m companion print pad|aid|sheet GAME [...] -o OUT.pdf
    python -m companion steps GAME [--markdown] | steps --write-docs docs/architecture.md
    python -m companion stats [--game G] [--player P] [--csv FILE] [--json] [--lang de|nl|en]
    python -m companion stats [--table CODE] --delete PLAY | --restore PLAY | --deleted | --people
                              | --merge NAME INTO | --unmerge NAME

Every error is one line on stderr and a non-zero exit (2: refused input, 3: an internal error);
`--debug` anywhere on the line shows the traceback too.

What each game offers (an end-table scorer, random playouts, printables) comes from its
manifest (companion.core.manifest); this module names no game. Each command imports what it needs when it
runs: `stats` loads no engine, no pandas for `--json`, no ReportLab (the process starts in a fraction of a second).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .core.errors import CompanionError
from .core.registry import manifest, manifests
from .i18n import LANGUAGES

if TYPE_CHECKING:
    from .core.manifest import Manifest
    from .core.scoring import ScoreSheet

MAX_GAMES = 1_000_000  # simulate --games
MAX_URL = 200  # print --base-url: it goes into every QR code
MAX_SEED_DIGITS = 18  # --seed: below 2**63, the bound of core.setup.seed_of
_URL = re.compile(r"https?://[!-~]+")  # printable ASCII, no spaces


def simulate_targets() -> dict[str, Manifest]:
    """Every game: its own simulate command, or the generic one (players, games, seed)."""
    return {m.name: m for m in manifests()}


def score_targets() -> dict[str, Manifest]:
    return {m.name: m for m in manifests() if m.score_table is not None}


def format_sheet(sheet: ScoreSheet, lang: str = "en", setup: dict[str, Any] | None = None) -> str:
    """A plain-text score table: one row per category, one column per player; codes in words (labels).

    A number resting on an unverified fact of the game's box profile (`setup`) carries the placeholder mark,
    explained by a legend line; numbers resting only on confirmed facts carry none."""
    from .i18n import labels

    names = sheet.players
    rows = [labels.row_label(sheet.game, r.code, lang, **r.params) for r in sheet.rows]
    width = max(12, *(len(n) for n in names)) + 2
    label_w = max(24, *(len(label) for label in rows)) + 2
    marked = labels.placeholder_cells(sheet.game, sheet, setup)
    summed, mark = labels.placeholder_totals(sheet, marked), labels.placeholder_mark(sheet.game)
    pad = " " * len(mark) if marked else ""  # unmarked numbers stay aligned with marked ones

    def cell(v: float, is_marked: bool) -> str:
        return (labels.number(v, "-") + (mark if is_marked else pad)).rjust(width)

    lines = ["".ljust(label_w) + "".join((n + pad).rjust(width) for n in names)]
    for r, (label, row) in enumerate(zip(rows, sheet.rows, strict=True)):
        lines.append(label.ljust(label_w) + "".join(cell(v, (r, i) in marked) for i, v in enumerate(row.values)))
    lines.append("TOTAL".ljust(label_w) + "".join(cell(v, i in summed) for i, v in enumerate(sheet.totals)))
    if not all(sheet.eligible):
        lines.append("eligible".ljust(label_w) + "".join(("yes" if e else "NO").rjust(width - len(pad)) + pad
                                                          for e in sheet.eligible))
    if sheet.winners:
        lines.append("Winner: " + " and ".join(names[i] for i in sheet.winners))
    else:
        lines.append("No player can win.")
    if sheet.tiebreak:  # the words the app shows (companion.ui.widgets.score_sheet), not the code
        lines.append(labels.tiebreak_text(sheet.game, sheet.tiebreak, lang, names))  # a whole sentence
    for note in sheet.notes:
        lines.append(f"Note: {note.get('text', note.get('code'))}")
    if marked:
        lines.append(labels.placeholder_legend_text(sheet.game, lang))
    return "\n".join(lines)


def _target(targets: dict[str, Manifest], name: str) -> Manifest:
    if name not in targets:
        raise CompanionError("unknown_target", f"Unknown game {name[:40]!r}; choose one of: {', '.join(targets)}.")
    return targets[name]


def _read_file(path: Path, limit: int, code: str) -> bytes:
    """At most `limit` bytes of a regular file (a device such as /dev/zero would never end)."""
    try:
        if not path.is_file():
            raise CompanionError(code, f"Cannot read {path}: it is not a file.")
        with path.open("rb") as file:
            raw = file.read(limit + 1)
    except OSError as err:
        raise CompanionError(code, f"Cannot read {path}: {err.strerror or err}.") from err
    if len(raw) > limit:
        raise CompanionError(code, f"Cannot read {path}: it is larger than {limit:,} bytes.")
    return raw


def cmd_score(args: argparse.Namespace) -> int:
    from .core.validate import MAX_TABLE_BYTES, load_json

    target = _target(score_targets(), args.game)
    assert target.score_table is not None
    path = Path(args.file)
    raw = _read_file(path, MAX_TABLE_BYTES, "bad_table_file")
    data = load_json(raw, f"Cannot read {path}: the file", max_bytes=MAX_TABLE_BYTES, code="bad_table_file")
    sheet = target.score_table(data)
    print(json.dumps(sheet.to_dict(), indent=1, ensure_ascii=False) if args.json else format_sheet(sheet, setup=data))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from .core import codec

    raw = _read_file(Path(args.save), codec.MAX_SAVE_BYTES, "bad_save_path")
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
        print(format_sheet(sheet, setup=session.setup))
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    from .stats.commands import stats_main  # pandas loads only for the text tables and the CSV file

    return stats_main(args)


def _parser(command: str | None = None) -> argparse.ArgumentParser:
    """The commands' parser; the games (their manifests, engines and all) load only for `score`."""
    parser = argparse.ArgumentParser(prog="python -m companion", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("score", help="final score of an end-of-game table described in a JSON file")
    p.add_argument("game", choices=sorted(score_targets()) if command == "score" else None)
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
    p.add_argument("--table", metavar="CODE", help="the table whose plays and people to change (default: home)")
    p.add_argument("--delete", metavar="PLAY", help="take a play out of the history (kept: --restore undoes it)")
    p.add_argument("--restore", metavar="PLAY", help="bring a deleted play back")
    p.add_argument("--deleted", action="store_true", help="list the deleted plays")
    p.add_argument("--people", action="store_true", help="list the table's people and whom each counts as")
    p.add_argument("--merge", nargs=2, metavar=("NAME", "INTO"), help="count NAME as the person INTO from now on")
    p.add_argument("--unmerge", metavar="NAME", help="undo a merge: NAME is a person of their own again")
    sub.add_parser("simulate", help="random legal playouts (options depend on the game)", add_help=False)
    p = sub.add_parser("steps", help="the index of a game's step kinds: where resolved, rule, chance, asks when single")
    p.add_argument("game", nargs="?", choices=[m.name for m in manifests()] if command == "steps" else None)
    p.add_argument("--markdown", action="store_true", help="as the Markdown table of docs/architecture.md")
    p.add_argument("--write-docs", metavar="FILE", help="rewrite the step-index section of FILE for every game")
    sub.add_parser("print", help="score pads, player aids and filled sheets as PDF", add_help=False)
    return parser


def _option(argv: list[str], name: str) -> str | None:
    """The value given for `--name VALUE` or `--name=VALUE` (the last one wins, as in argparse)."""
    found = None
    for i, arg in enumerate(argv):
        if arg == name and i + 1 < len(argv):
            found = argv[i + 1]
        elif arg.startswith(name + "="):
            found = arg.split("=", 1)[1]
    return found


def _check_common_options(argv: list[str]) -> None:
    """Limits every game's commands share, checked before a game's own parser runs."""
    games = _option(argv, "--games")
    if games is not None and not (games.isdecimal() and 1 <= int(games) <= MAX_GAMES):
        raise CompanionError("bad_arguments", f"--games must be a whole number from 1 to {MAX_GAMES:,}, not "
                             f"{games[:20]!r}.")
    players = _option(argv, "--players")
    most = max(m.max_players for m in manifests()) if players is not None else 0
    if players is not None and not (players.isdecimal() and 1 <= int(players) <= most):
        raise CompanionError("bad_arguments", f"--players must be a whole number from 1 to {most}, not "
                             f"{players[:20]!r}.")
    seed = _option(argv, "--seed")
    if seed is not None and not (seed.lstrip("-").isdecimal() and len(seed) <= MAX_SEED_DIGITS):
        raise CompanionError("bad_arguments", f"--seed must be a whole number of at most {MAX_SEED_DIGITS} digits, "
                             f"not {seed[:20]!r}.")
    save = _option(argv, "--save")
    if save is not None:  # read by the printables: a file of at most the size of a save
        from .core import codec

        _read_file(Path(save), codec.MAX_SAVE_BYTES, "bad_save_path")
    url = _option(argv, "--base-url")
    if url is not None and (len(url) > MAX_URL or not _URL.fullmatch(url)):
        raise CompanionError("bad_arguments", f"--base-url must be an http:// or https:// address of at most "
                             f"{MAX_URL} characters without spaces (got {len(url):,} characters).")


@contextmanager
def _one_line_usage_errors() -> Iterator[None]:
    """Every argparse parser under this command (the games' and the printables' too) reports a bad
    argument as a CompanionError (one line) instead of printing its usage and exiting."""
    original = argparse.ArgumentParser.error

    def error(parser: argparse.ArgumentParser, message: str) -> None:
        raise CompanionError("bad_arguments", f"{parser.prog}: {message} (see {parser.prog} --help).")

    argparse.ArgumentParser.error = error  # type: ignore[method-assign]
    try:
        yield
    finally:
        argparse.ArgumentParser.error = original  # type: ignore[method-assign]


def _dispatch(argv: list[str]) -> int:
    _check_common_options(argv)
    if argv and argv[0] == "simulate":
        if len(argv) < 2 or argv[1] in ("-h", "--help"):
            print(f"usage: python -m companion simulate {{{','.join(simulate_targets())}}} [options]")
            return 0 if len(argv) >= 2 else 2
        target = _target(simulate_targets(), argv[1])
        if target.simulate is None:
            from .core.simulate import generic_simulate_main

            return generic_simulate_main(target.engine, argv[2:])
        return target.simulate(argv[2:])
    if argv and argv[0] == "print":
        from .pdf.commands import print_main  # ReportLab loads only for printing

        return print_main(argv[1:])
    args = _parser(argv[0] if argv else None).parse_args(argv)
    return {"score": cmd_score, "replay": cmd_replay, "stats": cmd_stats, "steps": cmd_steps}[args.command](args)


def cmd_steps(args: argparse.Namespace) -> int:
    from .core import step_index

    if args.write_docs:
        path = Path(args.write_docs)
        block = step_index.docs_block([(m.name, m.engine.steps) for m in manifests()])
        path.write_text(step_index.with_docs_block(path.read_text(encoding="utf-8"), block), encoding="utf-8")
        return 0
    if args.game is None:
        raise CompanionError("bad_arguments", "Name a game (or --write-docs FILE).")
    steps = manifest(args.game).engine.steps
    print(step_index.table(steps) if args.markdown else "\n".join(r.line() for r in step_index.index(steps)))
    return 0


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv
    argv = [a for a in argv if a != "--debug"]
    try:
        with _one_line_usage_errors():
            return _dispatch(argv)
    except CompanionError as err:
        if debug:
            traceback.print_exc()
        print(f"error: {_one_line(err.message)}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into `head` and the like: not an error
        sys.stderr.close()
        return 0
    except OSError as err:  # a directory or a full disk as output, a vanished file
        if debug:
            traceback.print_exc()
        filename = err.filename or _option(argv, "-o") or _option(argv, "--output")
        where = f" {filename}" if filename else ""
        print(f"error: cannot use{where}: {_one_line(err.strerror or str(err))}.", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("error: interrupted.", file=sys.stderr)
        return 130
    except Exception as err:  # the last line of defence: a bug, reported in one line, never a traceback
        if debug:
            traceback.print_exc()
        print(f"error: internal error ({type(err).__name__}: {_one_line(str(err))[:200]}); run again with "
              "--debug for the details and report it.", file=sys.stderr)
        return 3
