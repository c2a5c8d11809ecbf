"""Solo Gùgōng board: the Gùgōng board (Meng sits in his seat) and a line on Meng's Automa cards, from the
solo view (companion.gugong.solo.view); Meng's own screen with his instructions is pages/meng.py."""

from __future__ import annotations

from typing import Any

import streamlit as st

from companion.i18n import t
from companion.ui.boards import gugong
from companion.ui.boards.gugong import location


def meng_line(view: dict[str, Any], lang: str) -> str:
    meng = view["meng"]
    focus = location(meng["focus"], lang) if meng.get("focus") else "–"
    return t("gugong.board.meng", lang, deck=meng["deck"], today=len(meng["today"]), earlier=meng["earlier"],
             focus=focus)


def render(view: dict[str, Any], lang: str) -> None:
    view = gugong.as_view(view)
    gugong.render(view, lang)
    st.caption(meng_line(view, lang))
