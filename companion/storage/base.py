"""The one Store interface: games owned by tables, with a revision for compare-and-set saves.

Every accepted action, undo and redo is saved with `save_game(..., expected=<revision this screen
loaded>)`: one conditional UPDATE that succeeds only if nobody saved in between, and then returns
the next revision (revisions only grow, so an undo followed by a new move never repeats one).
Otherwise nothing is written and StaleRevisionError says so.

`owner` is a table code. The app always passes one; `owner=None` is the server itself (CLI, tests,
maintenance): every game, and the home table's settings and box corrections.

Backends supply `_tx()` (one transaction, yielding `run(sql, params) -> rows`) and `close()`.
"""

from __future__ import annotations

import hmac
import json
import logging
import time
from abc import ABC, abstractmethod
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.errors import SaveError
from . import history
from .errors import DamagedRowError, GameNotFoundError, StaleRevisionError, StorageUnavailableError, UnknownTableError
from .ids import is_game_id, new_game_id, new_table_code, normal_code
from .sql import Run

if TYPE_CHECKING:
    import pandas as pd

    from ..core.session import Session

LOG = logging.getLogger("companion.storage")
_ROW = "id, owner, game, title, actions, over, revision, created, updated, meta"
_RESULT = ("id, owner, game_id, game, source, played, started, solo, difficulty, edition, options, tags, start_seat,"
           " extra, stored")
EMPTY_TABLE_SECONDS = 86400.0  # a table with nothing saved at it is removed a day after it was stored
_SEAT = "result_id, seat, name, colour, role, total, rank, winner, eligible"


@dataclass(frozen=True)
class GameRow:
    id: str
    owner: str
    game: str
    title: str
    actions: int
    over: bool
    revision: int
    created: float
    updated: float
    meta: dict[str, Any] = field(default_factory=dict)
    problem: str = ""  # non-empty: this record is damaged (the list still shows it)


@dataclass(frozen=True)
class Notice:
    """Something the operator and players should know about the store (e.g. a file kept aside)."""

    code: str
    message: str
    params: dict[str, Any] = field(default_factory=dict)


class Store(ABC):
    backend = ""

    def __init__(self) -> None:
        self.notices: list[Notice] = []
        self.down_since: float | None = None  # the database server could not be reached since (None: fine)

    def reachable(self) -> bool:
        """One cheap query (none at all while a down server's back-off runs): can the store be used now?"""
        try:
            with self._tx() as run:
                run("SELECT 1")
        except StorageUnavailableError:
            return False
        return True

    @abstractmethod
    def _tx(self) -> AbstractContextManager[Run]: ...

    @abstractmethod
    def close(self) -> None: ...

    @abstractmethod
    def _frames(self, queries: list[tuple[str, tuple]]) -> list[pd.DataFrame]:
        """Each (sql, params) read with pandas.read_sql, all in one transaction (one consistent snapshot)."""

    # -- tables -------------------------------------------------------------------------
    def new_table(self) -> str:
        code = new_table_code()
        with self._tx() as run:
            run("INSERT INTO table_codes (code, home, created) VALUES (?, 0, ?)", (code, time.time()))
        return code

    def claim_table(self, code: str) -> None:
        """Store a table code this server made (ids.new_table_code) when the first thing is saved at it: a
        visit alone stores nothing (a visit per row would let anyone fill a hosted instance)."""
        with self._tx() as run:
            run("INSERT INTO table_codes (code, home, created) VALUES (?, 0, ?) ON CONFLICT (code) DO NOTHING",
                (code, time.time()))

    def expire_tables(self, *, empty_for: float = EMPTY_TABLE_SECONDS, idle_days: float | None = None) -> int:
        """Remove tables nobody uses: empty ones (no game, setting or box correction) after `empty_for`
        seconds, and, if `idle_days` is given, tables whose games were all untouched that long, with their
        games. The home table stays. Returns how many tables were removed."""
        now = time.time()
        unused = ("home = 0 AND created < ? AND NOT EXISTS (SELECT 1 FROM games g WHERE g.owner = code"
                  " AND g.updated >= ?) AND NOT EXISTS (SELECT 1 FROM settings s WHERE s.owner = code)"
                  " AND NOT EXISTS (SELECT 1 FROM box_overrides b WHERE b.owner = code)")
        removed = 0
        with self._tx() as run:
            # no game updated since time 0: no game at all
            rows = run(f"DELETE FROM table_codes WHERE {unused} RETURNING code", (now - empty_for, 0.0))
            removed += len(rows)
            if idle_days is not None:
                cutoff = now - idle_days * 86400
                idle = [r[0] for r in run(f"SELECT code FROM table_codes WHERE {unused}", (cutoff, cutoff))]
                for code in idle:
                    run("DELETE FROM games WHERE owner = ?", (code,))
                    run("DELETE FROM table_codes WHERE code = ?", (code,))
                removed += len(idle)
        if removed:
            LOG.warning("%d unused tables removed", removed)
        return removed

    def home_table(self) -> str:
        """The table of a one-machine install (and of every game made before tables existed)."""
        with self._tx() as run:
            return run("SELECT code FROM table_codes WHERE home = 1")[0][0]

    def table_exists(self, code: str) -> bool:
        return self.join_table(code, strict=False) is not None

    def join_table(self, text: str, strict: bool = True) -> str | None:
        """The stored code for a typed or scanned code; UnknownTableError (or None) if there is none."""
        code = normal_code(text)
        found = False
        if code is not None:
            with self._tx() as run:
                found = bool(run("SELECT 1 FROM table_codes WHERE code = ?", (code,)))
        if not found and strict:
            raise UnknownTableError()
        return code if found else None

    # -- games --------------------------------------------------------------------------
    def create_game(self, session: Session, *, owner: str, title: str = "", meta: dict | None = None) -> GameRow:
        """Store a new game at table `owner` under a new server-made id (revision 1)."""
        now, game_id = time.time(), new_game_id()
        values = (game_id, owner, session.game.name, title or session.game.name, _save_text(session),
                  _dump(meta or {}), len(session.log), int(session.is_over), now, now)
        with self._tx() as run:
            if not run("SELECT 1 FROM table_codes WHERE code = ?", (owner,)):
                raise UnknownTableError()
            run("INSERT INTO games (id, owner, game, title, save, meta, actions, over, revision, created, updated)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)", values)
        return GameRow(game_id, owner, values[2], values[3], values[6], bool(values[7]), 1, now, now, meta or {})

    def save_game(
        self, game_id: str, session: Session, *, expected: int, owner: str | None = None,
        title: str | None = None, meta: dict | None = None,
    ) -> int:
        """Compare-and-set: write if the stored revision is `expected`; returns the new revision."""
        where, params = _owned(owner)
        with self._tx() as run:
            rows = run(
                "UPDATE games SET save = ?, actions = ?, over = ?, updated = ?, revision = revision + 1,"
                " title = COALESCE(?, title), meta = COALESCE(?, meta)"
                f" WHERE id = ? AND revision = ?{where} RETURNING revision",
                (_save_text(session), len(session.log), int(session.is_over), time.time(), title,
                 None if meta is None else _dump(meta), game_id, expected, *params),
            )
            if rows:
                return int(rows[0][0])
            current = run(f"SELECT revision FROM games WHERE id = ?{where}", (game_id, *params))
        if not current:
            raise GameNotFoundError()
        raise StaleRevisionError(expected, int(current[0][0]))

    def revision(self, game_id: str, *, owner: str | None = None) -> int | None:
        """The cheap query a screen polls: the stored revision, or None if the game is gone."""
        where, params = _owned(owner)
        with self._tx() as run:
            rows = run(f"SELECT revision FROM games WHERE id = ?{where}", (game_id, *params))
        return int(rows[0][0]) if rows else None

    def load_game(self, game_id: str, *, owner: str | None = None) -> tuple[Session, GameRow]:
        """Replay a stored game. GameNotFoundError if this table has none; DamagedRowError if it cannot be replayed."""
        from ..core import codec

        if not is_game_id(game_id):
            raise GameNotFoundError()
        where, params = _owned(owner)
        with self._tx() as run:
            rows = run(f"SELECT save, {_ROW} FROM games WHERE id = ?{where}", (game_id, *params))
        if not rows:
            raise GameNotFoundError()
        row = _game_row(rows[0][1:])
        try:
            return codec.loads(rows[0][0]), row
        except (SaveError, TypeError) as err:
            LOG.error("stored game %s cannot be replayed: %s", game_id, err)
            reason = err.message if isinstance(err, SaveError) else "the record is not text"
            raise DamagedRowError("stored_game_damaged", f"The saved game “{row.title}” is damaged and cannot be"
                                  f" opened: {reason}", title=row.title, reason=reason) from err

    def load_shared(self, game_id: str, key: str) -> tuple[Session, GameRow]:
        """A game opened by its own share link (meta "share"): that game only, never its table's others.
        GameNotFoundError when the id or key does not match (or the host stopped sharing)."""
        if not is_game_id(game_id) or not isinstance(key, str) or not key:
            raise GameNotFoundError()
        with self._tx() as run:
            rows = run("SELECT meta FROM games WHERE id = ?", (game_id,))
        try:
            stored = json.loads(rows[0][0]).get("share") if rows else None
        except (TypeError, ValueError, AttributeError):
            stored = None
        if not isinstance(stored, str) or not hmac.compare_digest(stored.encode(), key.encode()):
            raise GameNotFoundError()
        return self.load_game(game_id)

    def has_game(self, game_id: str, *, owner: str | None = None) -> bool:
        return is_game_id(game_id) and self.revision(game_id, owner=owner) is not None

    def save_text(self, game_id: str, *, owner: str | None = None) -> str:
        where, params = _owned(owner)
        with self._tx() as run:
            rows = run(f"SELECT save FROM games WHERE id = ?{where}", (game_id, *params))
        if not rows:
            raise GameNotFoundError()
        return rows[0][0]

    def list_games(self, *, owner: str | None = None) -> list[GameRow]:
        """This table's games, newest first; a damaged record is listed with its problem, never hides the rest."""
        where, params = _owned(owner)
        with self._tx() as run:
            rows = run(f"SELECT {_ROW} FROM games WHERE 1 = 1{where} ORDER BY updated DESC", params)
        return [_game_row(r) for r in rows]

    def delete_game(self, game_id: str, *, owner: str | None = None) -> bool:
        where, params = _owned(owner)
        with self._tx() as run:
            rows = run(f"DELETE FROM games WHERE id = ?{where} RETURNING id", (game_id, *params))
        return bool(rows)

    # -- box check and settings, per table ----------------------------------------------
    def box_overrides(self, game: str, *, owner: str | None = None) -> dict[str, Any]:
        with self._tx() as run:
            table = owner or _home(run)
            rows = run("SELECT overrides FROM box_overrides WHERE owner = ? AND game = ?", (table, game))
        value = _load(rows[0][0], dict, "stored_box_damaged", game=game) if rows else {}
        return value

    def set_box_overrides(self, game: str, overrides: dict[str, Any], *, owner: str | None = None) -> None:
        with self._tx() as run:
            run("INSERT INTO box_overrides (owner, game, overrides, updated) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (owner, game) DO UPDATE SET overrides = excluded.overrides, updated = excluded.updated",
                (owner or _home(run), game, json.dumps(overrides, ensure_ascii=False, sort_keys=True), time.time()))

    def setting(self, key: str, default: Any = None, *, owner: str | None = None) -> Any:
        with self._tx() as run:
            rows = run("SELECT value FROM settings WHERE owner = ? AND key = ?", (owner or _home(run), key))
        return _load(rows[0][0], object, "stored_setting_damaged", key=key) if rows else default

    def set_setting(self, key: str, value: Any, *, owner: str | None = None) -> None:
        with self._tx() as run:
            run("INSERT INTO settings (owner, key, value) VALUES (?, ?, ?)"
                " ON CONFLICT (owner, key) DO UPDATE SET value = excluded.value",
                (owner or _home(run), key, json.dumps(value)))

    # -- results (finished games and saved quick scores; companion/stats makes the records) -----
    def save_result(self, record: dict[str, Any], *, owner: str | None = None) -> None:
        """Store a result, replacing one with the same id (a game finished again after an undo).

        `record`: id, game_id (None for a quick score), game, source, played, started (None: the game's
        creation time), solo, difficulty, edition, options, tags, start_seat, extra, players [{seat, name,
        colour, role, total, rank, winner, eligible}], rows [{position, code, values (one per seat)}].
        `owner` None: the game's table, else the home table."""
        rid = record["id"]
        with self._tx() as run:
            table = owner or _game_owner(run, record.get("game_id")) or _home(run)
            gone = run("SELECT deleted FROM results WHERE id = ?", (rid,))  # a deleted play stays deleted
            _drop_result(run, rid)
            run(f"INSERT INTO results ({_RESULT}, deleted) VALUES (?, ?, ?, ?, ?, ?,"
                " COALESCE(?, (SELECT created FROM games WHERE id = ?)), ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (*_result_values(record, table), gone[0][0] if gone else None))
            history.link_game(run, record.get("game_id"), rid)
            history.add_people(run, table, [p["name"] for p in record["players"] if p["role"] == "player"])
            _insert_many(run, f"result_players ({_SEAT})", [
                (rid, p["seat"], p["name"], p.get("colour") or "", p["role"], float(p["total"]), int(p["rank"]),
                 int(bool(p["winner"])), int(bool(p["eligible"]))) for p in record["players"]])
            _insert_many(run, "result_rows (result_id, position, seat, code, value)", [
                (rid, r["position"], seat, r["code"], None if v is None else float(v))
                for r in record["rows"] for seat, v in enumerate(r["values"])])

    def delete_result(self, result_id: str, *, owner: str | None = None) -> bool:
        where, params = _owned(owner)
        with self._tx() as run:
            if not run(f"DELETE FROM results WHERE id = ?{where} RETURNING id", (result_id, *params)):
                return False
            _drop_result(run, result_id)
        return True

    def results_version(self, *, owner: str | None = None) -> str:
        """Changes whenever this table's results change: the key statistics are cached under."""
        where, params = _owned(owner)
        with self._tx() as run:
            count, last = run(f"SELECT count(*), max(stored) FROM results WHERE 1 = 1{where}", params)[0]
            merged = run(f"SELECT count(*), count(merged_into), max(merged_at) FROM people WHERE 1 = 1{where}",
                         params)[0]
            people = run(f"SELECT max(value) FROM settings WHERE key = ?{where}", (history.PEOPLE_VERSION, *params))
        seen = ":".join(str(v) for v in merged)
        return f"{int(count)}:{last or 0}:{seen}:{people[0][0] if people else ''}"

    def result_frames(self, *, owner: str | None = None) -> dict[str, pd.DataFrame]:
        """This table's results as three frames: "results" (a play each), "players" (a seat each) and
        "rows" (a score-sheet cell each), read together in one snapshot."""
        return dict(zip(_RESULT_PARTS, self._frames(_result_queries(owner, rows=True)), strict=True))

    def result_records(self, *, owner: str | None = None) -> dict[str, list[dict[str, Any]]]:
        """The same plays and seats as `result_frames` (no score-sheet cells), as plain rows: for readers without
        pandas (the command line's report)."""
        queries = _result_queries(owner, rows=False)
        with self._tx() as run:
            found = [run(sql, params) for sql, params in queries]
        return {part: [dict(zip(_RESULT_PARTS[part], row, strict=True)) for row in rows]
                for part, rows in zip(_RESULT_PARTS, found, strict=False)}  # no cells

    def finished_without_result(self, *, owner: str | None = None) -> list[str]:
        """Finished stored games that have no result yet (what the statistics backfill replays)."""
        where, params = _owned(owner)
        with self._tx() as run:
            rows = run(f"SELECT id FROM games g WHERE over = 1{where} AND NOT EXISTS"
                       " (SELECT 1 FROM result_games r WHERE r.game_id = g.id) ORDER BY updated", params)
        return [r[0] for r in rows]

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _owned(owner: str | None) -> tuple[str, tuple]:
    return ("", ()) if owner is None else (" AND owner = ?", (owner,))


_PEOPLE = "owner, key, name, merged_into"
_CELL = "result_id, position, seat, code, value"
_RESULT_PARTS = {part: [c.strip() for c in columns.split(",")]  # what result_frames/result_records return, in order
                 for part, columns in (("people", _PEOPLE), ("results", _RESULT), ("players", _SEAT), ("rows", _CELL))}


def _result_queries(owner: str | None, *, rows: bool) -> list[tuple[str, tuple]]:
    """The people, plays, seats (and score-sheet cells) of `owner` (None: every table); deleted plays are kept
    for an undo, never counted."""
    where, params = _owned(owner)
    where = f" AND deleted IS NULL{where}"
    mine = f"SELECT id FROM results WHERE 1 = 1{where}"
    return [
        (f"SELECT {_PEOPLE} FROM people WHERE 1 = 1{_owned(owner)[0]}", params),
        (f"SELECT {_RESULT} FROM results WHERE 1 = 1{where} ORDER BY played, id", params),
        (f"SELECT {_SEAT} FROM result_players WHERE result_id IN ({mine}) ORDER BY result_id, seat", params),
        *([(f"SELECT {_CELL} FROM result_rows WHERE result_id IN ({mine}) ORDER BY result_id, position, seat",
            params)] if rows else []),
    ]


def _home(run: Run) -> str:
    return run("SELECT code FROM table_codes WHERE home = 1")[0][0]


def _game_owner(run: Run, game_id: str | None) -> str | None:
    rows = run("SELECT owner FROM games WHERE id = ?", (game_id,)) if game_id else []
    return rows[0][0] if rows else None


def _drop_result(run: Run, result_id: str) -> None:
    for table in ("result_rows", "result_players", "results"):
        run(f"DELETE FROM {table} WHERE {'id' if table == 'results' else 'result_id'} = ?", (result_id,))


def _result_values(record: dict[str, Any], owner: str) -> tuple:
    start = record.get("start_seat")
    return (record["id"], owner, record.get("game_id"), record["game"], record["source"], float(record["played"]),
            record.get("started"), record.get("game_id"), int(bool(record.get("solo"))), record.get("difficulty"),
            str(record.get("edition") or ""), _dump(record.get("options") or {}), _dump(list(record.get("tags") or [])),
            None if start is None else int(start), _dump(record.get("extra") or {}), time.time())


def _insert_many(run: Run, into: str, rows: list[tuple]) -> None:
    """One INSERT with many VALUES: a round trip per result, not per cell (PostgreSQL over a network)."""
    if rows:
        one = "(" + ", ".join("?" * len(rows[0])) + ")"
        run(f"INSERT INTO {into} VALUES {', '.join([one] * len(rows))}", tuple(v for row in rows for v in row))


def _save_text(session: Session) -> str:
    """The stored save: the save file's content without its indentation (the indented form is a file a person may
    read; json's C encoder only writes compact text, ~5x faster, and every tap writes it). Loads as any save."""
    from ..core import codec  # the engines load with the first game, not for the statistics

    return json.dumps(codec.to_save(session), ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _dump(meta: dict[str, Any]) -> str:
    return json.dumps(meta, ensure_ascii=False)


def _load(text: Any, kind: type, code: str, **params: str) -> Any:
    """A stored JSON value, or DamagedRowError naming which one is unreadable."""
    try:
        value = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        value = _Bad
    if value is _Bad or not isinstance(value, kind):
        LOG.error("damaged stored value %s %s", code, params)
        what = ", ".join(f"{k} {v!r}" for k, v in params.items())
        raise DamagedRowError(code, f"A stored value ({what}) is damaged and was not used.", **params)
    return value


class _Bad:
    pass


def _game_row(r: tuple) -> GameRow:
    """A listed game; unreadable columns (a hand-edited or damaged record) become a `problem`, not an error."""
    try:
        meta = json.loads(r[9] or "{}")
        if not isinstance(meta, dict):
            raise ValueError("meta is not an object")
        return GameRow(str(r[0]), str(r[1]), str(r[2]), str(r[3]), int(r[4]), bool(r[5]), int(r[6]),
                       float(r[7]), float(r[8]), meta)
    except (TypeError, ValueError, RecursionError) as err:
        LOG.error("damaged game record %r: %s", r[0], err)
        return GameRow(str(r[0]), str(r[1]), str(r[2]), str(r[3]), _num(r[4], int), bool(r[5] == 1),
                       _num(r[6], int), _num(r[7], float), _num(r[8], float), {}, problem=str(err)[:200])


def _num(value: Any, kind: type) -> Any:
    try:
        return kind(value)
    except (TypeError, ValueError):
        return kind(0)

