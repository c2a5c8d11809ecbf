"""Private games on a shared server: a table code owns games, settings and box corrections (issue 12)."""

from __future__ import annotations

import pytest

from companion.storage import GameNotFoundError, UnknownTableError, is_game_id, normal_code, shown_code
from companion.storage.ids import new_table_code
from companion.ui.dispatch import dispatch

from .helpers import device, new_game

ROLL4 = {"type": "roll", "value": 4}


def test_a_device_without_the_code_cannot_list_open_poll_save_or_delete(store):
    mine = new_game(store)
    other = store.new_table()
    assert [r.id for r in store.list_games(owner=mine.owner)] == [mine.game_id]
    assert store.list_games(owner=other) == []
    with pytest.raises(GameNotFoundError):
        store.load_game(mine.game_id, owner=other)
    with pytest.raises(GameNotFoundError):
        store.save_text(mine.game_id, owner=other)
    assert store.revision(mine.game_id, owner=other) is None and not store.has_game(mine.game_id, owner=other)
    assert not store.delete_game(mine.game_id, owner=other)
    intruder = device(store, mine)
    intruder.owner = other
    assert dispatch(intruder, ROLL4, intruder.revision, store).error.code == "game_not_found"
    assert store.load_game(mine.game_id, owner=mine.owner)[0].log == []


def test_joining_by_code_sees_the_tables_games(store):
    mine = new_game(store)
    typed = shown_code(mine.owner).lower().replace("-", " - ")
    joined = store.join_table(typed)
    assert joined == mine.owner and [r.id for r in store.list_games(owner=joined)] == [mine.game_id]


@pytest.mark.parametrize("typed", ["", "nope", "ABCDE-FGHJK-X", "<b>x</b>", "0O1IL0O1IL", "x" * 5000])
def test_a_code_that_is_not_a_table_here_is_refused(store, typed):
    with pytest.raises(UnknownTableError):
        store.join_table(typed)
    assert not store.table_exists(typed)


def test_a_game_cannot_be_created_at_an_unknown_table(store):
    with pytest.raises(UnknownTableError):
        new_game(store, owner=new_table_code())


def test_game_ids_are_made_by_the_server(store):
    a, b = new_game(store), new_game(store)
    assert a.game_id != b.game_id and is_game_id(a.game_id) and is_game_id(b.game_id)


@pytest.mark.parametrize("game_id", ["", "abc", "<img src=x>", "![x](http://h/x.png)", "a" * 5000, "ABCDEF012345"])
def test_an_id_from_outside_that_is_no_server_id_finds_nothing(store, game_id):
    new_game(store)
    assert not is_game_id(game_id)
    with pytest.raises(GameNotFoundError):
        store.load_game(game_id, owner=None)
    assert not store.has_game(game_id, owner=None)


def test_codes_are_typed_forgivingly():
    code = new_table_code()
    assert normal_code(shown_code(code)) == code and normal_code(f" {code.lower()} ") == code
    assert normal_code(None) is None and normal_code(code[:-1]) is None


def test_settings_and_box_corrections_are_per_table(store):
    one, two = store.new_table(), store.new_table()
    store.set_setting("randomness", "table", owner=one)
    store.set_box_overrides("gugong", {"dice_faces": [1, 1, 2, 3, 4, 5]}, owner=one)
    assert store.setting("randomness", "app", owner=two) == "app"
    assert store.box_overrides("gugong", owner=two) == {}
    assert store.setting("randomness", owner=one) == "table"
    assert store.box_overrides("gugong", owner=one) == {"dice_faces": [1, 1, 2, 3, 4, 5]}


def test_without_an_owner_the_home_tables_settings_are_meant(store):
    home = store.home_table()
    store.set_setting("randomness", "table")
    store.set_box_overrides("yinzi", {"a": 1})
    assert store.setting("randomness", owner=home) == "table" and store.box_overrides("yinzi", owner=home) == {"a": 1}
    assert store.home_table() == home and store.table_exists(home)


def test_titles_and_meta_round_trip_and_list_newest_first(store):
    first = new_game(store, title="Erste · Ada, Bo")
    second = new_game(store, owner=first.owner, title="<b>second</b>")
    assert dispatch(first, ROLL4, first.revision, store).ok
    rows = store.list_games(owner=first.owner)
    assert [r.id for r in rows] == [first.game_id, second.game_id]
    assert rows[0].title == "Erste · Ada, Bo" and rows[0].meta["colours"] == ["red", "blue"]
    assert set(rows[0].meta) == {"colours", "on_table"}  # the step's table moves are saved with it (issue 20)
    assert rows[0].actions == 1 and rows[0].revision == 2 and not rows[0].over and rows[0].problem == ""
