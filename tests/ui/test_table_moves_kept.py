"""Issue 20: "do this on the table" is kept with the game: a reload or a second phone on the same game shows the
same lines still to do, and a tick on one screen shows on the other."""

from __future__ import annotations

from companion.i18n import t
from companion.storage import open_store
from companion.ui import kept_moves

from .apphelpers import click, new_session, table, texts
from .test_table_mirror import _pending, _shown, _steps_with_lines, _to_turns


def _open(game_id: str, lang: str = "en"):
    """Another browser session (a reload, a second phone) on the same stored game."""
    at = new_session(lang)
    at.run()
    return click(at, f"resume_{game_id}")


def _lines(app) -> list[tuple]:
    return [(i.step, i.j, i.back, i.ins, i.done) for i in _pending(app)]


def _seat_tick(app, seat) -> str:
    return next(b.key for b in app.button if b.key and b.key.startswith(f"do_seat_{seat}_"))


def test_the_lines_still_to_do_survive_a_reload_in_any_language(app):
    _to_turns(app)
    _steps_with_lines(app, 2)
    kept = _lines(app)
    assert kept, "lines for the table"
    other = _open(table(app).game_id)
    assert _lines(other) == kept
    shown = texts(other)
    assert all(_shown(i) in shown for i in _pending(other))
    german = _open(table(app).game_id, "de")  # the same lines, worded for the reader
    assert _lines(german) == kept
    assert t("table.do.title", "de") in texts(german)
    assert {i.text for i in _pending(german)}.isdisjoint({i.text for i in _pending(app)})


def test_a_tick_on_one_phone_shows_on_the_other(app):
    _to_turns(app)
    _steps_with_lines(app, 2)
    other = _open(table(app).game_id)
    seat = _pending(other)[0].seat
    click(other, _seat_tick(other, seat))
    assert not [i for i in _pending(other) if i.seat == seat]
    app.run()  # the first phone's next run follows the stored game
    assert not [i for i in _pending(app) if i.seat == seat]
    assert _lines(app) == _lines(other)
    while _pending(app):  # the rest ticked on the first phone: the second one shows them done
        click(app, _seat_tick(app, _pending(app)[0].seat))
    other.run()
    assert not _pending(other) and "All steps done." in texts(other)


def test_a_save_from_before_the_list_opens_with_none_and_plays_on(app):
    _to_turns(app)
    _steps_with_lines(app, 1)
    game_id = table(app).game_id
    store = open_store()
    session, row = store.load_game(game_id)
    old = {k: v for k, v in row.meta.items() if k != kept_moves.KEY}
    store.save_game(game_id, session, expected=row.revision, owner=row.owner, meta=old)
    other = _open(game_id)
    assert not other.exception and _pending(other) == []
    _steps_with_lines(other, 1)
    assert _pending(other), "the next step's lines are listed again"
    assert kept_moves.KEY in store.load_game(game_id)[1].meta
