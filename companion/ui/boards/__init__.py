"""Per-game board views, in one explicit table: `BOARDS[game](data, lang)` draws a game's board.

A board view only reads what the engine hands out; it never decides what is legal. A game
without a board here is shown with the generic view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import dragon, gugong, yinzi

Board = Callable[[dict[str, Any], str], None]
BOARDS: dict[str, Board] = {
    "gugong": gugong.render,
    "gugong-solo": gugong.render,
    "dragon": dragon.render,
    "yinzi": yinzi.render,
}
SCORE_DETAILS: dict[str, Callable[..., None]] = {"dragon": dragon.score_details, "yinzi": yinzi.score_details}
