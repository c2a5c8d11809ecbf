"""Gift cards moving between hands, discard piles, the officials and the draw pile.

Covers the value rule of the exchange (gugong-de Tagesphase 1, "Geschenke austauschen"),
the card swap (card action / travel tile / level-1 morning decree) and drawing a card from
the draw pile (port rewards), which is a chance step: the table enters the card it turns up.
"""

from __future__ import annotations

from functools import cache

from companion.core.actions import Action
from companion.core.profile import fact_schema
from companion.core.steps import push

from .decrees import owns
from .editions import EDITIONS
from .state import GugongState
from .steps import Events, event, step
from .table_entry import card_options, take_card

RULE_EXCHANGE = "gugong-de: Tagesphase, 1. Geschenke austauschen (S. 4)"
RULE_SWAP = "gugong-de: Aktionen der Geschenkkarten, Karten tauschen (S. 5)"
RULE_DRAW = "gugong-de: Kaiserkanal, Hafen 3 (S. 12)"


def value(state: GugongState, card: int) -> int:
    return state.comp.cards[card].value


def played_value(state: GugongState, seat: int, card: int) -> int:
    """The value a card counts when this player exchanges it (bonus tile: +1 for the rest of the day)."""
    bonus = sum(1 for t, _ in state.players[seat].bonus_active if t == "bonus_value")
    return value(state, card) + bonus


@cache
def printed_values() -> tuple[int, int]:
    """The lowest and highest value a gift card is printed with (1 and 9: the card fact's schema)."""
    schema = fact_schema("gugong", "gift_cards")["items"]["properties"]["value"]
    return int(schema["minimum"]), int(schema["maximum"])


def _one_and_nine(state: GugongState) -> tuple[int, int]:
    """The values of the exception: printed 1 and 9 (edition 3, ruling R24); before, the model's lowest and highest."""
    if EDITIONS.has(state, "printed_one_and_nine"):
        return printed_values()
    values = [c.value for c in state.comp.cards]
    return min(values), max(values)


def exchange_is_free(state: GugongState, seat: int, card: int, loc: int) -> bool:
    """Higher value: free. A printed 1 takes a printed 9: free. Equal value: free with the level-2 decree."""
    mine, theirs = played_value(state, seat, card), value(state, state.board[loc])
    if mine > theirs:
        return True
    low, high = _one_and_nine(state)
    if value(state, card) == low and theirs == high:
        return True
    return mine == theirs and owns(state, seat, "equal_value")


def exchange(state: GugongState, seat: int, card: int, loc: int) -> Events:
    pl = state.players[seat]
    pl.hand.remove(card)
    taken = state.board[loc]
    state.board[loc] = card
    pl.discard.append(taken)
    return [event("exchange", player=seat, given=card, taken=taken, location=state.comp.locations[loc])]


# -- swap one of your cards (hand or discard) with a card at an official ----------------------
def _swap_card_options(state: GugongState, frame: dict) -> list[Action]:
    pl = state.players[frame["p"]]
    opts: list[Action] = [{"type": "swap", "card": c} for c in pl.hand + pl.discard]
    return [*opts, {"type": "skip"}] if opts else []


@step("swap_card", RULE_SWAP, _swap_card_options)
def _swap_card(state: GugongState, frame: dict, action: Action | None) -> None:
    if action and action["type"] == "swap":
        push(state, {"k": "swap_to", "p": frame["p"], "card": action["card"]})


def _swap_to_options(state: GugongState, frame: dict) -> list[Action]:
    return [{"type": "swap_to", "loc": loc} for loc in range(len(state.board))]


@step("swap_to", RULE_SWAP, _swap_to_options)
def _swap_to(state: GugongState, frame: dict, action: Action | None) -> Events:
    assert action is not None
    pl = state.players[frame["p"]]
    card, loc = frame["card"], action["loc"]
    pile = pl.hand if card in pl.hand else pl.discard
    pile[pile.index(card)] = state.board[loc]
    swapped = event("swap", player=pl.seat, given=card, taken=state.board[loc], location=state.comp.locations[loc])
    state.board[loc] = card
    return [swapped]


# -- draw the top card of the draw pile (the table enters which card it is) -------------------
def draw_options(state: GugongState, frame: dict) -> list[Action]:
    """Any card still in the draw pile may turn up (its order is unknown), or one the profile does not list."""
    return [*({"type": "draw", "card": c} for c in sorted(state.deck)), *card_options(state, "draw", held=True)]


# hidden: the draw pile lies face down in an order only the table has; the card goes into a hand
@step("draw_card", RULE_DRAW, draw_options, chance=True, hidden=True)
def _draw_card(state: GugongState, frame: dict, action: Action | None) -> Events:
    assert action is not None
    card, seen = take_card(state, state.deck, action)
    state.players[frame["p"]].hand.append(card)
    return [*seen, event("card_drawn", player=frame["p"], card=card)]
