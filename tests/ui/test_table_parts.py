"""The Table screen in parts (issue 23): what a part's own rerun compares before it draws alone.

A part (fragment) reruns alone only while nothing outside it changed; `drawn` is what it compares: the game and
its revision, a message waiting to be shown, the undo question, who rolls (the banner). Each of these moving
must make the whole screen run again; a Gùgōng card picked before its official must not. The browser side
(a card pick reruns the decision part only, a move redraws every part) is tests/e2e/test_table_parts.py.
"""

from __future__ import annotations

import streamlit as st

from companion.core import Session
from companion.core.registry import get_game
from companion.ui import context
from companion.ui.dispatch import Table, dispatch
from companion.ui.pages import table as page

from .apphelpers import click, start, table


def _table() -> Table:
    session = Session.new(get_game("gugong"), {"players": ["Lisa", "Ben", "Mia"], "seed": 3})
    return Table("g1", session, "t", owner=None, revision=4)


def test_what_a_part_compares_moves_with_each_change_outside_it(monkeypatch):
    state: dict = {}
    monkeypatch.setattr(st, "session_state", state)
    tab = _table()
    state[f"chance_mode_{tab.version}"] = "app"
    state[context.TABLE] = tab
    seen = page.drawn(tab)
    assert page.drawn(tab) == seen, "nothing changed: the part may rerun alone"
    state["_gg_pick"] = "a card"  # a widget's own state (a card picked): not drawn outside the part
    assert page.drawn(tab) == seen
    changes = [
        lambda: state.__setitem__(context.FLASH, {"kind": "error", "text": "no", "rule": ""}),  # a message
        lambda: state.__setitem__("confirm_undo", tab.version),  # the undo question
        lambda: state.__setitem__(f"chance_mode_{tab.version}", "table"),  # who rolls: the banner says
        lambda: state.__setitem__(context.STORE_DOWN, True),  # the outage message
    ]
    for change in changes:
        before = dict(state)
        change()
        assert page.drawn(tab) != seen, before
        state.clear()
        state.update(before)
    assert page.drawn(tab) == seen
    assert dispatch(tab, tab.session.decision.options[0], tab.revision, None).ok  # a step (the app's draw)
    assert page.drawn(tab) != seen


def test_each_full_run_notes_what_the_screen_drew(app):
    start(app, "gugong", players=3, names=["Lisa", "Ben", "Mia"])
    app.switch_page("companion/ui/pages/table.py").run()
    tab = table(app)
    first = app.session_state[page.DRAWN]
    assert first[:3] == (tab.game_id, tab.revision, tab.version)
    assert first[3] is False, "drawn after the message was shown"
    key = next(b.key for b in app.button if b.key and b.key.startswith(f"app_chance_all_{tab.version}"))
    click(app, key)
    after = app.session_state[page.DRAWN]
    assert after[:3] == (tab.game_id, tab.revision, tab.version) and after[1] > first[1]
