"""Issue 24: the PostgreSQL server dies mid-game (pg_ctl stop -m immediate) and comes back.

While it is down every call says so at once (StorageUnavailableError "database_unreachable") and the store
retries with back-off instead of connecting on every call; nothing stored is lost; a replica that sat idle
through the outage serves its first call after the restart (its dropped connection is replaced)."""

from __future__ import annotations

import pytest

from companion.core import Session
from companion.storage import StorageUnavailableError, open_store
from companion.ui.dispatch import APP_CHANCE, Table, dispatch
from tests.core.toy_game import GAME as PIG

from .pg_server import PgServer, why_not


@pytest.fixture
def pg():
    reason = why_not()
    if reason:
        pytest.skip(f"PostgreSQL tests skipped: {reason}")
    server = PgServer().start()
    yield server
    server.stop()


def _table(store) -> Table:
    session = Session.new(PIG, {"players": ["Ada", "Bo"], "seed": 3})
    owner = store.new_table()
    row = store.create_game(session, owner=owner, title="Pig")
    return Table(row.id, session, row.title, row.meta, owner=owner, revision=row.revision)


def _step(tab: Table):
    decision = tab.session.decision
    return APP_CHANCE if decision.is_chance else decision.options[0]


def test_a_database_that_dies_and_comes_back_loses_nothing_and_is_retried_with_back_off(pg, monkeypatch):
    url = pg.new_database("outage")
    store, idle = open_store(url), open_store(url)
    try:
        tab = _table(store)
        for _ in range(3):
            assert dispatch(tab, _step(tab), tab.revision, store).ok
        stored = list(tab.session.log)
        assert idle.revision(tab.game_id) == tab.revision  # the idle replica has a live connection

        pg.halt()
        connects = []
        real = store._connect
        monkeypatch.setattr(store, "_connect", lambda: connects.append(1) or real())
        out = dispatch(tab, _step(tab), tab.revision, store)  # a tap while down: refused, said, not applied
        assert not out.ok and out.error.code == "database_unreachable" and tab.session.log == stored
        assert store.down_since is not None
        for _ in range(50):  # an open screen polling: no connection attempt during the back-off
            with pytest.raises(StorageUnavailableError):
                store.revision(tab.game_id)
        assert len(connects) <= 2, connects
        assert not store.reachable()

        pg.resume()
        store._retry_at = 0.0  # the back-off's time is up
        assert store.reachable() and store.down_since is None
        assert idle.revision(tab.game_id) == tab.revision  # first call of the idle replica after the restart
        assert idle.load_game(tab.game_id)[0].log == stored
        assert dispatch(tab, _step(tab), tab.revision, store).ok  # and the game goes on
        assert len(idle.load_game(tab.game_id)[0].log) == len(stored) + 1
    finally:
        store.close()
        idle.close()
