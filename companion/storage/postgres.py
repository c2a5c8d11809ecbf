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
import time
import warnings
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Any

from .base import LOG, Store
from .errors import StorageError, StorageUnavailableError
from .schema import LATEST, migrate

if TYPE_CHECKING:
    import pandas as pd

try:
    import psycopg
except ImportError:  # the SQLite default needs no driver
    psycopg = None  # type: ignore[assignment]

_MIGRATION_LOCK = 0x436F6D70  # any constant shared by every replica
CONNECT_SECONDS = 5
MAX_BACKOFF = 16.0  # seconds between tries while the database server is down
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
        self._con: Any = None
        self._failures = 0
        self._retry_at = 0.0
        with self._tx() as run:
            _migrate(run)

    def _connect(self) -> Any:
        return psycopg.connect(self._url, autocommit=True, connect_timeout=CONNECT_SECONDS)

    def _begin(self, stack: ExitStack) -> Any:
        """A transaction's cursor. A connection the server dropped while it was idle (a restart of the
        database) fails at BEGIN, before anything was sent: it is replaced once by a fresh one."""
        for attempt in range(2):
            try:
                if self._con is None or self._con.closed or self._con.broken:
                    self._con = self._connect()
                stack.enter_context(self._con.transaction())
                return stack.enter_context(self._con.cursor())
            except psycopg.OperationalError:
                if attempt or self._con is None:
                    raise
                self._con.close()
        raise AssertionError("unreachable")

    @contextmanager
    def _tx(self) -> Iterator[Any]:
        with self._lock:
            if self._failures and time.monotonic() < self._retry_at:  # down: no network until the next try
                raise StorageUnavailableError("database_unreachable", _UNREACHABLE)
            try:
                with ExitStack() as stack:
                    cur = self._begin(stack)
                    yield lambda sql, params=(): _run(cur, sql, params)
            except psycopg.Error as err:
                if isinstance(err, psycopg.OperationalError):
                    self._went_down(err)
                    raise StorageUnavailableError("database_unreachable", _UNREACHABLE) from err
                LOG.error("PostgreSQL error: %s", err)
                raise StorageError(
                    "storage_failed", "Saved games could not be read or written just now; nothing was changed."
                ) from err
            self._came_back()

    def _went_down(self, err: Exception) -> None:
        """Retry with back-off (1, 2, 4 … 16 s): while down, every call fails at once, without the network."""
        if not self._failures:
            self.down_since = time.time()
            LOG.error("PostgreSQL at %s cannot be reached: %s", _without_password(self._url), err)
        self._failures += 1
        self._retry_at = time.monotonic() + min(MAX_BACKOFF, 2.0 ** (self._failures - 1))
        if self._con is not None:
            self._con.close()

    def _came_back(self) -> None:
        if self._failures:
            LOG.warning("PostgreSQL at %s can be reached again", _without_password(self._url))
            self._failures, self.down_since = 0, None

    def _frames(self, queries: list[tuple[str, tuple]]) -> list[pd.DataFrame]:
        import pandas as pd  # only the statistics read frames

        try:
            with self._tx(), warnings.catch_warnings():  # the lock and one transaction around every query
                # pandas warns for any DBAPI connection but sqlite3's; psycopg's cursor is all it uses
                warnings.filterwarnings("ignore", "pandas only supports SQLAlchemy", UserWarning)
                return [pd.read_sql_query(sql.replace("?", "%s"), self._con, params=params) for sql, params in queries]
        except pd.errors.DatabaseError as err:  # pandas wraps the psycopg error
            LOG.error("PostgreSQL error: %s", err)
            if isinstance(err.__cause__, psycopg.OperationalError):
                raise StorageUnavailableError("database_unreachable", _UNREACHABLE) from err
            raise StorageError(
                "storage_failed", "Saved games could not be read or written just now; nothing was changed."
            ) from err

    def close(self) -> None:
        with self._lock:
            if self._con is not None:
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
