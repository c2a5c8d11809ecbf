"""The play history's identity in the store: which stored game a result came from, results a table deleted
(kept, so they can be restored), and the table's people (each spelling of a name, and merges of two people).

A play has one identity: a tracked game's result id is "p-" and a digest of what was played (the save's
checksum over game, setup and log), so importing, resuming or replaying the same game stores one result;
`result_games` links every stored game to the result it produced. People are keyed by their name trimmed,
with runs of spaces made one and case-folded ("Anna" and "anna " are one person); `merged_into` makes a
person an alias of another (undone by clearing it).

Schema step v3 (`to_v3`, in schema.MIGRATIONS) and the Store calls that use these tables.
"""

from __future__ import annotations

import hashlib
import json
import time
from typing import Any

from ..core.canonical import canonical_bytes
from .sql import Run, script
from .sql import Transactional as Store  # base.Store imports this module: the helpers need only its transaction

PEOPLE_VERSION = "stats.people_version"  # a table setting that changes with every merge and its undo

V3 = """
ALTER TABLE results ADD COLUMN deleted {real};
CREATE TABLE result_games (game_id TEXT PRIMARY KEY, result_id TEXT NOT NULL);
CREATE INDEX result_games_by_result ON result_games (result_id);
CREATE TABLE people (
    owner TEXT NOT NULL, key TEXT NOT NULL, name TEXT NOT NULL, merged_into TEXT, merged_at {real},
    PRIMARY KEY (owner, key))
"""


def person_key(name: str) -> str:
    """Who a typed name is: trimmed, inner runs of spaces made one, case-folded."""
    return " ".join(str(name).split()).casefold()


def shown_name(name: str) -> str:
    return " ".join(str(name).split())


def play_key(game: str, setup: Any, log: Any) -> str:
    """The identity of a tracked play: the digest a save's checksum carries (game, setup and log)."""
    return hashlib.sha256(canonical_bytes({"game": game, "setup": setup, "log": log})).hexdigest()


def tracked_id(key: str) -> str:
    return f"p-{key[:24]}"


def _save_key(text: Any) -> str | None:
    """A stored save's play key (None: unreadable; such a result keeps its old id)."""
    try:
        save = json.loads(text)
        if isinstance(save.get("checksum"), str) and len(save["checksum"]) == 64:
            return save["checksum"]
        return play_key(save["game"], save["setup"], save["log"])
    except (TypeError, ValueError, KeyError, AttributeError):
        return None


def to_v3(run: Run, dialect: str, legacy: frozenset[str]) -> None:
    """Deleted results, the game -> result links and the people; results already stored get their play's
    identity (copies of one imported save become one result) and their people."""
    script(run, V3, dialect)
    rows = run("SELECT r.id, r.game_id, g.save FROM results r JOIN games g ON g.id = r.game_id"
               " ORDER BY r.stored, r.id")
    for rid, game_id, save in rows:
        key = _save_key(save)
        new = tracked_id(key) if key else rid
        if new != rid and run("SELECT 1 FROM results WHERE id = ?", (new,)):
            for table, column in (("result_rows", "result_id"), ("result_players", "result_id"), ("results", "id")):
                run(f"DELETE FROM {table} WHERE {column} = ?", (rid,))  # a copy of a play already kept
        elif new != rid:
            for table, column in (("results", "id"), ("result_players", "result_id"), ("result_rows", "result_id")):
                run(f"UPDATE {table} SET {column} = ? WHERE {column} = ?", (new, rid))
        run("INSERT INTO result_games (game_id, result_id) VALUES (?, ?)", (game_id, new))
    seen = run("SELECT DISTINCT r.owner, p.name FROM result_players p JOIN results r ON r.id = p.result_id"
               " WHERE p.role = 'player'")
    for owner, name in seen:
        add_people(run, owner, [name])


def add_people(run: Run, owner: str, names: list[str]) -> None:
    for name in names:
        if person_key(name):
            run("INSERT INTO people (owner, key, name) VALUES (?, ?, ?) ON CONFLICT (owner, key) DO NOTHING",
                (owner, person_key(name), shown_name(name)))


def link_game(run: Run, game_id: str | None, result_id: str) -> None:
    if game_id:
        run("INSERT INTO result_games (game_id, result_id) VALUES (?, ?)"
            " ON CONFLICT (game_id) DO UPDATE SET result_id = excluded.result_id", (game_id, result_id))


# -- Store calls ----------------------------------------------------------------------------------------
def _owned(owner: str | None) -> tuple[str, tuple]:
    return ("", ()) if owner is None else (" AND owner = ?", (owner,))


def reopen_game(store: Store, game_id: str, *, owner: str | None = None) -> bool:
    """A finished game was reopened (undo): its link goes, and its result too unless another stored game
    (a copy of the same play) still ends in it. True if a result was taken back."""
    where, params = _owned(owner)
    with store._tx() as run:
        found = run("SELECT result_id FROM result_games WHERE game_id = ?", (game_id,))
        if not found:
            return False
        rid = found[0][0]
        run("DELETE FROM result_games WHERE game_id = ?", (game_id,))
        others = run("SELECT 1 FROM result_games l JOIN games g ON g.id = l.game_id"
                     " WHERE l.result_id = ? AND g.over = 1", (rid,))
        if others or not run(f"SELECT 1 FROM results WHERE id = ?{where}", (rid, *params)):
            return False
        for table, column in (("result_rows", "result_id"), ("result_players", "result_id"), ("results", "id")):
            run(f"DELETE FROM {table} WHERE {column} = ?", (rid,))
    return True


def set_deleted(store: Store, result_id: str, deleted: bool, *, owner: str | None = None) -> bool:
    """Delete a result from the history (kept, marked) or restore it; False if this table has no such result."""
    where, params = _owned(owner)
    with store._tx() as run:
        rows = run(f"UPDATE results SET deleted = ?, stored = ? WHERE id = ?{where} RETURNING id",
                   (time.time() if deleted else None, time.time(), result_id, *params))
    return bool(rows)


def deleted_results(store: Store, *, owner: str | None = None) -> list[dict[str, Any]]:
    """The deleted results, the last deleted first: id, game, played, deleted, the players' names."""
    where, params = _owned(owner)
    with store._tx() as run:
        rows = run(f"SELECT id, game, played, deleted FROM results WHERE deleted IS NOT NULL{where}"
                   " ORDER BY deleted DESC, id", params)
        names = {}
        for rid, *_ in rows:
            names[rid] = [r[0] for r in run("SELECT name FROM result_players WHERE result_id = ? ORDER BY seat",
                                            (rid,))]
    return [{"id": r[0], "game": r[1], "played": float(r[2]), "deleted": float(r[3]), "players": names[r[0]]}
            for r in rows]


def people(store: Store, *, owner: str | None = None) -> list[dict[str, Any]]:
    """The table's people: key, name, and the key of the person each is merged into (None: their own)."""
    where, params = _owned(owner)
    with store._tx() as run:
        rows = run(f"SELECT owner, key, name, merged_into FROM people WHERE 1 = 1{where} ORDER BY key", params)
    return [{"owner": r[0], "key": r[1], "name": r[2], "merged_into": r[3]} for r in rows]


def _root(run: Run, owner: str, key: str) -> str:
    seen = {key}
    while True:
        rows = run("SELECT merged_into FROM people WHERE owner = ? AND key = ?", (owner, key))
        if not rows or not rows[0][0] or rows[0][0] in seen:
            return key
        key = rows[0][0]
        seen.add(key)


def _sat_together(run: Run, owner: str, a: str, b: str) -> bool:
    """Whether the two people (merges followed) sat in one play: then they are two people, never one."""
    roots = {_root(run, owner, a): "a", _root(run, owner, b): "b"}
    seats = run("SELECT p.result_id, p.name FROM result_players p JOIN results r ON r.id = p.result_id"
                " WHERE r.owner = ? AND p.role = 'player'", (owner,))
    cache: dict[str, str] = {}
    found: dict[str, set[str]] = {}
    for rid, name in seats:
        key = person_key(name)
        if key not in cache:
            cache[key] = roots.get(_root(run, owner, key), "")
        if cache[key]:
            found.setdefault(rid, set()).add(cache[key])
    return any(len(sides) == 2 for sides in found.values())


def merge_people(store: Store, owner: str, alias: str, into: str) -> bool:
    """Count the person `alias` as `into` from now on (both names or keys); False if either is unknown, they
    are already one person, or they sat in one play together."""
    a, b = person_key(alias), person_key(into)
    with store._tx() as run:
        known = {r[0] for r in run("SELECT key FROM people WHERE owner = ? AND key IN (?, ?)", (owner, a, b))}
        if known != {a, b} or _root(run, owner, b) == _root(run, owner, a) or _sat_together(run, owner, a, b):
            return False
        run("UPDATE people SET merged_into = ?, merged_at = ? WHERE owner = ? AND key = ?",
            (_root(run, owner, b), time.time(), owner, a))
        _touch(run, owner)
    return True


def _touch(run: Run, owner: str) -> None:
    run("INSERT INTO settings (owner, key, value) VALUES (?, ?, ?)"
        " ON CONFLICT (owner, key) DO UPDATE SET value = excluded.value",
        (owner, PEOPLE_VERSION, json.dumps(time.time())))


def unmerge_person(store: Store, owner: str, alias: str) -> bool:
    """Undo a merge: `alias` is a person of their own again (False: they were not merged)."""
    with store._tx() as run:
        rows = run("UPDATE people SET merged_into = NULL, merged_at = NULL WHERE owner = ? AND key = ?"
                   " AND merged_into IS NOT NULL RETURNING key", (owner, person_key(alias)))
        if rows:
            _touch(run, owner)
    return bool(rows)


def result_of(store: Store, game_id: str) -> str | None:
    """The result a stored game ended in (None: none yet)."""
    with store._tx() as run:
        rows = run("SELECT result_id FROM result_games WHERE game_id = ?", (game_id,))
    return rows[0][0] if rows else None
