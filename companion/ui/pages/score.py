"""Score: the engine's per-category breakdown of the open game, live or final."""

from __future__ import annotations

import streamlit as st

from companion.ui import widgets
from companion.ui.context import tr


def render() -> None:
    st.title(tr("nav.score"))
    tab = widgets.require_table()
    if tab is None:
        return
    st.caption(tab.title)
    session = tab.session
    widgets.score_sheet(session.game.score(session.state), session.game.name)


if __name__ == "__main__":
    render()
