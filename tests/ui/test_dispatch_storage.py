"""The app's dispatch (stale taps, refusals, autosave) and the SQLite store, without Streamlit.

(tests/storage/ runs the store itself, and dispatch across devices, on SQLite and PostgreSQL.)"""

from __future__ import annotations

import sqlite3

import pytest

from companion.core import Event, RuleError, Session, codec
from companion.i18n import labels
from companion.storage import Store, data_dir, open_store
from companion.ui.dispatch import APP_CHANCE, APP_CHANCE_ALL, REDO, UNDO, Table, dispatch
from tests.core.toy_game import GAME as PIG

SETUP = {"players": ["Ada", "Bo"], "seed": 3}


@pytest.fixture
def store(tmp_path) -> Store:
    return open_store(tmp_path / "c.sqlite3")


def new_table(store: Store) -> Table:
    session = Session.new(PIG, SETUP)
    owner = store.new_table()
    row = store.create_game(session, owner=owner, title="Pig", meta={"colours": ["red", "blue"]})
    return Table(row.id, session, row.title, row.meta, owner=owner, revision=row.revision)


def test_data_dir_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "x"))
    assert data_dir() == tmp_path / "x"
    monkeypatch.delenv("COMPANION_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "companion"


def test_store_uses_wal_and_lists_resumes_deletes(store):
    with sqlite3.connect(store.path) as con:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    table = new_table(store)
    assert dispatch(table, APP_CHANCE, 1, store).ok
    rows = store.list_games(owner=table.owner)
    assert [(r.id, r.actions, r.title, r.meta["colours"]) for r in rows] == [(table.game_id, 1, "Pig", ["red", "blue"])]
    session, row = store.load_game(table.game_id, owner=table.owner)
    assert session.log == table.session.log and row.actions == 1
    store.delete_game(table.game_id, owner=table.owner)
    assert store.list_games(owner=table.owner) == []
    with pytest.raises(KeyError):
        store.load_game(table.game_id, owner=table.owner)


def test_every_accepted_action_is_on_disk_before_dispatch_returns(store):
    table = new_table(store)
    for _ in range(12):
        decision = table.session.decision
        command = APP_CHANCE if decision.is_chance else decision.options[0]
        assert dispatch(table, command, table.revision, store).ok
        # a second connection (another process after a crash) sees the same log
        assert open_store(store.path).load_game(table.game_id)[0].log == table.session.log


def test_stale_version_is_refused_and_nothing_is_applied(store):
    table = new_table(store)
    assert dispatch(table, {"type": "roll", "value": 4}, 1, store).ok
    again = dispatch(table, {"type": "again"}, 1, store)  # a double tap on the screen of revision 1
    assert not again.ok and again.error.code == "stale_action"
    assert again.error.params == {"shown": 1, "current": 2}
    assert table.session.log == [{"type": "roll", "value": 4}]
    assert store.load_game(table.game_id, owner=table.owner)[0].log == table.session.log


def test_illegal_action_is_refused_with_rule_and_changes_nothing(store):
    table = new_table(store)
    out = dispatch(table, {"type": "bank"}, 1, store)
    assert not out.ok and isinstance(out.error, RuleError)
    assert out.error.code == "pig.must_roll" and out.error.rule == "pig §1"
    assert table.session.log == [] and store.load_game(table.game_id, owner=table.owner)[0].log == []
    assert dispatch(table, "jump", 1, store).error.code == "malformed_action"


def test_undo_redo_through_dispatch_are_saved(store):
    table = new_table(store)
    dispatch(table, {"type": "roll", "value": 5}, 1, store)
    dispatch(table, {"type": "bank"}, 2, store)
    assert dispatch(table, UNDO, 3, store).ok
    assert store.load_game(table.game_id, owner=table.owner)[0].log == [{"type": "roll", "value": 5}]
    assert dispatch(table, REDO, 4, store).ok
    assert store.load_game(table.game_id, owner=table.owner)[0].log == [{"type": "roll", "value": 5}, {"type": "bank"}]
    assert dispatch(table, REDO, 5, store).error.code == "nothing_to_redo"


def test_a_failed_autosave_takes_the_action_back(store, monkeypatch):
    table = new_table(store)

    def broken(*args, **kwargs):
        raise sqlite3.OperationalError("disk full")

    monkeypatch.setattr(store, "save_game", broken)
    out = dispatch(table, {"type": "roll", "value": 5}, 1, store)
    assert not out.ok and out.error.code == "autosave_failed"
    assert table.session.log == [] and table.session.redo_stack == []


def test_box_overrides_and_settings_round_trip(store):
    assert store.box_overrides("gugong") == {}
    store.set_box_overrides("gugong", {"a": 1})
    store.set_box_overrides("gugong", {"a": 2, "b": [1, 2]})
    assert store.box_overrides("gugong") == {"a": 2, "b": [1, 2]}
    store.set_setting("randomness", "table")
    assert store.setting("randomness") == "table" and store.setting("missing", 7) == 7


def test_saved_row_is_the_export_format(store):
    table = new_table(store)
    dispatch(table, APP_CHANCE, 1, store)
    assert codec.loads(store.save_text(table.game_id, owner=table.owner)).log == table.session.log


def test_labels_fall_back_to_readable_text():
    decision = PIG.decision(PIG.initial_state(PIG.normalize_setup(SETUP)))
    assert labels.option_label("toy-pig", decision, {"type": "roll", "value": 4}, "en") == "Roll (value 4)"
    assert labels.kind_label("pig.roll_or_bank", "de") == "Roll or bank"
    assert labels.event_text(Event("pig.bust", {"player": 1}), "en", ["Ada", "Bo"]) == "Bust (player Bo)"
    err = RuleError("stale_action", "x", shown=1, current=2)
    assert labels.error_text(err, "de").startswith("Das Spiel ist weitergegangen")
    assert labels.error_text(RuleError("pig.must_roll", "Roll the die first."), "nl") == "Roll the die first."
    assert "bevestigd" not in labels.readable("x", {"flag": True}, "nl") and "ja" in labels.readable(
        "x", {"f": 1 == 1}, "nl"
    )


def test_app_draws_every_pending_chance_step_at_once(store):
    table = new_table(store)
    out = dispatch(table, APP_CHANCE_ALL, 1, store)
    assert out.ok and len(table.session.log) >= 1
    assert not table.session.decision.is_chance
    assert store.load_game(table.game_id, owner=table.owner)[0].log == table.session.log
    assert dispatch(table, APP_CHANCE_ALL, table.revision, store).error.code == "not_chance"


def test_a_failing_save_leaves_the_screens_game_exactly_as_it_was(store, monkeypatch):
    """The command runs on a copy; only a saved copy replaces the table's session (nothing to take back)."""
    table = new_table(store)
    assert dispatch(table, APP_CHANCE, table.revision, store).ok
    session, log, redo = table.session, list(table.session.log), list(table.session.redo_stack)

    def full_disk(*args, **kwargs):
        raise OSError("no space left on device")

    monkeypatch.setattr(store, "save_game", full_disk)
    d = table.session.decision
    for command in (UNDO, APP_CHANCE if d.is_chance else d.options[0]):
        outcome = dispatch(table, command, table.revision, store)
        assert not outcome.ok and outcome.error.code == "autosave_failed"
        assert table.session is session and session.log == log and session.redo_stack == redo
