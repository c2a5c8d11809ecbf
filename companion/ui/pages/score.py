"""Score: the engine's per-category breakdown of the open game, live or final."""

from __future__ import annotations

import streamlit as st

from companion.core.registry import manifest
from companion.i18n import labels
from companion.ui import context, live, widgets
from companion.ui.boards import SCORE_DETAILS
from companion.ui.context import tr


def render() -> None:
    st.title(tr("nav.score"))
    tab = widgets.require_table()
    if tab is None:
        return
    live.follow()
    st.caption(context.shown_title(tab.session.game.name, tab.title))
    session = tab.session
    sheet = session.game.score(session.state)
    cells = labels.placeholder_cells(session.game.name, sheet, session.setup)
    facts = [k for r, i in sorted(cells) for k in sheet.rows[r].facts_behind(i)]
    widgets.unverified_notice(session.game.name, tab.game_id, widgets.still_open(session.game.name, session.setup,
                                                                                 list(dict.fromkeys(facts))))
    widgets.score_sheet(sheet, session.game.name, session.setup)
    details = SCORE_DETAILS.get(session.game.name)  # more of the sheet (Dragon: each category per month)
    if details is not None:
        more = manifest(session.game.name).score_details
        details(sheet, more(session.state) if more else widgets.game_view(tab), context.lang())


if __name__ == "__main__":
    render()
