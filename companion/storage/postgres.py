"""PostgreSQL (psycopg 3) for a club server or a hosted instance with several app replicas.

Chosen when COMPANION_DATABASE_URL is set (e.g. postgresql://companion@db/companion). The schema
version is kept in a `schema_version` table; replicas that start together migrate one at a time
(a transaction-scoped advisory lock). Compare-and-set is the same single conditional UPDATE as in
SQLite: under READ COMMITTED a second writer waits for the first and then finds the revision moved.

One connection per Store, serialised by a lock and reopened once if the server dropped it.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .base import LOG, Store
from .errors import StorageError, StorageUnavailableError
from .schema import LATEST, migrate

try:
    import psycopg
except ImportError:  # the SQLite default needs no driver
    psycopg = None  # type: ignore[assignment]

_MIGRATION_LOCK = 0x436F6D70  # any constant shared by every replica
_UNREACHABLE = (
    "The database server cannot be reached, so games cannot be loaded or saved. Whoever runs the app: check"
    " COMPANION_DATABASE_URL and the server (details are in the server log)."
)


class PostgresStore(Store):
    backend = "postgresql"

    def __init__(self, url: str) -> None:
        super().__init__()
        if psycopg is None:
            raise StorageUnavailableError(
                "database_driver_missing", "COMPANION_DATABASE_URL is set but the psycopg package is not installed."
            )
        self._url = url
        self._lock = threading.Lock()
        self._con = self._connect()
        with self._tx() as run:
            _migrate(run)

    def _connect(self) -> Any:
        try:
            return psycopg.connect(self._url, autocommit=True, connect_timeout=10)
        except psycopg.Error as err:
            LOG.error("cannot connect to PostgreSQL at %s: %s", _without_password(self._url), err)
            raise StorageUnavailableError("database_unreachable", _UNREACHABLE) from err

    @contextmanager
    def _tx(self) -> Iterator[Any]:
        with self._lock:
            if self._con.closed or self._con.broken:
                self._con = self._connect()
            try:
                with self._con.transaction(), self._con.cursor() as cur:
                    yield lambda sql, params=(): _run(cur, sql, params)
            except psycopg.Error as err:
                LOG.error("PostgreSQL error: %s", err)
                if isinstance(err, psycopg.OperationalError):
                    raise StorageUnavailableError("database_unreachable", _UNREACHABLE) from err
                raise StorageError(
                    "storage_failed", "Saved games could not be read or written just now; nothing was changed."
                ) from err

    def close(self) -> None:
        with self._lock:
            self._con.close()


def _run(cur: Any, sql: str, params: tuple = ()) -> list[tuple]:
    cur.execute(sql.replace("?", "%s"), params)
    return cur.fetchall() if cur.description is not None else []


def _migrate(run: Any) -> None:
    run("SELECT pg_advisory_xact_lock(?)", (_MIGRATION_LOCK,))
    run("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
    rows = run("SELECT version FROM schema_version")
    version = int(rows[0][0]) if rows else 0
    if version > LATEST:
        raise StorageUnavailableError(
            "database_too_new", "The saved games were written by a newer version of Companion; update the app."
        )
    if version < LATEST:
        migrate(run, "postgresql", version)
        run("DELETE FROM schema_version")
        run("INSERT INTO schema_version (version) VALUES (?)", (LATEST,))


def _without_password(url: str) -> str:
    return re.sub(r"(://[^:/@]+):[^@]*@", r"\1:***@", url)
