"""6 Der lokale Markt: food cubes sold for copper and bought (used at once), never both on one occasion."""

from __future__ import annotations

from companion.core import Event

from . import components, exchange, goods
from .state import YinziState


def new_occasion(state: YinziState) -> None:
    """Selling to and buying from the local market never happen on the same occasion."""
    state.occasion = {"sold": False, "bought": False}


def price(state: YinziState, what: str) -> int:
    return int(components.of(state).v("local_market.price")[what])


def can_buy(state: YinziState, p: int) -> bool:
    return (sum(state.local_market) > 0 and not state.occasion["sold"]
            and exchange.can_pay_copper(state, p, price(state, "buy")))


def buy(state: YinziState, p: int) -> tuple[int, list[Event]]:
    """Buy one food cube (used at once); returns the colour (owner) of the cube taken, and the events."""
    paid = exchange.pay(state, p, copper=price(state, "buy"))
    owner = next(q for q, n in enumerate(state.local_market) if n > 0)
    state.local_market[owner] -= 1
    state.occasion["bought"] = True
    return owner, [paid, Event("yinzi.bought_local", {"player": p, "owner": owner})]


def can_sell(state: YinziState) -> bool:
    return not state.occasion["bought"]


def sell(state: YinziState, p: int, src: str, better_sales: bool) -> Event:
    _, good = goods.take_cube(state, p, src)
    state.local_market[p] += 1
    bonus = int(components.of(state).v("city_markets.price")["better_sales"]) if better_sales else 0
    copper = price(state, "sell") + bonus  # RULES-Y 5A Bessere Verkäufe: city and local markets alike
    exchange.gain_copper(state, p, copper)
    state.players[p].delivered["local"] += 1
    state.occasion["sold"] = True
    return Event("yinzi.sold_local", {"player": p, "copper": copper, "src": src, "good": good})
