"""Meng's Automa deck as small pure functions (gugong-de "Spielaufbau (Solo)", "Tagesphase", "Dämmerungsphase").

Cards are counted by the location on their top half ("special" for the 2 special cards). Drawing is
a chance step the table enters; the deck only says which cards can come up and how likely each is.
Today's cards stay apart for the dusk; an empty deck is reshuffled from earlier days' cards only.
"""

from __future__ import annotations

from collections.abc import Mapping

from .state import AUTOMA_KINDS, MengState


def starting_deck(counts: Mapping[str, int], specials: int) -> dict[str, int]:
    """The box's Automa cards with `specials` special cards kept (easy: 1 of the 2)."""
    deck = {k: int(counts.get(k, 0)) for k in AUTOMA_KINDS}
    deck["special"] = min(deck["special"], specials)
    return deck


def draw_weights(meng: MengState, open_entry: bool, specials_known: bool = False) -> list[tuple[str, int]]:
    """(card, copies in the deck) for each card that may be revealed. With an unverified deck the table
    may reveal any location (weight 0: the app never draws it, but the table can enter it); the special
    cards are known by difficulty (DE 782), so with `specials_known` (edition 3) no more come up than the
    deck holds."""
    return [(k, meng.deck.get(k, 0)) for k in AUTOMA_KINDS
            if meng.deck.get(k, 0) > 0 or (open_entry and not (specials_known and k == "special"))]


def special_spent(meng: MengState, card: str) -> bool:
    """A special card revealed when none is left in the deck (easy: the 1 special card is already out)."""
    return card == "special" and meng.deck.get("special", 0) == 0


def needs_reshuffle(meng: MengState) -> bool:
    return sum(meng.deck.values()) == 0


def reshuffle(meng: MengState) -> None:
    """Earlier days' cards become the new deck; today's pile stays for the dusk. If no earlier card
    exists (cannot happen with 10-11 cards), today's cards are used so Meng can still play (ruling M6)."""
    if sum(meng.earlier.values()) == 0:
        for k in meng.today:
            meng.deck[k] = meng.deck.get(k, 0) + 1
        meng.today = []
        return
    for k, n in meng.earlier.items():
        meng.deck[k] = meng.deck.get(k, 0) + n
    meng.earlier = {k: 0 for k in meng.earlier}


def reveal(meng: MengState, card: str) -> str | None:
    """Take `card` off the deck onto today's pile. Returns the card the unverified profile expected
    in its place when the table revealed one the profile has no copy of left (else None)."""
    replaced = None
    if meng.deck.get(card, 0) > 0:
        meng.deck[card] -= 1
    else:
        replaced = max(meng.deck, key=lambda k: (meng.deck[k], -AUTOMA_KINDS.index(k)))
        meng.deck[replaced] -= 1
    meng.today.append(card)
    return replaced


def end_dusk(meng: MengState) -> None:
    """After the dusk, today's cards join the earlier days' cards."""
    for k in meng.today:
        meng.earlier[k] = meng.earlier.get(k, 0) + 1
    meng.today = []
