"""The database schema and its migrations, shared by both backends.

A backend keeps the schema version (SQLite: PRAGMA user_version; PostgreSQL: a schema_version
table) and runs, in one transaction, every step above it. A new table (e.g. play results) is a new
step at the end of MIGRATIONS; steps already shipped never change.

SQL is written once with `?` placeholders; the PostgreSQL backend turns them into `%s`.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from .ids import is_game_id, new_game_id, new_table_code
from .sql import Run, script

# Games belong to a table (owner = its code); saves stay the JSON export format, replayed on load.
V1 = """
CREATE TABLE table_codes (
    code TEXT PRIMARY KEY, home {int} NOT NULL DEFAULT 0, created {real} NOT NULL);
CREATE TABLE games (
    id TEXT PRIMARY KEY, owner TEXT NOT NULL, game TEXT NOT NULL, title TEXT NOT NULL,
    save TEXT NOT NULL, meta TEXT NOT NULL DEFAULT '{{}}', actions {int} NOT NULL DEFAULT 0,
    over {int} NOT NULL DEFAULT 0, revision {int} NOT NULL DEFAULT 1,
    created {real} NOT NULL, updated {real} NOT NULL);
CREATE INDEX games_by_owner ON games (owner, updated);
CREATE TABLE box_overrides (
    owner TEXT NOT NULL, game TEXT NOT NULL, overrides TEXT NOT NULL, updated {real} NOT NULL,
    PRIMARY KEY (owner, game));
CREATE TABLE settings (
    owner TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (owner, key))
"""

# The single-file schema of the first app (no owners, no revisions), still found on users' disks.
LEGACY_TABLES = ("games", "box_overrides", "settings")


def to_v1(run: Run, dialect: str, legacy: frozenset[str]) -> None:
    """Owned games with revisions; a database of the first app moves into the home table."""
    for name in legacy:
        run(f"ALTER TABLE {name} RENAME TO legacy_{name}")
    script(run, V1, dialect)
    home = new_table_code()
    run("INSERT INTO table_codes (code, home, created) VALUES (?, 1, ?)", (home, time.time()))
    _copy_legacy(run, home, legacy)


def _copy_legacy(run: Run, home: str, legacy: frozenset[str]) -> None:
    if "games" in legacy:
        for row in run("SELECT id, game, title, save, meta, actions, over, created, updated FROM legacy_games"):
            # a client could choose the id on the first app (?g=...); such ids are replaced, never kept
            game_id = row[0] if is_game_id(row[0]) else new_game_id()
            run(
                "INSERT INTO games (id, owner, game, title, save, meta, actions, over, revision, created, updated)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)",
                (game_id, home, *row[1:]),
            )
    if "box_overrides" in legacy:
        run(
            "INSERT INTO box_overrides (owner, game, overrides, updated)"
            " SELECT ?, game, overrides, updated FROM legacy_box_overrides",
            (home,),
        )
    if "settings" in legacy:
        run("INSERT INTO settings (owner, key, value) SELECT ?, key, value FROM legacy_settings", (home,))
    for name in legacy:
        run(f"DROP TABLE legacy_{name}")


# Results of finished games and saved quick scores (companion/stats): one row per play, per seat and per
# score-sheet cell, so statistics are read with SQL instead of replaying saves. A result outlives its game.
V2 = """
CREATE TABLE results (
    id TEXT PRIMARY KEY, owner TEXT NOT NULL, game_id TEXT, game TEXT NOT NULL, source TEXT NOT NULL,
    played {real} NOT NULL, started {real}, solo {int} NOT NULL DEFAULT 0, difficulty TEXT,
    edition TEXT NOT NULL DEFAULT '', options TEXT NOT NULL DEFAULT '{{}}', tags TEXT NOT NULL DEFAULT '',
    start_seat {int}, extra TEXT NOT NULL DEFAULT '{{}}', stored {real} NOT NULL);
CREATE INDEX results_by_owner ON results (owner, played);
CREATE INDEX results_by_game ON results (game_id);
CREATE TABLE result_players (
    result_id TEXT NOT NULL, seat {int} NOT NULL, name TEXT NOT NULL, colour TEXT NOT NULL DEFAULT '',
    role TEXT NOT NULL, total {real} NOT NULL, rank {int} NOT NULL, winner {int} NOT NULL,
    eligible {int} NOT NULL, PRIMARY KEY (result_id, seat));
CREATE TABLE result_rows (
    result_id TEXT NOT NULL, position {int} NOT NULL, seat {int} NOT NULL, code TEXT NOT NULL, value {real},
    PRIMARY KEY (result_id, position, seat))
"""


def to_v2(run: Run, dialect: str, legacy: frozenset[str]) -> None:
    """The results tables (empty: the statistics backfill them once from finished saved games)."""
    script(run, V2, dialect)


def to_v3(run: Run, dialect: str, legacy: frozenset[str]) -> None:
    """The play history's identity: deleted results, game -> result links, people (companion/storage/history.py)."""
    from .history import to_v3 as step

    step(run, dialect, legacy)


MIGRATIONS: list[Callable[[Run, str, frozenset[str]], None]] = [to_v1, to_v2, to_v3]
LATEST = len(MIGRATIONS)


def migrate(run: Run, dialect: str, version: int, legacy: frozenset[str] = frozenset()) -> int:
    """Run every step above `version`; returns the new version. `legacy`: the first app's tables found."""
    for step in MIGRATIONS[version:]:
        step(run, dialect, legacy)
    return LATEST
