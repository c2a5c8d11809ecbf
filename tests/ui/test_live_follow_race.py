"""Live follow (issue 12): the device that moves must never see its own tap refused as stale.

The race: the follow poll reloads the table when the stored revision moved, also when the game
itself did not (another device changed a table setting, or a reload brought the same log). A
button drawn before that reload carries the older revision; its tap was refused although the
game it was shown for is exactly the game now. dispatch now accepts a tap whose revision showed
the same game position, and still refuses one shown for another position."""

from __future__ import annotations

from companion.core import Session
from companion.ui.dispatch import APP_CHANCE, Table, dispatch, follow, set_meta

from .test_dispatch_storage import new_table, store  # noqa: F401 (the fixture)


def _other_device(store, tab: Table) -> Table:  # noqa: F811
    session, row = store.load_game(tab.game_id, owner=tab.owner)
    return Table(row.id, session, row.title, row.meta, owner=row.owner, revision=row.revision)


def test_a_tap_drawn_before_a_reload_of_the_same_game_is_accepted(store):  # noqa: F811
    a = new_table(store)
    shown = a.revision  # A's buttons are drawn with this revision
    b = _other_device(store, a)
    assert set_meta(b, store, seats_act=True).ok  # B changes a table setting: the revision moves, the game not
    assert follow(a, store)  # A's poll reloads (same log, new revision) before A's tap arrives
    assert a.revision != shown
    out = dispatch(a, APP_CHANCE, shown, store)
    assert out.ok, out.error
    assert len(store.load_game(a.game_id, owner=a.owner)[0].log) == 1


def test_a_tap_shown_for_another_position_is_still_refused(store):  # noqa: F811
    a = new_table(store)
    shown = a.revision
    b = _other_device(store, a)
    assert dispatch(b, APP_CHANCE, b.revision, store).ok  # B moves the game on
    assert follow(a, store)
    out = dispatch(a, APP_CHANCE, shown, store)
    assert not out.ok and out.error.code == "stale_action"
    assert len(store.load_game(a.game_id, owner=a.owner)[0].log) == 1


def test_a_double_tap_is_refused(store):  # noqa: F811
    a = new_table(store)
    shown = a.revision
    assert dispatch(a, APP_CHANCE, shown, store).ok
    out = dispatch(a, APP_CHANCE, shown, store)
    assert not out.ok and out.error.code == "stale_action"
    assert isinstance(a.session, Session) and len(a.session.log) == 1


# -- issue 24: a setting is not a move -----------------------------------------------------------
def test_a_tap_after_another_devices_setting_change_is_stored_without_a_follow(store):  # noqa: F811
    """A's screen never polled: the stored revision moved only by B's setting; A's tap is still for this game."""
    a = new_table(store)
    b = _other_device(store, a)
    assert set_meta(b, store, seats_act=True).ok
    out = dispatch(a, APP_CHANCE, a.revision, store)
    assert out.ok, out.error
    session, row = store.load_game(a.game_id, owner=a.owner)
    assert len(session.log) == 1 and row.meta["seats_act"] is True  # B's setting kept, A's move stored
    assert a.meta["seats_act"] is True and a.revision == row.revision


def test_a_tap_after_another_devices_move_is_refused_and_said_not_stored(store):  # noqa: F811
    a = new_table(store)
    b = _other_device(store, a)
    assert dispatch(b, APP_CHANCE, b.revision, store).ok
    out = dispatch(a, APP_CHANCE, a.revision, store)  # A never polled: the store refuses, A shows B's game
    assert not out.ok and out.error.code == "stale_revision" and out.reloaded
    assert len(store.load_game(a.game_id, owner=a.owner)[0].log) == 1 == len(a.session.log)


def test_a_setting_is_set_not_toggled_and_an_unchanged_value_makes_no_revision(store):  # noqa: F811
    a = new_table(store)
    b = _other_device(store, a)
    assert set_meta(a, store, seats_act=True).ok
    revision = store.revision(a.game_id)
    assert set_meta(a, store, seats_act=True).ok and store.revision(a.game_id) == revision  # nothing to store
    assert set_meta(b, store, seats_act=True).ok  # B's screen is behind; the same choice: no flip, no revision
    assert store.revision(a.game_id) == revision
    assert store.load_game(a.game_id)[1].meta["seats_act"] is True
    assert set_meta(b, store, seats_act=False).ok  # a person's change is stored even from a screen behind
    assert store.load_game(a.game_id)[1].meta["seats_act"] is False
