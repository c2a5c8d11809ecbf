"""The Gùgōng board's officials table: what giving each hand card at an official costs, grouped so a phone
reads it at a glance (Tagesphase, 1. Geschenke austauschen, S. 4: free when higher, else pay)."""

from __future__ import annotations

from companion.ui.boards.gugong import _costs

EXCHANGE = [
    {"card": 11, "free": False, "servants": 2, "ways": ["servants", "discard", "no_action"]},
    {"card": 12, "free": True},
    {"card": 13, "free": False, "servants": 2, "ways": ["servants", "discard", "no_action"]},
    {"card": 14, "free": True},
]
VALUES = {11: 2, 12: 7, 13: 3, 14: 9}


def test_hand_cards_are_grouped_by_what_the_exchange_costs_free_first():
    shown = _costs(EXCHANGE, VALUES, True, "en")
    assert shown.startswith("free: 7, 9 · ") and shown.endswith(": 2, 3"), shown
    assert shown.count("servants") == 1 and "no actions" in shown  # the ways to pay: said once


def test_no_hand_card_shows_a_dash():
    assert _costs([], VALUES, True, "de") == "–"
