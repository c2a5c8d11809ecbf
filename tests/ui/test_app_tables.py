"""The app with several devices and tables (issue 12): private games, stale taps, follow, seat view;
and storage faults as players see them (issue 13). AppTest sessions stand for browsers."""

from __future__ import annotations

import re

import pytest

from companion.storage import open_store, shown_code

from .apphelpers import click, keys, new_session, start, table, texts

SEAT = "companion/ui/pages/seat.py"
TABLE = "companion/ui/pages/table.py"
HOME = "companion/ui/pages/home.py"


@pytest.fixture
def private(data_dir, monkeypatch):
    monkeypatch.setenv("COMPANION_TABLES", "private")
    return data_dir


def joined(code: str | None = None, game_id: str | None = None, page: str | None = None):
    """Another browser opening the app, with the table's code and the game's id in the address."""
    at = new_session()
    if code:
        at.query_params["t"] = code
    if game_id:
        at.query_params["g"] = game_id
    at.run()
    if page:
        at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def test_a_device_without_the_code_cannot_list_open_or_delete_the_game(private):
    host = start(new_session(), "toy-pig", players=2)
    game_id, code = table(host).game_id, table(host).owner
    stranger = joined(game_id=game_id)  # the game's id alone is not enough
    assert "table" not in stranger.session_state
    stranger.switch_page(HOME).run()
    assert f"resume_{game_id}" not in keys(stranger) and f"delete_{game_id}" not in keys(stranger)
    assert open_store().has_game(game_id)
    friend = joined(code=shown_code(code).lower())
    friend.switch_page(HOME).run()
    assert f"resume_{game_id}" in keys(friend)


@pytest.mark.parametrize("junk", ["<img src=x onerror=alert(1)>", "![x](http://example.invalid/x.png)", "a" * 5000])
def test_markup_in_g_is_never_stored_or_shown(private, junk):
    at = joined(game_id=junk)
    assert "g" not in at.query_params and "table" not in at.session_state
    assert junk not in texts(at)
    start(at, "toy-pig", players=2)
    assert all(len(r.id) == 16 for r in open_store().list_games())


def test_an_unknown_table_code_says_so(private):
    at = joined(code="ZZZZZ-ZZZZZ")
    assert "no table with this code" in texts(at)


def test_a_stale_device_is_refused_told_and_shown_the_stored_game(private):
    a = start(new_session(), "toy-pig", players=2, who="table")
    code, game_id = table(a).owner, table(a).game_id
    b = joined(code=code, game_id=game_id, page=TABLE)
    assert table(b).session.log == []
    a.selectbox(key="select_0").set_value(3).run()
    click(a, "confirm_0")  # A: rolled a 4
    b.selectbox(key="select_0").set_value(5)  # B still shows the roll; taps a 6
    b.button(key="confirm_0").click().run()
    assert "moved on on another device" in texts(b)
    assert table(b).session.log == [{"type": "roll", "value": 4}] == open_store().load_game(game_id)[0].log


def test_an_open_game_follows_another_devices_move(private):
    a = start(new_session(), "toy-pig", players=2, who="table")
    b = joined(code=table(a).owner, game_id=table(a).game_id, page=TABLE)
    a.selectbox(key="select_0").set_value(1).run()
    click(a, "confirm_0")
    b.run()  # the poll fragment's run, without a tap
    assert table(b).session.log == [{"type": "roll", "value": 2}] and table(b).revision == table(a).revision


def test_seat_view_acts_only_when_the_host_allows_it(private):
    host = start(new_session(), "toy-pig", players=2, names=["Ada", "Bo"], who="table")
    host.selectbox(key="select_0").set_value(3).run()
    click(host, "confirm_0")  # Ada rolled a 4: Ada decides
    phone = joined(code=table(host).owner, game_id=table(host).game_id, page=SEAT)
    assert "Ada, it is your turn." in texts(phone) and "the host enters it" in texts(phone)
    assert not [k for k in keys(phone) if k and k.startswith("opt_")]
    host.toggle(key="seats_act_toggle").set_value(True).run()
    assert table(host).meta["seats_act"] is True
    phone.run()
    bank = next(b.key for b in phone.button if b.key and b.key.startswith("opt_") and "Bank" in b.label)
    click(phone, bank)
    assert open_store().load_game(table(host).game_id)[0].log[-1] == {"type": "bank"}
    phone.selectbox(key="seat").set_value(1).run()
    assert "Bo's part" in texts(phone)


def test_a_damaged_setting_is_named_and_the_default_used(data_dir):
    store = open_store()
    store.set_setting("randomness", "table")
    with store._tx() as run:
        run("UPDATE settings SET value = 'tab' WHERE key = 'randomness'")
    at = new_session()
    at.run()
    assert not at.exception and "“randomness” is damaged" in texts(at)


def test_a_damaged_database_file_is_kept_aside_and_said_on_home(data_dir):
    (data_dir / "companion.sqlite3").write_bytes(b"")
    at = new_session()
    at.run()
    assert not at.exception and "kept aside as companion.sqlite3.damaged-" in texts(at)
    assert str(data_dir) not in texts(at)


def test_a_data_directory_that_cannot_be_made_is_said_on_every_screen(tmp_path, monkeypatch):
    (tmp_path / "file").write_text("x")
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "file" / "data"))
    at = new_session()
    at.run()
    assert not at.exception and "cannot be made" in at.error[0].value and str(tmp_path) not in at.error[0].value


@pytest.mark.parametrize(("game", "count", "shown"), [
    ("gugong", 3, "Servants"), ("gugong-solo", 1, "Servants"), ("dragon", 3, "Yuan"), ("yinzi", 3, "Copper"),
])
def test_a_seat_shows_its_players_part_in_the_boards_words(private, game, count, shown):
    names = ["Ada", "Bo", "Cy"][:count]
    host = start(new_session(), game, players=count if game != "gugong-solo" else None, names=names)
    phone = joined(code=table(host).owner, game_id=table(host).game_id, page=SEAT)
    part = "\n".join(str(df.value) for df in phone.table)
    assert shown in part and "Ada" in part and not re.search(r"\bBo\b", part), part  # this seat's column only
    for raw in ("seat", "None", "{", "'", "vp\n"):
        assert raw not in part, (raw, part)
