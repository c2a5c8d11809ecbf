"""Table: the mirror of the physical table. Whose turn, what the rules allow now, the board, the log."""

from __future__ import annotations

import contextlib
from typing import Any

import streamlit as st

from companion.ui import context, folds, live, on_table, widgets
from companion.ui.boxcheck import seen
from companion.ui.context import tr
from companion.ui.pages import meng


def _halves() -> tuple[Any, Any]:
    """Two columns side by side; a phone stacks them anyway, so there the parts follow one another without
    them (three elements a run less, issue 23)."""
    if folds.is_phone():
        return contextlib.nullcontext(), contextlib.nullcontext()
    return tuple(st.columns([1, 1], gap="medium"))


def render() -> None:
    tab = widgets.require_table()
    if tab is None:
        return
    live.follow()
    st.caption(context.shown_title(tab.session.game.name, tab.title))
    widgets.banner(tab)
    context.show_flash()
    widgets.unverified_notice(tab.session.game.name, tab.game_id, widgets.screen_facts(tab))
    left, right = _halves()
    with left:
        over = tab.session.decision is None  # the game's end: the way to the score comes first
        if not over:
            on_table.panel(tab)  # what the table still has to do comes first: it is done before the next question
        with st.container(border=True, key="decision"):  # Meng's turn: one tap plays it all, as on his page
            (meng.turn_panel if meng.mengs_step(tab.session.decision) else widgets.decision_panel)(tab)
        if over:
            on_table.panel(tab)
        seen.end_of_game(tab)  # the calm moment: record what the table saw beyond the box profile?
        widgets.undo_bar(tab)
        widgets.event_log(tab)
    with right:
        widgets.board(tab)
        widgets.resume_panel(tab)
        live.host_controls(tab)
        st.page_link("companion/ui/pages/score.py", label=tr("nav.score"), icon=":material/scoreboard:")


if __name__ == "__main__":
    render()
