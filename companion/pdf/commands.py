"""`python -m companion print pad|aid|sheet GAME ... -o OUT.pdf` (called by companion/cli.py)."""

from __future__ import annotations

import argparse
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
    p.add_argument("kind", choices=["pad", "aid", "sheet", "box-check"])
    p.add_argument("game", help="a game with printables (for a sheet: the game of the save)")
    p.add_argument("--lang", choices=list(LANGUAGES), default="en")
    p.add_argument("--paper", choices=list(PAPERS), default="a4")
    p.add_argument("--players", type=int, default=None, help="player columns on a pad (1 = solo Gùgōng with Meng)")
    p.add_argument("--save", help="save file or token of a tracked game (for sheet)")
    p.add_argument("--crop-marks", action="store_true", help="cut marks around the aid cards")
    p.add_argument("--base-url", default=qr.DEFAULT_BASE_URL, help="address of the app, for the QR codes")
    p.add_argument("--no-log", action="store_true", help="sheet without the game log")
    p.add_argument("--profile", help="box-profile file exported by Box check: print the owner's checked values")
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


def print_main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    if args.kind == "sheet":
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
