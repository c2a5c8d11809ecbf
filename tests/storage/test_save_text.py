"""The stored save (issue 23: every tap writes it): compact JSON, loaded as any save; rows written before, with the
save file's indented text, load as they did."""

from __future__ import annotations

import json

from companion.core import codec
from companion.ui.dispatch import UNDO, dispatch

from .helpers import device, new_game

ROLL4, ROLL5, AGAIN = {"type": "roll", "value": 4}, {"type": "roll", "value": 5}, {"type": "again"}


def test_the_stored_save_is_compact_and_loads_as_the_game_it_is(store):
    a = new_game(store)
    for command in (ROLL4, AGAIN, ROLL5, UNDO):  # an undo: what Redo brings back is stored too
        assert dispatch(a, command, a.revision, store).ok
    text = store.save_text(a.game_id, owner=a.owner)
    assert "\n" not in text and ", " not in text and json.loads(text) == codec.to_save(a.session)
    b = device(store, a)
    assert (b.session.setup, b.session.log, b.session.redo_stack) == (a.session.setup, a.session.log,
                                                                      a.session.redo_stack)


def test_a_game_stored_before_with_the_indented_save_still_loads_and_plays_on(store):
    a = new_game(store)
    assert dispatch(a, ROLL4, a.revision, store).ok
    with store._tx() as run:  # the row as the app wrote it before: the save file's own text
        run("UPDATE games SET save = ? WHERE id = ?", (codec.dumps(a.session), a.game_id))
    b = device(store, a)
    assert b.session.log == a.session.log == [ROLL4]
    assert dispatch(b, AGAIN, b.revision, store).ok
    assert device(store, a).session.log == [ROLL4, AGAIN]
