"""The test fixtures themselves (tests/gugong/fixtures.py) keep every piece accounted for.

Rulebook examples cite their page; the other tests quote the rule they check.
"""

from __future__ import annotations

from companion.gugong.engine import GAME

from .fixtures import (
    FOUR,
    new_game,
    swap_cards,
)


def test_swap_cards_helper_keeps_all_cards():
    s = new_game(FOUR)
    a, b = s.board[0], s.players[0].hand[0]
    swap_cards(s, a, b)
    assert s.board[0] == b and s.players[0].hand[0] == a and GAME.invariants(s) == []
