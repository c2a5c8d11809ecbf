"""Meng's turn in the day phase (gugong-de "Tagesphase" (Solo)): reveal an Automa card, exchange his top gift
card at its location regardless of values and without paying, then the card action, then the location action
(option A; a special card: option B of his focus for free, locations.py)."""

from __future__ import annotations

from companion.core.actions import Action
from companion.core.steps import push

from ..day import day_begins
from ..editions import EDITIONS
from ..gift_cards import exchange
from ..marks import CARD_TABLE, mark, marked
from ..servants import SERVANT_GAINS, grant
from ..state import GugongState
from ..steps import Events, step
from ..tracks import add_vp
from . import deck
from .meng import card_value, meng_of, say, top_half
from .state import SoloState

RULE_DAY = "gugong-de: Spielablauf (Solo), Tagesphase"


def solo_day_begins(state: GugongState) -> Events:
    """From day 2 on, Meng's discard pile becomes his gift cards for the day (told before the hands change)."""
    told = [say("day.gift_cards", day=state.day, count=len(meng_of(state).discard))] if state.day > 1 else []
    return told + day_begins(state)


def turn(state: SoloState, frame: dict, action: Action | None) -> Events:
    """Meng's turn: reveal the next Automa card (the deck is reshuffled from earlier days' cards when empty)."""
    m = state.meng
    events: Events = []
    if deck.needs_reshuffle(m):
        deck.reshuffle(m)
        events.append(say("day.reshuffle", cards=sum(m.deck.values())))
    push(state, {"k": "meng_reveal"})
    return events


def _reveal_options(state: SoloState, frame: dict) -> list[Action]:
    open_entry = not state.comp.profile.fact("meng.automa_cards").verified
    weights = deck.draw_weights(state.meng, open_entry, specials_known=EDITIONS.has(state, "specials_per_deck_cycle"))
    return [{"type": "automa_card", "card": k} for k, _ in weights]


def _reveal_weights(state: SoloState, frame: dict, options: list[Action]) -> tuple[int, ...]:
    return tuple(state.meng.deck.get(o["card"], 0) for o in options)


@step("meng_reveal", RULE_DAY, _reveal_options, chance=True, weights=_reveal_weights)
def _reveal(state: SoloState, frame: dict, action: Action | None) -> Events:
    assert action is not None
    card = action["card"]
    replaced = deck.reveal(state.meng, card)
    events = [] if replaced is None else [say("note.unexpected_card", card=top_half(card), expected=top_half(replaced))]
    location = state.meng.focus if card == "special" else card
    events.append(say("day.automa_card", card=top_half(card), location=location))
    push(state, {"k": "meng_gift", "automa": card})
    return events


def _gift_options(state: SoloState, frame: dict) -> list[Action]:
    return [{"type": "meng_card", "card": c} for c in sorted(meng_of(state).hand)]


@step("meng_gift", RULE_DAY, _gift_options, chance=True)
def _gift(state: SoloState, frame: dict, action: Action | None) -> None:
    assert action is not None
    push(state, {"k": "meng_play", "automa": frame["automa"], "card": action["card"]})


@step("meng_play", RULE_DAY)
def _play(state: SoloState, frame: dict, action: Action | None) -> Events:
    """Exchange regardless of values and without paying; then the card action, then the location action."""
    m = state.meng
    special = frame["automa"] == "special"
    name = m.focus if special else frame["automa"]
    assert name is not None
    loc = state.comp.locations.index(name)
    card = frame["card"]
    taken = state.board[loc]
    events = exchange(state, m.seat, card, loc)
    told = say("day.exchange", card=card, value=card_value(state, card), location=name, taken=taken,
               taken_value=card_value(state, taken))
    events.append(marked(state, told, value=CARD_TABLE, taken_value=CARD_TABLE))
    mode = "special" if special else "day"
    push(state, {"k": "meng_card_action", "what": state.comp.cards[card].action, "mode": mode},
         {"k": "meng_location", "loc": name, "mode": mode}, {"k": "turn_end", "p": m.seat})
    return events


def servants_told(state: SoloState, n: int) -> Events:
    """A card's servants for Meng: as many as his general supply holds, and how many he does not get."""
    got = min(n, meng_of(state).general)
    told = [say("day.card_servants", count=got)] if got else []
    told += [say("servants.short", missing=n - got)] if got < n else []
    return mark(state, told, ("card_servants", "short"), count=CARD_TABLE, missing=CARD_TABLE)


@step("meng_card_action", RULE_DAY)
def _card_action(state: SoloState, frame: dict, action: Action | None) -> Events:
    seat, what = state.meng.seat, frame["what"]
    if what == "none":
        return []
    if what == "swap":  # the card swap is ignored: 1 VP instead
        return [*add_vp(state, seat, state.comp.meng_act.swap_vp), say("day.card_swap_vp")]
    if what in SERVANT_GAINS:
        return [*servants_told(state, SERVANT_GAINS[what]), *grant(state, seat, what, CARD_TABLE)]
    push(state, {"k": "meng_location", "loc": what, "mode": frame["mode"]})
    return [say("day.card_action", location=what)]
