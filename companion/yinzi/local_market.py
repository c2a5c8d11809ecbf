"""6 Der lokale Markt: food cubes sold for copper and bought (used at once), never both on one occasion.

An occasion belongs to one player (RULES-Y 6: "Ein Spieler darf nicht beim selben Anlass, sei es in seinem
Spielzug oder in den Phasen am Rundenende, ... verkaufen *und* ... kaufen"): each turn, and each player's
part of a round-end phase (feeding, infrastructure, taxation, late shipping, the last chance before
scoring), opens a new one for that player when its step is laid out.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.core import Event
from companion.core.steps import Frame

from . import components, editions, exchange, goods
from .state import YinziState
from .steps import STEPS

PER_PLAYER = "occasion_per_player"


def open_occasion(state: YinziState, players: Iterable[int]) -> None:
    """A new occasion for each of `players`: what they did at the market before no longer counts."""
    if editions.EDITIONS.has(state, PER_PLAYER):
        for p in players:
            state.occasion[p] = {"sold": False, "bought": False}


def _table_wide_reset(state: YinziState) -> None:
    for q in range(len(state.occasion)):
        state.occasion[q] = {"sold": False, "bought": False}


def first_answer(state: YinziState, frame: Frame) -> Frame:
    """Edition 1: one occasion for the whole table, opened by the first answer to a turn or a round-end
    step (the frame remembers that it has started)."""
    if editions.EDITIONS.has(state, PER_PLAYER) or frame.get("started"):
        return frame
    _table_wide_reset(state)
    return {**frame, "started": True}


def turn_ended(state: YinziState) -> None:
    """Edition 1: the table-wide occasion ends with every turn."""
    if not editions.EDITIONS.has(state, PER_PLAYER):
        _table_wide_reset(state)


def _mark(state: YinziState, p: int, what: str) -> None:
    for q in [p] if editions.EDITIONS.has(state, PER_PLAYER) else range(len(state.occasion)):
        state.occasion[q][what] = True


def price(state: YinziState, what: str) -> int:
    return int(components.of(state).local_market.price[what])


def can_buy(state: YinziState, p: int) -> bool:
    return (sum(state.local_market) > 0 and not state.occasion[p]["sold"]
            and exchange.can_pay_copper(state, p, price(state, "buy")))


def buy(state: YinziState, p: int) -> tuple[int, list[Event]]:
    """Buy one food cube (used at once); returns the colour (owner) of the cube taken, and the events."""
    paid = exchange.pay(state, p, copper=price(state, "buy"))
    owner = next(q for q, n in enumerate(state.local_market) if n > 0)
    state.local_market[owner] -= 1
    _mark(state, p, "bought")
    return owner, [paid, STEPS.event("bought_local", {"player": p, "owner": owner})]


def can_sell(state: YinziState, p: int) -> bool:
    return not state.occasion[p]["bought"]


def sell(state: YinziState, p: int, src: str, better_sales: bool) -> Event:
    _, good = goods.take_cube(state, p, src)
    state.local_market[p] += 1
    bonus = int(components.of(state).city_markets.price["better_sales"]) if better_sales else 0
    copper = price(state, "sell") + bonus  # RULES-Y 5A Bessere Verkäufe: city and local markets alike
    exchange.gain_copper(state, p, copper)
    state.players[p].delivered["local"] += 1
    _mark(state, p, "sold")
    return STEPS.event("sold_local", {"player": p, "copper": copper, "src": src, "good": good})
