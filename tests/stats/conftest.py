"""Statistics fixtures: the 30-result fixture in a store, and the storage tests' two backends (SQLite and a
real PostgreSQL started by tests/storage/pg_server.py) for the results table."""

from __future__ import annotations

import pytest

from companion.stats.frames import Frames
from companion.storage import open_store
from tests.storage.conftest import location, opener, pg_server, pig_registered, store  # noqa: F401

from .fixture import store_all


@pytest.fixture
def local_store(tmp_path):
    with open_store(tmp_path / "companion.sqlite3") as s:
        yield s


@pytest.fixture
def frames30(local_store) -> Frames:
    store_all(local_store)
    return Frames.load(local_store)
