"""5D V Besteuerung: the fate values of the round's cards plus the taxation discs set the silver due;
copper is exchanged as needed, and what is still missing costs all copper and a misfortune tile
per silver."""

from __future__ import annotations

from typing import Any

from companion.core import Event
from companion.core.steps import Frame, push

from . import components, exchange, goods, local_market
from .components import RATES
from .state import LOCAL_SELLABLE, YinziState
from .steps import STEPS, again, bookkeeping, decision

RULE_TAX = "5D V Besteuerung"


def tax_due(state: YinziState, p: int) -> int:
    pl = state.players[p]
    if state.bonus_of[p] == "no_taxation":
        return 0
    total = sum(c["fate"] for c in pl.played) + pl.tax_discs
    bands = components.of(state).taxation.bands
    for low, high, silver in bands:
        if low <= total <= high:
            return int(silver)
    return 0 if total < bands[0][0] else int(bands[-1][2])


@bookkeeping("taxation", RULE_TAX)
def taxation(state: YinziState) -> list[Event]:
    events, frames = [], []
    for p in state.order:
        due = tax_due(state, p)
        if due == 0:
            events.append(STEPS.event("taxed", {"player": p, "due": 0, "paid": 0, "misfortune": 0}))
        else:
            frames.append({"k": "tax", "p": p, "due": due})
    local_market.open_occasion(state, (f["p"] for f in frames))
    push(state, *frames)
    return events


def _options(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    opts: list[dict[str, Any]] = [{"type": "pay_tax"}]
    if local_market.can_sell(state, frame["p"]):
        opts += [{"type": "sell_local", "src": s["src"]} for s in goods.sources(state, frame["p"], LOCAL_SELLABLE)]
    return opts


@decision("tax", RULE_TAX, _options, lambda state, frame: {"due": frame["due"]})
def _tax(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    frame = local_market.first_answer(state, frame)
    p = frame["p"]
    if action["type"] == "sell_local":
        again(state, frame)
        return [local_market.sell(state, p, action["src"], state.bonus_of[p] == "better_sales")]
    return pay_tax(state, p, frame["due"])


def pay_tax(state: YinziState, p: int, due: int) -> list[Event]:
    """Pay silver, exchanging copper at the current rate; what is still missing costs all copper
    and one misfortune tile per missing silver (RULES-Y 5D V)."""
    pl = state.players[p]
    short = exchange.exchanging(pl.silver, due, pl.copper)  # the rate decides what copper buys
    paid, bought = exchange.pay_silver(state, p, due)  # the taxed event says what changed hands
    missing = due - paid
    copper_lost = 0
    if missing:
        copper_lost = pl.copper
        state.bank_copper += pl.copper
        pl.copper = 0
        pl.misfortune += missing
    params = {"player": p, "due": due, "paid": paid, "exchanged": bought, "copper_lost": copper_lost,
              "misfortune": missing, "rate": exchange.rate(state)}
    on_rate = (RATES,) if short else ()
    return [STEPS.event("taxed", components.tagged(state, params, rate=RATES, paid=on_rate, exchanged=on_rate,
                                                   copper_lost=on_rate, misfortune=on_rate))]
