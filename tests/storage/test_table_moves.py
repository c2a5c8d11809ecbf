"""Issue 20: "do this on the table" is kept with the game (SQLite and PostgreSQL), saved in the step's own write."""

from __future__ import annotations

from companion.ui import kept_moves
from companion.ui.dispatch import REDO, UNDO, dispatch, tick_moves

from .helpers import device, new_game

ROLL4, ROLL5, AGAIN = {"type": "roll", "value": 4}, {"type": "roll", "value": 5}, {"type": "again"}


def _lines(table) -> list[kept_moves.Line]:
    return kept_moves.decode(table.meta.get(kept_moves.KEY), len(table.session.events)).lines


def _codes(table) -> list[tuple[str, bool]]:
    return [(kept_moves.instruction(x, table.session.events, "toy-pig").code, x.done) for x in _lines(table)]


def test_the_list_is_saved_with_the_step_in_one_write_and_read_back_elsewhere(store):
    a = new_game(store)
    assert dispatch(a, ROLL4, a.revision, store).ok
    assert a.revision == 2, "the step and its table moves: one revision"
    b = device(store, a)  # a reload, or a second phone
    assert [(x.step, x.j, x.done, x.back) for x in _lines(b)] == [(0, 0, False, None)]
    assert dispatch(a, AGAIN, a.revision, store).ok and dispatch(a, ROLL5, a.revision, store).ok
    b = device(store, a)
    assert _codes(b) == [("pig.do.leave_die", False)]
    line = _lines(b)[-1]
    assert line.step == 2 and kept_moves.instruction(line, b.session.events, "toy-pig").params == {"value": 5}


def test_a_tick_on_one_device_is_seen_on_the_other(store):
    a = new_game(store)
    assert dispatch(a, ROLL4, a.revision, store).ok
    b = device(store, a)
    assert tick_moves(b, store, [_lines(b)[0].ident]).ok
    a.reload(store)
    assert _lines(a) == [] and kept_moves.decode(a.meta[kept_moves.KEY], 1).ticked
    assert a.session.log == [ROLL4]


def test_a_stale_tick_is_made_on_the_stored_list_and_keeps_lines_it_never_saw(store):
    a = new_game(store)
    assert dispatch(a, ROLL4, a.revision, store).ok
    b = device(store, a)
    seen = _lines(b)[0].ident
    assert dispatch(a, UNDO, a.revision, store).ok  # a's undo: "put the die back" (b has not seen it)
    assert tick_moves(b, store, [seen]).ok
    assert b.session.log == [] and [x.back is not None for x in _lines(b)] == [True]
    a.reload(store)
    assert [x.back is not None for x in _lines(a)] == [True]


def test_undo_keeps_what_to_put_back_across_a_reload_and_a_redo_takes_it_off(store):
    a = new_game(store)
    assert dispatch(a, ROLL4, a.revision, store).ok and dispatch(a, UNDO, a.revision, store).ok
    b = device(store, a)
    back = _lines(b)
    assert len(back) == 1 and back[0].back == {"code": "pig.do.leave_die", "params": {"value": 4}, "seat": None}
    assert kept_moves.instruction(back[0], b.session.events, "toy-pig").params == {"value": 4}
    assert dispatch(b, REDO, b.revision, store).ok
    a.reload(store)
    assert [(x.step, x.back) for x in _lines(a)] == [(0, None)]


def test_an_old_save_without_the_list_loads_and_starts_one(store):
    a = new_game(store)
    assert kept_moves.KEY not in a.meta
    b = device(store, a)
    assert _lines(b) == []
    assert dispatch(b, ROLL4, b.revision, store).ok
    assert _codes(device(store, a)) == [("pig.do.leave_die", False)]


def test_a_damaged_list_is_an_empty_one_and_never_stops_a_move(store):
    a = new_game(store)
    a.meta = {**a.meta, kept_moves.KEY: {"lines": [{"s": "x"}, 7, {"s": 0, "j": 0, "b": "?"}], "opened": {"a": 1}}}
    assert dispatch(a, ROLL4, a.revision, store).ok
    assert [x.step for x in _lines(device(store, a))] == [0]
