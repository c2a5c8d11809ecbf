"""Rules editions: which reading of the rulebooks a game is played by (setup["rules"]).

A game keeps the edition it was started with, so a save replays the game that was played. New
games get `CURRENT`; a setup read back from a save written before editions existed has none and
means edition 1 (see `saved_setup`).

Edition 3 also asks the table for what it holds: the start hands are
entered card by card (the player sets' cards are not confirmed facts of the box profile), each as the card
the table sees, not as the profile's placeholder; with a confirmed card census they are dealt from it.

Edition 1 differs from edition 2 (docs/rulings/gugong.md R2, R4, R6, R10, R14, R22, R23; meng.md M10, M15):
the travel tiles were reshuffled right after the draw piles ran out, not when a city needs one; the
double servant could not pay for 1 servant; the wall, canal and card-recovery tiles could not be
declined and any full boat could claim after them; tiles were traded only on your own turn; the
level-1 morning benefits were taken without asking; Meng took the other decree of the same level
before a lower level, and traded tiles for servants only at dusk.

Edition 2 differs from edition 3 (issue 26; docs/rulings/gugong.md R7, R24; meng.md M17): a bonus travel
tile stayed beside the player board for good (never traded, never counted for the limit) instead of
joining the face-down travel tiles at the end of the day phase; "a 1 takes a 9 for free" looked at the
lowest and highest value the card model held instead of the printed values 1 and 9; and the table could
reveal more special Automa cards in one deck cycle than the difficulty puts in the deck.

Edition 3 differs from edition 4 (issue 22): with table entry on and the day's income unverified, the morning
of days 2-4 now asks what the day track shows before anyone takes servants (companion.gugong.corrections).
"""

from __future__ import annotations

from typing import Any, Protocol

CURRENT = 4
EDITIONS = (1, 2, 3, 4)
HANDS_ENTERED = 3  # the first edition whose start hands the table enters (see `hands_entered`)
BEFORE_EDITIONS = 1  # a saved setup without "rules" was written by edition 1


class HasRules(Protocol):
    rules: int


def revised(state: HasRules) -> bool:
    """Edition 2 or later: the rules as re-read against the rulebooks' passages (round 2)."""
    return state.rules >= 2


def third(state: HasRules) -> bool:
    """Edition 3 or later: the rules as re-read in round 3 (issue 26)."""
    return state.rules >= 3


def reads_income(state: HasRules) -> bool:
    """Edition 4 or later: the table may read the day's income off its day track (corrections.py)."""
    return state.rules >= 4


def hands_entered(state: HasRules) -> bool:
    """Edition 3 or later: the table enters the cards it was dealt (edition 2 took the profile's sets)."""
    return state.rules >= HANDS_ENTERED


def saved_setup(setup: dict[str, Any]) -> dict[str, Any]:
    """A setup read back from a save or token: one written before editions existed plays edition 1."""
    if not isinstance(setup, dict) or "rules" in setup:
        return setup  # a malformed setup is refused by normalize_setup
    return {**setup, "rules": BEFORE_EDITIONS}
