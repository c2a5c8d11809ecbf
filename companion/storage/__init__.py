"""Saved games, box-check corrections and settings behind one `Store` interface.

`open_store()` picks the backend: PostgreSQL when $COMPANION_DATABASE_URL is set (clubs, hosted
instances with several replicas), else the embedded SQLite file in the user's data directory
($COMPANION_DATA_DIR, else $XDG_DATA_HOME/companion or ~/.local/share/companion). docs/deploy.md
says which to use where.
"""

from __future__ import annotations

import os
from pathlib import Path

from .base import GameRow, Notice, Store
from .errors import (
    DamagedRowError,
    GameNotFoundError,
    StaleRevisionError,
    StorageError,
    StorageUnavailableError,
    UnknownTableError,
)
from .ids import is_game_id, normal_code, shown_code

DB_NAME = "companion.sqlite3"
ENV_DIR = "COMPANION_DATA_DIR"
ENV_URL = "COMPANION_DATABASE_URL"

__all__ = [
    "DB_NAME",
    "ENV_DIR",
    "ENV_URL",
    "DamagedRowError",
    "GameNotFoundError",
    "GameRow",
    "Notice",
    "StaleRevisionError",
    "StorageError",
    "StorageUnavailableError",
    "Store",
    "UnknownTableError",
    "data_dir",
    "is_game_id",
    "normal_code",
    "open_store",
    "shown_code",
    "store_location",
]


def data_dir() -> Path:
    """Where the SQLite database lives: $COMPANION_DATA_DIR, else the XDG user data directory."""
    env = os.environ.get(ENV_DIR)
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "companion"


def store_location() -> str:
    """What open_store() would open (a key for caching one Store per location; may hold a password)."""
    return os.environ.get(ENV_URL) or str(data_dir() / DB_NAME)


def open_store(location: str | Path | None = None) -> Store:
    """A Store for a postgresql:// URL or an SQLite file path (default: store_location())."""
    where = str(location) if location is not None else store_location()
    if where.startswith(("postgresql://", "postgres://")) or (location is None and os.environ.get(ENV_URL)):
        from .postgres import PostgresStore

        return PostgresStore(where)
    from .sqlite import SQLiteStore

    return SQLiteStore(where)
