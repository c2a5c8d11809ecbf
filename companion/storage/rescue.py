"""Recovering a damaged SQLite file: every row that can still be read is copied into a fresh file.

A damaged index page (or a damaged page of one table) must not hide the games that are intact: the
tables are read row by row without their indexes (NOT INDEXED, so a broken index is never used), the
schema and the schema version are copied as they were, and the indexes are built anew. The damaged
file itself is then kept aside by the caller, never deleted. docs/deploy.md gives the same rescue by hand.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from .base import LOG


@dataclass(frozen=True)
class Rescue:
    games: int  # games copied into the new file
    lost_tables: tuple[str, ...]  # tables of which some rows could not be read


def recover(damaged: Path, fresh: Path) -> Rescue | None:
    """Copy what can be read from `damaged` into the new file `fresh`; None if nothing at all can be read
    (no schema: the caller starts an empty database)."""
    src = sqlite3.connect(damaged, isolation_level=None)
    try:
        version = src.execute("PRAGMA user_version").fetchone()[0]
        objects = src.execute(
            "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'"
        ).fetchall()
    except sqlite3.DatabaseError as err:
        LOG.error("the damaged database %s has no readable schema: %s", damaged, err)
        src.close()
        return None
    dst = sqlite3.connect(fresh, isolation_level=None)
    try:
        dst.execute("BEGIN")
        lost = [name for kind, name, sql in objects if kind == "table" and not _copy_table(src, dst, name, sql)]
        for kind, name, sql in objects:
            if kind != "table":
                _try(dst, sql, name)  # indexes (and views, triggers) built anew from the copied rows
        dst.execute(f"PRAGMA user_version = {int(version)}")
        dst.execute("COMMIT")
        games = dst.execute("SELECT count(*) FROM games").fetchone()[0] if _has_table(dst, "games") else 0
    finally:
        dst.close()
        src.close()
    return Rescue(int(games), tuple(lost))


def _copy_table(src: sqlite3.Connection, dst: sqlite3.Connection, name: str, sql: str) -> bool:
    """True if every row was read; the rows read before a damaged page are kept either way."""
    dst.execute(sql)
    quoted = '"' + name.replace('"', '""') + '"'
    rows = src.execute(f"SELECT * FROM {quoted} NOT INDEXED")
    complete = True
    while True:
        try:
            batch = rows.fetchmany(500)
        except sqlite3.DatabaseError as err:
            LOG.error("table %s of a damaged database: rows after a damaged page are lost: %s", name, err)
            complete = False
            break
        if not batch:
            break
        marks = ", ".join("?" * len(batch[0]))
        dst.executemany(f"INSERT OR IGNORE INTO {quoted} VALUES ({marks})", batch)
    return complete


def _try(dst: sqlite3.Connection, sql: str, name: str) -> None:
    try:
        dst.execute(sql)
    except sqlite3.DatabaseError as err:
        LOG.error("%s could not be rebuilt in the recovered database: %s", name, err)


def _has_table(con: sqlite3.Connection, name: str) -> bool:
    return bool(con.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)).fetchall())
