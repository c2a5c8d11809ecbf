"""Gùgōng's rules editions (the mechanism: companion.core.editions): the named fixes and since when.

A game keeps the edition it was started with, so a save replays the game that was played. New
games get `CURRENT`; a setup read back from a save written before editions existed has none and
means edition 1 (`EDITIONS.saved_setup`).

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

Edition 4 differs from edition 5 (issue 22; docs/rulings/meng.md M21, M22): with table entry on, the first dusk
card of each top location asks what its bottom half shows, and Meng's first decree asks which decree of a level
lies lower on the board, while those facts are unverified (companion.gugong.solo.corrections).
"""

from __future__ import annotations

from companion.core.editions import Editions

CURRENT = 5
# what changed, and the first edition with it
FIXES = {
    "double_servant_pays_one": 2,  # ruling R2: the double servant may pay for 1 servant
    "morning_benefits_asked": 2,  # level-1 morning benefits are asked, not taken without asking
    "tiles_reshuffled_when_needed": 2,  # gugong-de 127: the discard is reshuffled when a city needs a tile
    "tiles_may_be_declined": 2,  # wall, canal and card-recovery tiles may be declined; their follow-ups
    "trades_on_every_decision": 2,  # tiles are traded at any decision, not only on your own turn
    "meng_chosen_decree_first": 2,  # ruling M15: Meng takes the chosen decree of each level first
    "meng_trades_by_day": 2,  # Meng trades tiles for servants by day too, not only at dusk
    "bonus_tiles_join_travel_tiles": 3,  # ruling R7: bonus tiles join the travel tiles at the end of the day
    "printed_one_and_nine": 3,  # ruling R24: "a 1 takes a 9" looks at the printed values 1 and 9
    "specials_per_deck_cycle": 3,  # ruling M17: no more special Automa cards per cycle than the deck holds
    "hands_entered": 3,  # the table enters the start hands it was dealt (edition 2 took the profile's sets)
    "income_read": 4,  # ruling R30: with table entry, the morning of days 2-4 asks what the day track shows
    "meng_facts_read": 5,  # rulings M21, M22: with table entry, Meng's first use of an unverified fact asks the table
}
# editions whose every difference needs table entry: a game without it is given the one before (setup.rules_of)
ENTRY_ONLY = frozenset({5})
EDITIONS = Editions(current=CURRENT, fixes=FIXES, error="gugong.setup.rules")
