"""Issue 24: a visit stores nothing; unused tables expire; a client makes only so many tables and games.

(120 visits without a code used to store 120 table rows that were never removed.)"""

from __future__ import annotations

import importlib
import time

import pytest

from companion.core import Session
from companion.storage import open_store
from tests.core.toy_game import GAME as PIG

from .apphelpers import new_session, start, table, texts


@pytest.fixture
def shared(data_dir, monkeypatch):
    monkeypatch.setenv("COMPANION_TABLES", "private")
    return data_dir


@pytest.fixture
def private(shared):
    limits = importlib.import_module("companion.ui.limits")  # the counts are this process's: start from none
    limits.forget()
    yield shared
    limits.forget()


def _codes() -> list[tuple[str, int]]:
    with open_store() as store, store._tx() as run:
        return [(r[0], r[1]) for r in run("SELECT code, home FROM table_codes ORDER BY home")]


def test_visits_store_no_table_and_the_first_game_stores_it(shared):
    before = _codes()
    for _ in range(12):  # twelve browsers open the app and leave
        at = new_session()
        at.run()
        assert not at.exception, at.exception
        at.switch_page("companion/ui/pages/home.py").run()
    assert _codes() == before  # nothing stored for a visit
    host = start(new_session(), "toy-pig", players=2)
    assert (table(host).owner, 0) in _codes() and len(_codes()) == len(before) + 1
    host.switch_page("companion/ui/pages/home.py").run()
    host.toggle(key="show_table_link").set_value(True).run()  # showing the link again stores nothing new
    assert len(_codes()) == len(before) + 1


def test_showing_the_link_stores_the_table_so_others_can_join(shared):
    host = new_session()
    host.run()
    host.switch_page("companion/ui/pages/home.py").run()
    code = host.session_state["owner"]
    assert (code, 0) not in _codes()
    host.toggle(key="show_table_link").set_value(True).run()
    assert (code, 0) in _codes()
    with open_store() as store:
        assert store.join_table(code) == code


def test_unused_tables_expire_and_used_ones_stay(shared):
    with open_store() as store:
        empty, used, idle = store.new_table(), store.new_table(), store.new_table()
        store.create_game(Session.new(PIG, {"players": ["Ada", "Bo"], "seed": 1}), owner=used)
        old_game = store.create_game(Session.new(PIG, {"players": ["Ada", "Bo"], "seed": 2}), owner=idle)
        with store._tx() as run:
            run("UPDATE table_codes SET created = ? WHERE home = 0", (time.time() - 200 * 86400,))
            run("UPDATE games SET updated = ? WHERE id = ?", (time.time() - 100 * 86400, old_game.id))
        assert store.expire_tables() == 1  # the empty one only: games are never removed unless configured
        assert not store.table_exists(empty) and store.table_exists(used) and store.table_exists(idle)
        assert store.expire_tables(idle_days=90) == 1
        assert not store.table_exists(idle) and not store.has_game(old_game.id) and store.table_exists(used)
        assert store.table_exists(store.home_table())


def test_a_client_makes_only_so_many_games_an_hour(private, monkeypatch):
    monkeypatch.setenv("COMPANION_LIMIT_GAMES", "2")
    at = start(new_session(), "toy-pig", players=2)
    at = start(new_session(), "toy-pig", players=2)
    with open_store() as store:
        stored = len(store.list_games())
    at = new_session()
    at.run()
    at.selectbox(key="new_game").set_value("toy-pig").run()
    at.button(key="start_game").click().run()
    assert not at.exception and "Too many new games from this device" in texts(at)
    with open_store() as store:
        assert len(store.list_games()) == stored == 2


def test_a_client_makes_only_so_many_tables_an_hour(private, monkeypatch):
    monkeypatch.setenv("COMPANION_LIMIT_TABLES", "1")
    at = new_session()
    at.run()
    at.switch_page("companion/ui/pages/home.py").run()
    at.button(key="new_table").click().run()
    first = at.session_state["owner"]
    at.button(key="new_table").click().run()
    assert not at.exception and "Too many new tables from this device" in texts(at)
    assert at.session_state["owner"] == first
