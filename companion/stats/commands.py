"""`python -m companion stats [--game G] [--player P] [--csv FILE] [--json] [--lang de|nl|en]`.

Reads the results of every table in the store (COMPANION_DATABASE_URL or the SQLite file), after
the one-time backfill of finished games saved before results existed; prints per person (competitive
and solo apart) and per game, or the history and those tables as JSON; --csv writes the history as
a spreadsheet file in the language's format.

The JSON report is made in plain Python (companion.stats.plain); pandas is imported only for the text
tables and the CSV file, and the engines only when finished games wait to be added.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.errors import CompanionError
from ..i18n import t
from ..storage import Store, open_store
from ..storage.table import TableStore
from . import plain

if TYPE_CHECKING:
    from .frames import Frames


def text(frames: Frames, lang: str) -> str:
    from . import aggregate
    from .frames import COMPETITIVE, SOLO

    lines = [f"{len(frames.results)} plays: " + ", ".join(
        f"{g} {n}" for g, n in frames.results["game"].value_counts(sort=False).items())]
    overall, games = aggregate.overall(frames), aggregate.per_game(frames)
    for mode in (COMPETITIVE, SOLO):
        if mode not in overall.index.get_level_values("mode"):
            continue
        lines += ["", t(f"stats.mode.{mode}", lang), overall.loc[mode].to_string(float_format=lambda v: f"{v:.2f}"),
                  "", games.loc[mode].to_string(float_format=lambda v: f"{v:.2f}")]
    return "\n".join(lines)


def _edit(store: Any, args: argparse.Namespace) -> str | None:
    """A change to the history (--delete, --restore, --merge, --unmerge) or a list (--deleted, --people): the
    sentence to print, None when none was asked for."""
    table = TableStore(store, store.join_table(args.table) if args.table else store.home_table())
    lang = args.lang
    if args.delete or args.restore:
        play = args.delete or args.restore
        done = table.set_deleted(play, bool(args.delete))
        if not done:
            raise CompanionError("unknown_play", t("stats.cli.no_play", lang, play=play), play=play)
        return t("stats.cli.deleted" if args.delete else "stats.cli.restored", lang, play=play)
    if args.merge:
        if not table.merge_people(*args.merge):
            raise CompanionError("cannot_merge", t("stats.cli.cannot_merge", lang, name=args.merge[0],
                                                   into=args.merge[1]))
        return t("stats.cli.merged", lang, name=args.merge[0], into=args.merge[1])
    if args.unmerge:
        if not table.unmerge_person(args.unmerge):
            raise CompanionError("not_merged", t("stats.cli.not_merged", lang, name=args.unmerge))
        return t("stats.cli.unmerged", lang, name=args.unmerge)
    if args.deleted:
        gone = table.deleted_results()
        return "\n".join([t("stats.cli.deleted_count", lang, n=len(gone))] + [
            f"{d['id']}  {d['game']}  {', '.join(d['players'])}" for d in gone])
    if args.people:
        people = {p["key"]: p for p in table.people()}
        return "\n".join(p["name"] + (f" → {people[p['merged_into']]['name']}" if p["merged_into"] in people else "")
                         for p in people.values())
    return None


def _check_games(games: list[str] | None) -> None:
    if not games:
        return
    from ..core.registry import game_names  # loads every game's manifest: only when --game is given

    unknown = [g for g in games if g not in game_names()]
    if unknown:
        raise CompanionError("unknown_target", f"Unknown game {unknown[0][:40]!r}; choose one of: "
                             f"{', '.join(game_names())}.")


def _backfill(store: Store) -> None:
    """Finished games saved before results existed, added once (replaying them needs the engines)."""
    if store.finished_without_result():
        from .record import backfill

        backfill(store)


def _frames(store: Store, args: argparse.Namespace) -> Frames:
    from .frames import Filters, Frames, apply

    return apply(Frames.load(store), Filters(games=tuple(args.game or ()), player=args.player))


def _write_csv(frames: Frames, args: argparse.Namespace) -> None:
    from . import export

    path = Path(args.csv)
    try:
        path.write_bytes(export.csv_bytes(export.history_table(frames, args.lang), args.lang))
    except OSError as err:
        raise CompanionError("bad_csv_path", f"Cannot write {path}: {err}.") from err


def stats_main(args: argparse.Namespace) -> int:
    if any(getattr(args, k, None) for k in ("delete", "restore", "merge", "unmerge", "deleted", "people")):
        with open_store() as store:
            print(_edit(store, args))
        return 0
    _check_games(args.game)
    with open_store() as store:
        _backfill(store)
        found = plain.report(store, tuple(args.game or ()), args.player) if args.json else None
        frames = _frames(store, args) if args.csv or not args.json else None
    if frames is not None and args.csv:
        _write_csv(frames, args)
    if found is not None:
        # one line: json's C encoder (an indented dump runs in Python, 10 times slower at 1,000 plays)
        print(json.dumps(found, ensure_ascii=False, default=str))
    elif frames is None or not len(frames):
        print("No results yet: finish a game or save a quick score.")
    else:
        print(text(frames, args.lang))
    return 0
