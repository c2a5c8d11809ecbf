"""Jade (gugong-de "3. Jade", p. 9): buy the jade of a jade house; once the houses are empty, from the jade square."""

from __future__ import annotations

from .decrees import owns
from .marks import JADE_HOUSES, mark
from .servants import pay, pay_variants
from .state import GugongState
from .steps import Events, event
from .tracks import gain_jade

RULE_JADE = "gugong-de: 3. Jade (S. 9)"
SQUARE = -1  # the jade square, as a "house" number


def price(state: GugongState, seat: int, house: int) -> int:
    base = state.comp.jade_square_price if house < 0 else state.comp.jade_houses[house][0]
    return max(0, base - (state.comp.act.discount if owns(state, seat, "jade_discount") else 0))


def on_offer(state: GugongState) -> list[int]:
    """The houses with jade left, or the jade square once every house is empty."""
    return [h for h, left in enumerate(state.jade_houses) if left > 0] or [SQUARE]


def options(state: GugongState, seat: int) -> list[dict]:
    return [{"house": h, "dd": dd} for h in on_offer(state) for dd in pay_variants(state, seat, price(state, seat, h))]


def perform(state: GugongState, seat: int, opt: dict) -> Events:
    events = pay(state.players[seat], price(state, seat, opt["house"]), opt["dd"])
    facts = price_facts(opt["house"])
    return mark(state, events, ("paid",), count=facts) + take(state, seat, opt["house"])


def price_facts(house: int) -> tuple[str, ...]:
    """A house's price is printed on the board (box fact); the jade square's is in the rules."""
    return () if house < 0 else JADE_HOUSES


def take(state: GugongState, seat: int, house: int) -> Events:
    """The jade of a house (or 1 jade from the jade square), already paid for."""
    if house < 0:
        return gain_jade(state, seat)
    state.jade_houses[house] -= 1
    state.players[seat].jade += 1
    return [event("jade", player=seat, house=house)]
