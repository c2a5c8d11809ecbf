"""Copper, silver and the copper-to-silver exchange rate (RULES-Y 5F I, 4).

Copper and silver change only while paying and only as much as the payment needs, at the rate
above the die. Every coin move goes through here, so the bank ledger (players + bank = the
box's coins) stays exact.
"""

from __future__ import annotations

from companion.core import Event

from . import components
from .components import RATES
from .state import Player, YinziState
from .steps import STEPS

DIE_FIELDS = 6  # the exchange-rate track has one field per face of the die


def rate(state: YinziState) -> int:
    return components.of(state).rate(state.die)


def move_die(field: int, roll: int) -> int:
    """RULES-Y 5F I: higher roll one field right, lower one left, equal stays (fields 1-6)."""
    if roll > field:
        return min(DIE_FIELDS, field + 1)
    if roll < field:
        return max(1, field - 1)
    return field


def gain_copper(state: YinziState, p: int, n: int) -> None:
    state.players[p].copper += n
    state.bank_copper -= n


def gain_silver(state: YinziState, p: int, n: int) -> None:
    state.players[p].silver += n
    state.bank_silver -= n


def copper_worth(state: YinziState, p: int) -> int:
    pl = state.players[p]
    return pl.copper + pl.silver * rate(state)


def can_pay_copper(state: YinziState, p: int, n: int) -> bool:
    return copper_worth(state, p) >= n


def can_pay_silver(state: YinziState, p: int, n: int) -> bool:
    pl = state.players[p]
    return pl.silver + pl.copper // rate(state) >= n


def silver_for(copper: int, rate_now: int) -> tuple[int, int]:
    """Copper exchanged at the final scoring: (silver, copper left over), RULES-Y 7."""
    return divmod(copper, rate_now)


def _exchange_silver_for_copper(state: YinziState, pl: Player) -> None:
    r = rate(state)
    pl.silver -= 1
    state.bank_silver += 1
    pl.copper += r
    state.bank_copper -= r


def _spend_virtual(pl: Player, n: int) -> None:
    """Copper spent comes from the virtual coins first (RULES-Y 5B Wirtschaft: "Der Spieler gibt 2
    Kupfermünzen aus": they exist only to be spent)."""
    pl.virtual_copper = max(0, pl.virtual_copper - n)


def gain_virtual_copper(state: YinziState, p: int, n: int) -> None:
    gain_copper(state, p, n)
    state.players[p].virtual_copper += n


def lapse_virtual_copper(state: YinziState) -> list[Event]:
    """Virtual coins not spent in the turn they were taken go back to the bank."""
    events = []
    for p, pl in enumerate(state.players):
        if pl.virtual_copper:
            left = min(pl.virtual_copper, pl.copper)
            pl.copper -= left
            state.bank_copper += left
            pl.virtual_copper = 0
            if left:
                events.append(STEPS.event("virtual_copper_lapsed", {"player": p, "copper": left}))
    return events


def _exchange_copper_for_silver(state: YinziState, pl: Player) -> None:
    r = rate(state)
    _spend_virtual(pl, r)
    pl.copper -= r
    state.bank_copper += r
    pl.silver += 1
    state.bank_silver -= 1


def pay_copper(state: YinziState, p: int, n: int, to: int | None = None) -> int:
    """Pay n copper (to the bank or player `to`), breaking silver only as needed. Returns silver broken."""
    pl = state.players[p]
    broken = 0
    while pl.copper < n and pl.silver > 0:
        _exchange_silver_for_copper(state, pl)
        broken += 1
    assert pl.copper >= n, "caller checks can_pay_copper first"
    _spend_virtual(pl, n)
    pl.copper -= n
    if to is None:
        state.bank_copper += n
    else:
        state.players[to].copper += n
    return broken


def pay_silver(state: YinziState, p: int, n: int, to: int | None = None) -> tuple[int, int]:
    """Pay up to n silver, buying silver with copper as needed. Returns (paid, bought)."""
    pl = state.players[p]
    bought = 0
    while pl.silver < n and pl.copper >= rate(state):
        _exchange_copper_for_silver(state, pl)
        bought += 1
    paid = min(n, pl.silver)
    pl.silver -= paid
    if to is None:
        state.bank_silver += paid
    else:
        state.players[to].silver += paid
    return paid, bought


def pay(state: YinziState, p: int, copper: int = 0, silver: int = 0, to: int | None = None,
        code: str = "", amount_from: tuple[str, ...] = ()) -> Event:
    """Pay copper or silver (to the bank or player `to`), exchanging only as needed; the event
    ("yinzi.paid_copper" / "yinzi.paid_silver") says what changed hands: `broken` silver changed into
    copper, `bought` silver bought with copper, at `rate` copper per silver. Values resting on a placeholder
    carry its fact (core.provenance): the rate, what an exchange changed, the amount if `amount_from` says."""
    r = rate(state)
    pl = state.players[p]
    if silver:
        short = exchanging(pl.silver, silver, pl.copper)
        paid, bought = pay_silver(state, p, silver, to)
        params = {"player": p, "silver": paid, "to": to, "bought": bought, "rate": r}
        exchanged = (RATES,) if short else ()
        return Event(code or "yinzi.paid_silver", components.tagged(
            state, params, rate=RATES, silver=(*amount_from, *exchanged), bought=exchanged))
    # with silver in hand, how much is broken rests on the amount and on the rate (the copper in hand may
    # itself come from an exchange earlier in the same action)
    on_break = (*amount_from, RATES) if pl.silver > 0 else ()
    broken = pay_copper(state, p, copper, to)
    params = {"player": p, "copper": copper, "to": to, "broken": broken, "rate": r}
    return Event(code or "yinzi.paid_copper", components.tagged(
        state, params, rate=RATES, copper=amount_from, broken=on_break))


def exchanging(have: int, due: int, other: int) -> bool:
    """Does paying `due` with `have` of one coin exchange the `other` coin at the rate? Then what changes
    hands rests on the rate."""
    return have < due and other > 0
