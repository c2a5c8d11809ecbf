"""The embedded default: one SQLite file (stdlib sqlite3, WAL) in the user's data directory.

Every write commits before it returns: a server killed right after an accepted action has that
action in the write-ahead log (tests/ui/test_crash_persistence.py kills a writer with SIGKILL).
One long-lived connection per Store, serialised by a lock, keeps this safe under Streamlit's threads
(opening one per write costs ~16 ms, because closing the last connection checkpoints the WAL).

A file that fails SQLite's quick check (e.g. one damaged page) is recovered: every row that can be read
is copied into a fresh file (companion/storage/rescue.py) and the damaged one renamed `<name>.damaged-<time>`.
A file that cannot be a database at all (0 bytes, a foreign header) is renamed the same way, never
deleted, and a new database is started; `notices` says which.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from .base import LOG, Notice, Store
from .errors import StorageError, StorageUnavailableError
from .rescue import recover
from .schema import LATEST, LEGACY_TABLES, migrate
from .sql import Run

if TYPE_CHECKING:
    import pandas as pd

HEADER = b"SQLite format 3\x00"


class SQLiteStore(Store):
    backend = "sqlite"

    def __init__(self, path: Path | str) -> None:
        super().__init__()
        self.path = Path(path)
        check_directory(self.path.parent)
        self._lock = threading.Lock()
        self._con = self._open_or_keep_aside()

    def _open_or_keep_aside(self) -> sqlite3.Connection:
        problem = file_problem(self.path)
        if problem is None:
            try:
                return self._open()
            except sqlite3.DatabaseError as err:
                problem = f"SQLite: {err}"
            recovered = self._recover(problem)
            if recovered is not None:
                return recovered
        kept = keep_aside(self.path)
        LOG.error("database %s cannot be used (%s); kept aside as %s", self.path, problem, kept)
        self.notices.append(Notice(
            "database_kept_aside",
            f"The saved-games database could not be read ({problem}). It was kept aside as {kept.name} and a new,"
            " empty one was started; the games from before are in that file.",
            {"kept_as": kept.name},
        ))
        return self._open()

    def _recover(self, problem: str) -> sqlite3.Connection | None:
        """A damaged file whose rows can still be read: copied into a fresh file, the damaged one kept aside."""
        fresh = self.path.with_name(self.path.name + ".recovering")
        fresh.unlink(missing_ok=True)
        try:
            rescue = recover(self.path, fresh)
        except (sqlite3.Error, OSError) as err:
            LOG.error("database %s could not be recovered: %s", self.path, err)
            rescue = None
        if rescue is None:
            fresh.unlink(missing_ok=True)
            return None
        kept = keep_aside(self.path)
        fresh.rename(self.path)
        try:
            con = self._open()
        except sqlite3.DatabaseError as err:
            LOG.error("the recovered database %s cannot be used either: %s", self.path, err)
            return None
        LOG.error("database %s was damaged (%s): %d games recovered into a new file, the damaged one kept aside"
                  " as %s; tables with unreadable rows: %s", self.path, problem, rescue.games, kept,
                  ", ".join(rescue.lost_tables) or "none")
        self.notices.append(Notice(
            "database_recovered",
            f"The saved-games database was damaged; {rescue.games} games were recovered into a new file and the"
            f" damaged one was kept aside as {kept.name}.",
            {"n": rescue.games, "kept_as": kept.name},
        ))
        return con

    def _open(self) -> sqlite3.Connection:
        con = sqlite3.connect(self.path, timeout=10, check_same_thread=False, isolation_level=None)
        try:
            con.execute("PRAGMA journal_mode=WAL")
            # In WAL mode NORMAL keeps every committed transaction when the process is killed (the WAL is
            # in the operating system's hands at commit); only a power cut may lose the last ones.
            con.execute("PRAGMA synchronous=NORMAL")
            check = con.execute("PRAGMA quick_check(1)").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(check)
            _migrate(con)
        except BaseException:
            con.close()
            raise
        return con

    @contextmanager
    def _tx(self) -> Iterator[Run]:
        with self._lock:
            con = self._con
            try:
                con.execute("BEGIN")
                yield lambda sql, params=(): con.execute(sql, params).fetchall()
                con.execute("COMMIT")
            except BaseException as err:
                if con.in_transaction:
                    con.execute("ROLLBACK")
                if isinstance(err, sqlite3.Error):
                    raise _failure(err) from err
                raise

    def _frames(self, queries: list[tuple[str, tuple]]) -> list[pd.DataFrame]:
        import pandas as pd  # only the statistics read frames

        try:
            with self._tx():  # holds the lock and one read transaction around every query
                return [pd.read_sql_query(sql, self._con, params=params) for sql, params in queries]
        except pd.errors.DatabaseError as err:  # pandas wraps the sqlite3 error
            cause = err.__cause__
            raise (_failure(cause) if isinstance(cause, sqlite3.Error) else _failure(sqlite3.Error(str(err)))) from err

    def close(self) -> None:
        with self._lock:
            self._con.close()


def _migrate(con: sqlite3.Connection) -> None:
    con.execute("BEGIN IMMEDIATE")
    try:
        version = con.execute("PRAGMA user_version").fetchone()[0]
        if version > LATEST:
            raise StorageUnavailableError(
                "database_too_new", "The saved games were written by a newer version of Companion; update the app."
            )
        if version < LATEST:
            names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            legacy = frozenset(LEGACY_TABLES) & names if version == 0 else frozenset()
            migrate(lambda sql, params=(): con.execute(sql, params).fetchall(), "sqlite", version, legacy)
            con.execute(f"PRAGMA user_version = {LATEST}")
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise


def _failure(err: sqlite3.Error) -> StorageError:
    LOG.error("SQLite error: %s", err)
    text = str(err).lower()
    if "readonly" in text or "read-only" in text:
        return StorageUnavailableError("storage_read_only", "Saved games are read-only here, so nothing can be saved.")
    if "full" in text:
        return StorageError("storage_full", "The disk is full, so the game could not be saved; nothing was changed.")
    if isinstance(err, sqlite3.DatabaseError) and not isinstance(err, sqlite3.OperationalError):
        return StorageError("storage_damaged", "The saved-games database is damaged; restart the app to set it aside.")
    return StorageError("storage_failed", "Saved games could not be read or written just now; nothing was changed.")


def check_directory(folder: Path) -> None:
    """Say at start, not at the first tap, that games cannot be saved here."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        LOG.error("data directory %s cannot be created: %s", folder, err)
        raise StorageUnavailableError(
            "data_dir_missing",
            "The folder for saved games does not exist and cannot be made, so no game can be saved. Whoever runs"
            " the app: check COMPANION_DATA_DIR (the server log names the folder).",
        ) from err
    probe = folder / f".companion-write-test-{os.getpid()}-{threading.get_ident()}"
    try:
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as err:
        LOG.error("data directory %s is not writable: %s", folder, err)
        raise StorageUnavailableError(
            "data_dir_read_only",
            "The folder for saved games is read-only, so no game can be saved. Whoever runs the app: make it"
            " writable or set COMPANION_DATA_DIR (the server log names the folder).",
        ) from err


def file_problem(path: Path) -> str | None:
    """Why an existing file cannot be our database (None: absent, or it looks like SQLite)."""
    if not path.exists():
        return None
    with path.open("rb") as f:
        head = f.read(len(HEADER))
    if not head:
        return "the file is empty (0 bytes)"
    if head != HEADER:
        return "the file is not an SQLite database"
    return None


def keep_aside(path: Path) -> Path:
    """Rename a damaged database (with its -wal and -shm files) so nothing in it is lost."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    path.rename(target)
    for suffix in ("-wal", "-shm"):
        extra = path.with_name(path.name + suffix)
        if extra.exists():
            extra.rename(target.with_name(target.name + suffix))
    return target
