"""Issue 24: sharing one game without handing over its table.

The host's Table screen gives a link that opens this game alone (?shared=&key=): the other phone follows it,
acts only if the host allows it, and never gets the table's code, its other games or their Delete."""

from __future__ import annotations

import pytest

from companion.storage import open_store, shown_code

from .apphelpers import click, keys, new_session, start, table, texts

TABLE = "companion/ui/pages/table.py"
HOME = "companion/ui/pages/home.py"


@pytest.fixture
def private(data_dir, monkeypatch):
    monkeypatch.setenv("COMPANION_TABLES", "private")
    from companion.ui import limits

    limits.forget()
    return data_dir


def _link(host) -> tuple[str, str]:
    host.switch_page(TABLE).run()
    host.toggle(key="show_game_link").set_value(True).run()
    link = next(c.value for c in host.code if "?shared=" in c.value)
    query = dict(part.split("=", 1) for part in link.split("?", 1)[1].split("&"))
    return query["shared"], query["key"]


def _guest(game_id: str, key: str):
    at = new_session()
    at.query_params["shared"], at.query_params["key"] = game_id, key
    at.run()
    assert not at.exception, at.exception
    return at


def _every_text(at) -> str:
    return texts(at) + "\n".join(c.value for c in at.code) + str(dict(at.query_params))


def test_a_game_link_opens_that_game_only_and_acts_only_if_the_host_allows(private):
    host = start(new_session(), "toy-pig", players=2, who="table")
    other = start(new_session(), "toy-pig", players=3, who="table")  # noqa: F841 (another table's game)
    host_code = table(host).owner
    start_again = host.session_state["table"]
    game_id, key = _link(host)
    assert game_id == start_again.game_id
    guest = _guest(game_id, key)
    assert table(guest).game_id == game_id
    guest.switch_page(TABLE).run()
    for page in (TABLE, HOME):  # the host's table code is named nowhere, its games are not listed
        guest.switch_page(page).run()
        assert not guest.exception
        shown = _every_text(guest)
        assert host_code not in shown and shown_code(host_code) not in shown
    assert not [k for k in keys(guest) if k.startswith(("resume_", "delete_"))]
    assert guest.session_state["owner"] != host_code

    guest.switch_page(TABLE).run()
    before = open_store().load_game(game_id)[0].log
    guest.selectbox(key="select_0").set_value(3).run()
    guest.button(key="confirm_0").click().run()  # not allowed yet: refused, said, nothing stored
    assert "has not allowed acting from other phones" in texts(guest)
    assert open_store().load_game(game_id)[0].log == before
    host.toggle(key="seats_act_toggle").set_value(True).run()
    guest.run()
    guest.selectbox(key=f"select_{table(guest).version}").set_value(3).run()
    click(guest, f"confirm_{table(guest).version}")
    assert len(open_store().load_game(game_id)[0].log) == len(before) + 1


def test_a_wrong_key_opens_nothing(private):
    host = start(new_session(), "toy-pig", players=2, who="table")
    game_id, key = _link(host)
    guest = _guest(game_id, key[:-1] + ("A" if key[-1] != "A" else "B"))
    assert "table" not in guest.session_state and "does not open a game" in texts(guest)
