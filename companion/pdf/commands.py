"""`python -m companion print pad|aid|sheet GAME ... -o OUT.pdf` (called by companion/cli.py)."""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.core import codec
from companion.core.errors import CompanionError
from companion.i18n import LANGUAGES

from . import qr, templates
from .aid import build_aid
from .layout import PAPERS
from .pad import build_pad
from .sheet import build_sheet


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m companion print",
                                description="Score pads, player aids and filled score sheets as PDF.")
    p.add_argument("kind", choices=["pad", "aid", "sheet"])
    p.add_argument("game", help="gugong, dragon or yinzi (for a sheet: the game of the save)")
    p.add_argument("--lang", choices=list(LANGUAGES), default="en")
    p.add_argument("--paper", choices=list(PAPERS), default="a4")
    p.add_argument("--players", type=int, default=None, help="player columns on a pad (1 = solo Gùgōng with Meng)")
    p.add_argument("--save", help="save file or token of a tracked game (for sheet)")
    p.add_argument("--crop-marks", action="store_true", help="cut marks around the aid cards")
    p.add_argument("--base-url", default=qr.DEFAULT_BASE_URL, help="address of the app, for the QR codes")
    p.add_argument("--no-log", action="store_true", help="sheet without the game log")
    p.add_argument("-o", "--output", required=True, help="PDF file to write")
    return p


def _load_session(path: str):
    try:
        raw = Path(path).read_bytes()
    except OSError as err:
        raise CompanionError("bad_save_path", f"Cannot read {path}: {err}.") from err
    text = raw.decode("utf-8", errors="replace").strip()
    return codec.from_token(text) if text.startswith(tuple(codec.TOKEN_PREFIXES)) else codec.loads(raw)


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
        if args.game not in templates.GAMES:
            raise CompanionError("unknown_target", f"No printables for {args.game!r}; choose {templates.GAMES}.")
        try:
            if args.kind == "pad":
                data = build_pad(args.game, args.lang, args.paper, args.players, args.base_url)
            else:
                data = build_aid(args.game, args.lang, args.paper, args.crop_marks)
        except ValueError as err:
            raise CompanionError("bad_print_option", str(err)) from err
    out = Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(data)
    print(f"wrote {out} ({len(data)} bytes)")
    return 0
