"""No lost move: a revision per game and compare-and-set saves (issue 12, "No lost move, ever")."""

from __future__ import annotations

import threading

import pytest

from companion.storage import GameNotFoundError, StaleRevisionError
from companion.ui.dispatch import APP_CHANCE, REDO, UNDO, dispatch

from .helpers import device, new_game, stored_log

ROLL4, ROLL5, BANK, AGAIN = (
    {"type": "roll", "value": 4}, {"type": "roll", "value": 5}, {"type": "bank"}, {"type": "again"})


def test_a_new_game_starts_at_revision_1_and_each_change_adds_one(store):
    a = new_game(store)
    assert a.revision == 1 == store.revision(a.game_id, owner=a.owner)
    assert dispatch(a, ROLL4, 1, store).ok and a.revision == 2
    assert dispatch(a, UNDO, 2, store).ok and a.revision == 3
    assert dispatch(a, REDO, 3, store).ok and a.revision == 4
    assert store.revision(a.game_id, owner=a.owner) == 4 and stored_log(store, a) == [ROLL4]


def test_undo_then_a_new_move_never_repeats_a_revision(store):
    a = new_game(store)
    seen = [a.revision]
    for command in (ROLL4, UNDO, ROLL5, UNDO, ROLL4):
        assert dispatch(a, command, a.revision, store).ok
        seen.append(a.revision)
    assert seen == sorted(set(seen)) and len(stored_log(store, a)) == 1  # the log length went 1, 0, 1, 0, 1


def test_a_save_for_an_old_revision_is_refused_and_changes_nothing(store):
    a = new_game(store)
    b = device(store, a)
    assert dispatch(a, ROLL4, a.revision, store).ok
    b.session.act(ROLL5)
    with pytest.raises(StaleRevisionError) as refused:
        store.save_game(b.game_id, b.session, expected=1, owner=b.owner)
    assert refused.value.code == "stale_revision" and refused.value.params == {"expected": 1, "current": 2}
    assert stored_log(store, a) == [ROLL4] and store.revision(a.game_id, owner=a.owner) == 2


def test_a_stale_device_is_refused_and_shown_the_stored_game(store):
    """The bug of issue 12: the laptop's late pick saved over the phone's whole turn."""
    a = new_game(store)
    b = device(store, a)
    for command in (ROLL4, AGAIN, ROLL5):
        assert dispatch(a, command, a.revision, store).ok
    out = dispatch(b, ROLL5, b.revision, store)  # b still shows revision 1
    assert not out.ok and out.error.code == "stale_revision" and out.reloaded
    assert stored_log(store, a) == [ROLL4, AGAIN, ROLL5]
    assert b.session.log == [ROLL4, AGAIN, ROLL5] and b.revision == a.revision
    assert dispatch(b, BANK, b.revision, store).ok  # reloaded, b plays on
    assert stored_log(store, a) == [ROLL4, AGAIN, ROLL5, BANK]


def test_stale_undo_and_redo_are_refused_too(store):
    a = new_game(store)
    assert dispatch(a, ROLL4, a.revision, store).ok
    b = device(store, a)
    assert dispatch(a, BANK, a.revision, store).ok
    undo = dispatch(b, UNDO, b.revision, store)
    assert undo.error.code == "stale_revision" and stored_log(store, a) == [ROLL4, BANK]
    assert dispatch(a, UNDO, a.revision, store).ok  # a may redo BANK now
    c = device(store, a)
    assert dispatch(c, AGAIN, c.revision, store).ok
    redo = dispatch(a, REDO, a.revision, store)
    assert redo.error.code == "stale_revision" and stored_log(store, a) == [ROLL4, AGAIN]


def test_a_stale_device_after_undo_and_a_new_move_is_refused(store):
    """Same log length as before (the first app's version number) but a newer revision."""
    a = new_game(store)
    assert dispatch(a, ROLL4, a.revision, store).ok
    b = device(store, a)
    assert dispatch(a, UNDO, a.revision, store).ok and dispatch(a, ROLL5, a.revision, store).ok
    assert len(a.session.log) == len(b.session.log)
    out = dispatch(b, BANK, b.revision, store)
    assert out.error.code == "stale_revision" and stored_log(store, a) == [ROLL5]


def test_import_over_an_existing_game_is_compare_and_set(store):
    a = new_game(store)
    b = device(store, a)
    assert dispatch(a, ROLL4, a.revision, store).ok
    imported = device(store, b)
    imported.session.act(BANK)
    with pytest.raises(StaleRevisionError):
        store.save_game(a.game_id, imported.session, expected=1, owner=a.owner)
    assert store.save_game(a.game_id, imported.session, expected=2, owner=a.owner) == 3


def test_saving_a_deleted_game_says_it_is_gone(store):
    a = new_game(store)
    b = device(store, a)
    assert store.delete_game(a.game_id, owner=a.owner)
    out = dispatch(b, APP_CHANCE, b.revision, store)
    assert not out.ok and isinstance(out.error, GameNotFoundError)
    assert store.revision(a.game_id, owner=a.owner) is None


def test_two_replicas_racing_for_one_revision_exactly_one_wins(opener):
    """Two Stores (two app processes behind a load balancer) save the same revision at the same time."""
    first, second = opener(), opener()
    a = new_game(first)
    devices = [device(first, a), device(second, a)]
    wins: list[int] = []
    barrier = threading.Barrier(2)

    def tap(i: int, store) -> None:
        barrier.wait()
        if dispatch(devices[i], ROLL4 if i == 0 else ROLL5, 1, store).ok:
            wins.append(i)

    threads = [threading.Thread(target=tap, args=(i, s)) for i, s in enumerate((first, second))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(wins) == 1
    assert stored_log(first, a) == [ROLL4 if wins[0] == 0 else ROLL5] and first.revision(a.game_id, owner=None) == 2
