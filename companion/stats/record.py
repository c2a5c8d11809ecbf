"""When results are stored: a tracked game ends, a quick score is saved, or the one-time backfill
replays the finished games saved before results existed.

Storing a result never costs a move: the game itself is already saved when `record_game` runs, so
a failure here is logged (logger "companion.stats") and the table plays on.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.errors import CompanionError
from ..core.scoring import ScoreSheet
from ..core.session import Session
from ..storage import DamagedRowError, StorageError, Store, history
from ..storage.table import TableStore
from . import zone
from .extract import from_quick_score, from_session
from .result import BACKFILL, TRACKED, Result

LOG = logging.getLogger("companion.stats")
SKIPPED = "stats.backfill_skipped"  # home-table setting: finished games whose save cannot be replayed


def result_id(store: Store, game_id: str) -> str | None:
    """The id of the result stored game `game_id` ended in (None: it has none)."""
    return history.result_of(store, game_id)


def record_game(store: Store, game_id: str, session: Session, *, owner: str | None, meta: dict[str, Any],
                reopened: bool) -> None:
    """After a change of a tracked game was saved: store its result if the game has ended; an undo
    (`reopened`) takes a stored result back, since the game is not over any more."""
    try:
        if session.is_over:
            result = from_session(session, game_id=game_id, played=time.time(), source=TRACKED, meta=meta)
            store.save_result(result.to_record(), owner=owner)
        elif reopened:
            history.reopen_game(store, game_id, owner=owner)
    except Exception:  # statistics never cost a move: the game is saved
        LOG.exception("the result of game %s was not stored", game_id)


def save_quick(store: TableStore, game: str, doc: dict[str, Any], sheet: ScoreSheet, played: float) -> Result:
    """Store a quick score's result at this table (saving the same sheet again the same day, in the table's
    time zone, replaces it)."""
    day = zone.day_of(played, zone.of_table(store))
    result = from_quick_score(game, doc, sheet, played=played, owner=store.owner, day=day)
    store.save_result(result.to_record())
    return result


@dataclass(frozen=True)
class Backfill:
    stored: int
    skipped: int  # saves that could not be replayed (damaged, or a game this server does not know)


def _skipped(store: Store) -> set[str]:
    try:
        return set(store.setting(SKIPPED, []) or [])
    except DamagedRowError:  # a damaged list: try those games again
        return set()


def pending(store: Store, owner: str | None = None) -> list[str]:
    """Finished games of `owner` (None: every table) still to be added, without those that could not be replayed."""
    skipped = _skipped(store)
    return [g for g in store.finished_without_result(owner=owner) if g not in skipped]


def backfill(store: Store, owner: str | None = None, progress: Callable[[int, int], None] | None = None) -> Backfill:
    """Replay every finished stored game of `owner` (None: every table) that has no result yet, once."""
    skipped = _skipped(store)
    todo = [g for g in store.finished_without_result(owner=owner) if g not in skipped]
    stored = failed = 0
    for n, game_id in enumerate(todo):
        if progress is not None:
            progress(n, len(todo))
        try:
            session, row = store.load_game(game_id, owner=owner)
            if not session.is_over:
                continue
            result = from_session(session, game_id=row.id, played=row.updated, started=row.created,
                                  source=BACKFILL, meta=row.meta)
            store.save_result(result.to_record(), owner=row.owner)
            stored += 1
        except StorageError as err:
            if not isinstance(err, DamagedRowError):
                raise  # the store itself failed: try again next time
            LOG.warning("finished game %s not added to the statistics: %s", game_id, err)
            skipped.add(game_id)
            failed += 1
        except Exception as err:  # a save that cannot be replayed is kept aside, never a crash
            LOG.warning("finished game %s not added to the statistics: %s", game_id, err,
                        exc_info=not isinstance(err, CompanionError))
            skipped.add(game_id)
            failed += 1
    if failed:
        store.set_setting(SKIPPED, sorted(skipped))
    return Backfill(stored, failed)
