"""Small helpers for the storage tests: a game of Pig at a table, and a device's Table on it."""

from __future__ import annotations

from companion.core import Session
from companion.storage import Store
from companion.ui.dispatch import Table
from tests.core.toy_game import GAME as PIG

SETUP = {"players": ["Ada", "Bo"], "seed": 3}


def new_game(store: Store, owner: str | None = None, title: str = "Pig") -> Table:
    """A new game stored at `owner` (a new table if None), as the device that created it sees it."""
    owner = owner or store.new_table()
    session = Session.new(PIG, SETUP)
    row = store.create_game(session, owner=owner, title=title, meta={"colours": ["red", "blue"]})
    return Table(row.id, session, row.title, row.meta, owner=owner, revision=row.revision)


def device(store: Store, table: Table) -> Table:
    """Another device opening the same game (from the store, as it is now)."""
    session, row = store.load_game(table.game_id, owner=table.owner)
    return Table(row.id, session, row.title, row.meta, owner=row.owner, revision=row.revision)


def stored_log(store: Store, table: Table) -> list:
    return store.load_game(table.game_id, owner=table.owner)[0].log
