"""Undo, then reload: what Redo would bring back is still there (issue 11: "redo survives a reload")."""

from __future__ import annotations

import json

from companion.core import Session, codec
from companion.core.registry import manifest


def _played(steps: int = 12) -> Session:
    entry = manifest("dragon")
    session = Session.new(entry.engine, {"players": ["Anna", "Ben", "Cleo"], "seed": 5})
    while len(session.log) < steps:
        d = session.decision
        session.resolve_chance() if d.is_chance else session.act(d.options[0])
    return session


def test_redo_survives_saving_and_loading():
    session = _played()
    undone = [session.undo(), session.undo()]
    again = codec.loads(codec.dumps(session))
    assert again.redo_stack == session.redo_stack == list(undone)
    again.redo()
    again.redo()
    assert again.log == _played().log


def test_a_save_without_redo_is_written_as_before():
    session = _played()
    assert "redo" not in json.loads(codec.dumps(session))


def test_a_redo_entry_that_is_not_legal_drops_the_redo_list_and_loads_the_game():
    session = _played()
    session.undo()
    data = json.loads(codec.dumps(session))
    data["redo"] = [{"type": "no_such_move"}]
    loaded = codec.from_save(data)
    assert loaded.redo_stack == [] and loaded.log == session.log
    data["redo"] = "not a list"
    assert codec.from_save(data).redo_stack == []
