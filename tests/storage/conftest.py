"""Every storage test runs against both backends: SQLite in a temp dir and a real PostgreSQL.

The PostgreSQL server is started once per test process in a temp dir (tests/storage/pg_server.py);
each test gets a database of its own. Without a server the PostgreSQL half skips with the reason.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

import pytest

from companion.core.registry import game_names, register
from companion.storage import Store, open_store
from tests.core.toy_game import MANIFEST as PIG_MANIFEST

from .pg_server import PgServer, why_not

register(PIG_MANIFEST)
BACKENDS = ["sqlite", "postgresql"]
_numbers = itertools.count()


@pytest.fixture(autouse=True)
def pig_registered() -> None:
    """The toy game stays registered even after a test that unregisters it ran in this process."""
    if PIG_MANIFEST.name not in game_names():
        register(PIG_MANIFEST)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    reason = why_not()
    if reason:
        pytest.skip(f"PostgreSQL tests skipped: {reason}")
    server = PgServer().start()
    yield server
    server.stop()


@pytest.fixture(params=BACKENDS)
def location(request, tmp_path) -> str:
    """Where a test's store lives: an SQLite file, or a fresh database on the test server."""
    if request.param == "sqlite":
        return str(tmp_path / "companion.sqlite3")
    server = request.getfixturevalue("pg_server")
    return server.new_database(f"t{next(_numbers)}_{abs(hash(request.node.nodeid)) % 10**8}")


@pytest.fixture
def opener(location) -> Iterator[Callable[[], Store]]:
    """Opens another Store on the same database (another replica, or the app after a restart)."""
    opened: list[Store] = []

    def open_one() -> Store:
        opened.append(open_store(location))
        return opened[-1]

    yield open_one
    for store in opened:
        store.close()


@pytest.fixture
def store(opener) -> Store:
    return opener()
