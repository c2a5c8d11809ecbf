"""Saved games, box-check overrides and settings in one SQLite file (stdlib sqlite3, WAL).

The file lives in the user's data directory ($XDG_DATA_HOME/companion, ~/.local/share/companion),
or wherever COMPANION_DATA_DIR points. A game is stored as its save (setup + action log, the
same JSON the export writes), so a row is always replayable. Every write commits before it
returns: a server killed right after an accepted action has that action in the database file's
write-ahead log (tests/ui/test_crash_persistence.py kills a writer with SIGKILL to prove it).

One long-lived connection per Store, serialised by a lock, keeps this safe under Streamlit's threads.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .core import codec
from .core.session import Session

DB_NAME = "companion.sqlite3"
ENV_DIR = "COMPANION_DATA_DIR"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    title TEXT NOT NULL,
    save TEXT NOT NULL,
    meta TEXT NOT NULL DEFAULT '{}',
    actions INTEGER NOT NULL DEFAULT 0,
    over INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS box_overrides (
    game TEXT PRIMARY KEY,
    overrides TEXT NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""


def data_dir() -> Path:
    """Where the database lives: $COMPANION_DATA_DIR, else the XDG user data directory."""
    env = os.environ.get(ENV_DIR)
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "companion"


@dataclass(frozen=True)
class GameRow:
    id: str
    game: str
    title: str
    actions: int
    over: bool
    created: float
    updated: float
    meta: dict[str, Any]


class Store:
    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else data_dir() / DB_NAME
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # One connection, kept open and shared by Streamlit's session threads under a lock:
        # opening one per write costs ~16 ms, because closing the last connection checkpoints the WAL.
        self._con = sqlite3.connect(self.path, timeout=10, check_same_thread=False)
        self._lock = threading.Lock()
        self._con.execute("PRAGMA journal_mode=WAL")
        # In WAL mode NORMAL keeps every committed transaction when the process is killed (the
        # WAL is in the operating system's hands at commit); only a power cut may lose the last
        # ones. FULL would fsync on every tap.
        self._con.execute("PRAGMA synchronous=NORMAL")
        with self._connect() as con:
            con.executescript(_SCHEMA)

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        with self._lock, self._con:  # one transaction: commits on success, rolls back on error
            yield self._con

    def close(self) -> None:
        with self._lock:
            self._con.close()

    # -- games -------------------------------------------------------------------------
    def new_id(self) -> str:
        return uuid.uuid4().hex[:12]

    def save_game(self, game_id: str, session: Session, title: str = "", meta: dict[str, Any] | None = None) -> None:
        """Insert or update a game with its whole log (called after every accepted action)."""
        now = time.time()
        save = codec.dumps(session)
        with self._connect() as con:
            row = con.execute("SELECT title, meta FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                con.execute(
                    "INSERT INTO games (id, game, title, save, meta, actions, over, created, updated)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        game_id,
                        session.game.name,
                        title or session.game.name,
                        save,
                        json.dumps(meta or {}, ensure_ascii=False),
                        len(session.log),
                        int(session.is_over),
                        now,
                        now,
                    ),
                )
            else:
                con.execute(
                    "UPDATE games SET save = ?, actions = ?, over = ?, updated = ?, title = ?, meta = ? WHERE id = ?",
                    (
                        save,
                        len(session.log),
                        int(session.is_over),
                        now,
                        title or row[0],
                        json.dumps(meta, ensure_ascii=False) if meta is not None else row[1],
                        game_id,
                    ),
                )

    def load_game(self, game_id: str) -> tuple[Session, GameRow]:
        """Replay a stored game (raises KeyError if there is none, SaveError if it is damaged)."""
        with self._connect() as con:
            row = con.execute(
                "SELECT save, id, game, title, actions, over, created, updated, meta FROM games WHERE id = ?",
                (game_id,),
            ).fetchone()
        if row is None:
            raise KeyError(game_id)
        return codec.loads(row[0]), _game_row(row[1:])

    def has_game(self, game_id: str) -> bool:
        with self._connect() as con:
            return con.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is not None

    def save_text(self, game_id: str) -> str:
        with self._connect() as con:
            row = con.execute("SELECT save FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise KeyError(game_id)
        return row[0]

    def list_games(self) -> list[GameRow]:
        with self._connect() as con:
            rows = con.execute(
                "SELECT id, game, title, actions, over, created, updated, meta FROM games ORDER BY updated DESC"
            ).fetchall()
        return [_game_row(r) for r in rows]

    def delete_game(self, game_id: str) -> None:
        with self._connect() as con:
            con.execute("DELETE FROM games WHERE id = ?", (game_id,))

    # -- box check ---------------------------------------------------------------------
    def box_overrides(self, game: str) -> dict[str, Any]:
        with self._connect() as con:
            row = con.execute("SELECT overrides FROM box_overrides WHERE game = ?", (game,)).fetchone()
        return json.loads(row[0]) if row else {}

    def set_box_overrides(self, game: str, overrides: dict[str, Any]) -> None:
        with self._connect() as con:
            con.execute(
                "INSERT INTO box_overrides (game, overrides, updated) VALUES (?, ?, ?)"
                " ON CONFLICT(game) DO UPDATE SET overrides = excluded.overrides, updated = excluded.updated",
                (game, json.dumps(overrides, ensure_ascii=False, sort_keys=True), time.time()),
            )

    # -- settings ----------------------------------------------------------------------
    def setting(self, key: str, default: Any = None) -> Any:
        with self._connect() as con:
            row = con.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else default

    def set_setting(self, key: str, value: Any) -> None:
        with self._connect() as con:
            con.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, json.dumps(value)),
            )


def _game_row(r: tuple) -> GameRow:
    return GameRow(r[0], r[1], r[2], int(r[3]), bool(r[4]), float(r[5]), float(r[6]), json.loads(r[7] or "{}"))
