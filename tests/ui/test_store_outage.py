"""Issue 24: the database server (a real PostgreSQL) dies mid-game and comes back, as players see it.

One message in the reader's language on every screen, saying whether the last move was saved; a tap while
down is refused with that message and stored nowhere; a reload while down and the first page of a new
browser show the message, never a traceback, a server path or the database address; when the server is
back the screens say so and the game goes on with nothing lost."""

from __future__ import annotations

import pytest

from companion.storage import open_store
from companion.ui import context

from ..storage.pg_server import PgServer, why_not
from .apphelpers import click, new_session, start, table, texts

TABLE = "companion/ui/pages/table.py"
DOWN = {"en": "The game store cannot be reached just now", "de": "Der Spielspeicher ist gerade nicht erreichbar",
        "nl": "De spelopslag is nu niet bereikbaar"}


@pytest.fixture
def pg(monkeypatch, tmp_path):
    reason = why_not()
    if reason:
        pytest.skip(f"PostgreSQL tests skipped: {reason}")
    server = PgServer().start()
    monkeypatch.setenv("COMPANION_DATABASE_URL", server.new_database("club"))
    monkeypatch.setenv("COMPANION_TABLES", "private")
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    yield server
    server.stop()


def _outage_errors(at) -> list[str]:
    return [e.value for e in at.error if any(text in e.value for text in DOWN.values())]


def _clean(at, pg: PgServer) -> None:
    assert not at.exception, at.exception
    shown = texts(at)
    assert "Traceback" not in shown and str(pg.port) not in shown and "/companion/" not in shown


def test_a_database_server_down_mid_game_is_said_once_and_nothing_is_lost(pg):
    a = start(new_session(), "toy-pig", players=2, who="table")
    a.switch_page(TABLE).run()
    a.selectbox(key="select_0").set_value(3).run()
    click(a, "confirm_0")
    code, game_id, stored = table(a).owner, table(a).game_id, list(table(a).session.log)

    pg.halt()
    a.button(key=f"opt_{table(a).version}_0").click().run()  # a tap while down
    _clean(a, pg)
    errors = _outage_errors(a)
    assert len(errors) == 1 and "Your last move was not saved" in errors[0], [e.value for e in a.error]
    assert table(a).session.log == stored

    for lang in ("de", "nl"):  # a reload while down, in the reader's language: the message, no traceback
        b = new_session(lang)
        b.query_params["t"], b.query_params["g"] = code, game_id
        b.run()
        _clean(b, pg)
        assert len(_outage_errors(b)) == 1 and DOWN[lang] in _outage_errors(b)[0]

    pg.resume()
    context._store_at(context.store_location())._retry_at = 0.0  # the back-off's wait is over
    a.run()  # the screen's slow check finds the store back
    _clean(a, pg)
    assert not _outage_errors(a) and "can be reached again" in texts(a)
    with open_store() as store:
        assert store.load_game(game_id)[0].log == stored  # nothing lost, nothing half-stored
    click(a, f"opt_{table(a).version}_0")  # the game goes on
    with open_store() as store:
        assert len(store.load_game(game_id)[0].log) == len(stored) + 1
