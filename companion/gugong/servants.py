"""Servants and the double servant: paying, gaining and placing, within each player's supply.

Rules (gugong-de "Doppelter Diener", p. 13): once unlocked, the double servant may be
taken whenever you gain 1 servant, returned instead of 2 servants, and placed on the Wall or
a boat where it takes 2 places; never on decrees or port-reward spaces. Gains are limited by
what is in the player's general supply (Tipps 1). `grant` is the one place every gain of a
card action, travel tile, trade or intrigue benefit goes through.
"""

from __future__ import annotations

from companion.core.actions import Action
from companion.core.steps import push

from .editions import EDITIONS
from .marks import of
from .state import GugongState, Player
from .steps import Events, event, step
from .tracks import gain_jade

RULE_DD = "gugong-de: Doppelter Diener (S. 13)"
DOUBLE = 2  # the double servant counts as up to 2 servants and takes 2 places (rule text, ruling R2)
SERVANT_GAINS = {"servant": 1, "servant1": 1, "servant2": 2}  # the codes name the number of servants


def pays_as_one(state: GugongState) -> bool:
    """The double servant "kann ... als 1 oder 2 Diener eingesetzt werden" (gugong-de 649, gugong-nl 705, QR):
    it may pay for a single servant too (ruling R2; edition 1 allowed it only for 2 or more)."""
    return EDITIONS.has(state, "double_servant_pays_one")


def double_pays(pl: Player, n: int, as_one: bool) -> bool:
    """May the double servant be part of paying n servants (it counts 2, or 1 when only 1 is due)?"""
    return pl.dd == "pool" and (n >= DOUBLE or (n == 1 and as_one)) and pl.pool >= n - min(n, DOUBLE)


def pay_variants(state: GugongState, seat: int, n: int) -> list[bool]:
    """Ways to pay n servants: False = regular servants only, True = with the double servant."""
    if n <= 0:
        return [False]
    pl = state.players[seat]
    out = []
    if pl.pool >= n:
        out.append(False)
    if double_pays(pl, n, pays_as_one(state)):
        out.append(True)
    return out


def pay(pl: Player, n: int, dd: bool = False) -> Events:
    """Return n servants from the player's supply to their general supply (the double servant counts 2, or 1
    when only 1 is due)."""
    if n <= 0:
        return []
    if dd:
        pl.dd = "general"
        n -= min(n, DOUBLE)
    pl.pool -= n
    pl.general += n
    assert pl.pool >= 0
    return [event("paid", player=pl.seat, count=n, double=dd)]


def grant(state: GugongState, seat: int, what: str, facts: tuple[str, ...] = ()) -> Events:
    """What a card action, a travel tile, a trade or an intrigue benefit gives: servants or 1 jade. `facts`: the box
    facts the number of servants rests on (a card's action: the card table)."""
    if what == "jade":
        return gain_jade(state, seat)
    return gain(state, seat, SERVANT_GAINS[what], facts)


def gain(state: GugongState, seat: int, n: int, facts: tuple[str, ...] | list[str] = ()) -> Events:
    """Gain n servants from the general supply; asks about the double servant when it is there. `facts`: the box
    facts n rests on (the day's income, the night's matches), marked on the counts reported."""
    pl = state.players[seat]
    if n <= 0:
        return []
    if pl.dd == "general":
        push(state, {"k": "take_double", "p": seat, "n": n, **({"facts": list(facts)} if facts else {})})
        return []
    return _gain_regular(state, pl, n, facts)


def _gain_regular(state: GugongState, pl: Player, n: int, facts: tuple[str, ...] | list[str] = ()) -> Events:
    got = min(n, pl.general)
    pl.general -= got
    pl.pool += got
    events: Events = []
    if got:
        events.append(event("servants_gained", player=pl.seat, count=got, **of(state, count=facts)))
    if got < n:
        events.append(event("supply_empty", player=pl.seat, missing=n - got, **of(state, missing=facts)))
    return events


def _take_double_options(state: GugongState, frame: dict) -> list[Action]:
    return [{"type": "take_double", "double": False}, {"type": "take_double", "double": True}]


@step("take_double", RULE_DD, _take_double_options)
def _take_double(state: GugongState, frame: dict, action: Action | None) -> Events:
    pl = state.players[frame["p"]]
    n = frame["n"]
    events: Events = []
    if action and action["double"]:
        pl.dd = "pool"
        events.append(event("double_taken", player=pl.seat))
        n -= 1
    if n:
        events += _gain_regular(state, pl, n, frame.get("facts", ()))
    return events


def place_variants(pl: Player, units: int, extra_cost: int = 0) -> list[bool]:
    """Ways to place `units` servants from the supply after paying `extra_cost` regular servants.

    False: all regular; True: the double servant is one of the units (it takes 2 places).
    """
    out = []
    if pl.pool >= units + extra_cost:
        out.append(False)
    if pl.dd == "pool" and pl.pool >= units - 1 + extra_cost:
        out.append(True)
    return out


@step("gain", RULE_DD)
def _gain(state: GugongState, frame: dict, action: Action | None) -> Events:
    """Frame "facts": the box facts the number rests on."""
    return gain(state, frame["p"], frame["n"], frame.get("facts", ()))
