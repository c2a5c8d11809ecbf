"""Per-game board views, in one explicit table: `BOARDS[game](data, lang)` draws a game's board.

A board view only reads what the engine hands out; it never decides what is legal. A game
without a board here is shown with the generic view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from companion.i18n import t

from . import dragon, gugong, gugong_solo, memo, yinzi

Board = Callable[[dict[str, Any], str], None]
BOARDS: dict[str, Board] = {
    "gugong": gugong.render,
    "gugong-solo": gugong_solo.render,
    "dragon": dragon.render,
    "yinzi": yinzi.render,
}


def _column(frame: Any, seat: int) -> Any:
    """One player's column of a board's players table (its columns are in seat order)."""
    return frame.iloc[:, [seat]]


def _gugong_seat(view: dict[str, Any], seat: int, lang: str) -> None:
    memo.table(_column(gugong.players_frame(view, lang, own=seat), seat))


def _dragon_seat(view: dict[str, Any], seat: int, lang: str) -> None:
    memo.table(_column(dragon.players_frame(view, lang), seat))
    dragon.player_block(view, view["players"][seat], lang, own=True)


def _yinzi_seat(view: dict[str, Any], seat: int, lang: str) -> None:
    memo.table(_column(yinzi.players_frame(view, lang), seat))
    st.caption(t("yinzi.ui.table_legend", lang))
    st.markdown("  \n".join(yinzi.player_lines(view, view["players"][seat], lang, own=True)))


# one player's part, for their own phone (the Seat page): (view, seat, lang)
SEATS: dict[str, Callable[[dict[str, Any], int, str], None]] = {
    "gugong": _gugong_seat,
    "gugong-solo": _gugong_seat,
    "dragon": _dragon_seat,
    "yinzi": _yinzi_seat,
}
# more of the score sheet: (sheet, the manifest's score_details(state) or else its view, lang)
SCORE_DETAILS: dict[str, Callable[[Any, Any, str], None]] = {
    "dragon": lambda sheet, details, lang: dragon.render_score_details(details, lang),
    "yinzi": yinzi.score_details,
}
