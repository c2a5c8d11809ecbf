"""Per-game board views, in one explicit table: `BOARDS[game](data, lang)` draws a game's board.

A board view only reads what the engine hands out; it never decides what is legal. A game
without a board here is shown with the generic view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import dragon, gugong, gugong_solo, yinzi

Board = Callable[[dict[str, Any], str], None]
BOARDS: dict[str, Board] = {
    "gugong": gugong.render,
    "gugong-solo": gugong_solo.render,
    "dragon": dragon.render,
    "yinzi": yinzi.render,
}
# more of the score sheet: (sheet, the manifest's score_details(state) or else its view, lang)
SCORE_DETAILS: dict[str, Callable[[Any, Any, str], None]] = {
    "dragon": lambda sheet, details, lang: dragon.render_score_details(details, lang),
    "yinzi": yinzi.score_details,
}
