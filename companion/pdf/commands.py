"""`python -m companion print pad|aid|sheet|box-check GAME ... -o OUT.pdf` and
`python -m companion print season [GAME] [--from DATE] [--to DATE] ... -o OUT.pdf` (called by companion/cli.py)."""

from __future__ import annotations

import argparse
from datetime import date
from pathlib import Path
from typing import Any

from companion.core import codec
from companion.core.errors import CompanionError
from companion.core.profile import import_profile
from companion.i18n import LANGUAGES

from . import qr, templates
from .aid import build_aid
from .boxcheck import build_box_check
from .layout import PAPERS
from .pad import build_pad
from .sheet import build_sheet


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m companion print",
                                description="Score pads, player aids and filled score sheets as PDF.")
    p.add_argument("kind", choices=["pad", "aid", "sheet", "box-check", "season"])
    p.add_argument("game", nargs="?", help="a game with printables (for a sheet: the game of the save; for a "
                   "season: only this game's plays, optional)")
    p.add_argument("--lang", choices=list(LANGUAGES), default="en")
    p.add_argument("--paper", choices=list(PAPERS), default="a4")
    p.add_argument("--players", type=int, default=None, help="player columns on a pad (1 = solo Gùgōng with Meng)")
    p.add_argument("--save", help="save file or token of a tracked game (for sheet)")
    p.add_argument("--crop-marks", action="store_true", help="cut marks around the aid cards")
    p.add_argument("--base-url", default=qr.DEFAULT_BASE_URL, help="address of the app, for the QR codes")
    p.add_argument("--no-log", action="store_true", help="sheet without the game log")
    p.add_argument("--profile", help="box-profile file exported by Box check: print the owner's checked values")
    p.add_argument("--from", dest="start", help="season: first day, YYYY-MM-DD (default: the first play)")
    p.add_argument("--to", dest="end", help="season: last day, YYYY-MM-DD (default: the last play)")
    p.add_argument("-o", "--output", required=True, help="PDF file to write")
    return p


def _load_session(path: str):
    try:
        raw = Path(path).read_bytes()
    except OSError as err:
        raise CompanionError("bad_save_path", f"Cannot read {path}: {err}.") from err
    text = raw.decode("utf-8", errors="replace").strip()
    return codec.from_token(text) if text.startswith(tuple(codec.TOKEN_PREFIXES)) else codec.loads(raw)


def _overrides(path: str | None, box: str) -> dict[str, Any] | None:
    if not path:
        return None
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise CompanionError("bad_profile_path", f"Cannot read {path}: {err}.") from err
    return import_profile(text, box).export()["overrides"]


def _day(text: str | None, option: str) -> date | None:
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError as err:
        raise CompanionError("bad_date", f"{option} {text[:40]!r} is not a date: write it as YYYY-MM-DD.") from err


def _season(args: argparse.Namespace) -> bytes:
    """The season summary of the stored results (after the one-time backfill of older saved games)."""
    from companion.core.registry import game_names
    from companion.stats.frames import Filters, Frames, apply
    from companion.stats.record import backfill
    from companion.stats.season import season_summary
    from companion.storage import open_store

    from .season import build_season

    start, end = _day(args.start, "--from"), _day(args.end, "--to")
    if start and end and start > end:
        raise CompanionError("bad_date", f"--from {start} comes after --to {end}.")
    if args.game is not None and args.game not in game_names():
        raise CompanionError("unknown_target", f"Unknown game {args.game[:40]!r}; choose one of: "
                             f"{', '.join(game_names())}.")
    with open_store() as store:
        backfill(store)
        frames = Frames.load(store)
    if args.game is not None:
        frames = apply(frames, Filters(games=(args.game,)))
    return build_season(season_summary(frames, start, end), args.lang, args.paper)


def print_main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    if args.kind == "season":
        data = _season(args)
    elif args.game is None:
        raise CompanionError("missing_game", f"Printing a {args.kind} needs a game: python -m companion print "
                             f"{args.kind} GAME -o FILE.pdf.")
    elif args.kind == "sheet":
        if not args.save:
            raise CompanionError("missing_save", "A filled sheet needs --save FILE (a save file or a token).")
        session = _load_session(args.save)
        if session.game.name != args.game:
            raise CompanionError("wrong_game", f"The save is a {session.game.name} game, not {args.game}.")
        data = build_sheet(session, args.lang, args.paper, args.base_url, with_log=not args.no_log)
    else:
        offered = templates.games()
        if args.game not in offered:
            raise CompanionError("unknown_target", f"No printables for {args.game!r}; choose one of: "
                                 f"{', '.join(offered)}.")
        overrides = _overrides(args.profile, templates.load(args.game)["box"])
        try:
            if args.kind == "pad":
                data = build_pad(args.game, args.lang, args.paper, args.players, args.base_url, overrides)
            elif args.kind == "aid":
                data = build_aid(args.game, args.lang, args.paper, args.crop_marks, overrides)
            else:
                data = build_box_check(args.game, args.lang, args.paper, args.base_url, overrides)
        except ValueError as err:
            raise CompanionError("bad_print_option", str(err)) from err
    out = Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(data)
    print(f"wrote {out} ({len(data)} bytes)")
    return 0
