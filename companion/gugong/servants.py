"""Servants and the double servant: paying, gaining and placing, within the 12 + 1 supply.

Rules (gugong-de "Doppelter Diener", p. 13): once unlocked, the double servant may be
taken whenever you gain 1 servant, returned instead of 2 servants, and placed on the Wall or
a boat where it takes 2 places; never on decrees or port-reward spaces. Gains are limited by
what is in the player's general supply (Tipps 1).
"""

from __future__ import annotations

from companion.core.actions import Action

from .frames import emit, kind, push
from .state import GugongState, Player

RULE_DD = "gugong-de: Doppelter Diener (S. 13)"


def can_pay(pl: Player, n: int) -> bool:
    return n <= 0 or pl.pool >= n or (n >= 2 and pl.dd == "pool" and pl.pool >= n - 2)


def pay_variants(pl: Player, n: int) -> list[bool]:
    """Ways to pay n servants: False = regular servants only, True = the double servant counts for 2."""
    if n <= 0:
        return [False]
    out = []
    if pl.pool >= n:
        out.append(False)
    if n >= 2 and pl.dd == "pool" and pl.pool >= n - 2:
        out.append(True)
    return out


def pay(pl: Player, n: int, dd: bool = False) -> None:
    """Return n servants from the player's supply to their general supply."""
    if n <= 0:
        return
    if dd:
        pl.dd = "general"
        n -= 2
    pl.pool -= n
    pl.general += n
    assert pl.pool >= 0


def gain(state: GugongState, seat: int, n: int) -> None:
    """Gain n servants from the general supply; asks about the double servant when it is there."""
    pl = state.players[seat]
    if n <= 0:
        return
    if pl.dd == "general":
        push(state, {"k": "take_double", "p": seat, "n": n})
        return
    _gain_regular(state, pl, n)


def _gain_regular(state: GugongState, pl: Player, n: int) -> None:
    got = min(n, pl.general)
    pl.general -= got
    pl.pool += got
    if got:
        emit(state, "servants_gained", player=pl.seat, count=got)
    if got < n:
        emit(state, "supply_empty", player=pl.seat, missing=n - got)


def _take_double_options(state: GugongState, frame: dict) -> list[Action]:
    return [{"type": "take_double", "double": False}, {"type": "take_double", "double": True}]


@kind("take_double", RULE_DD, _take_double_options)
def _take_double(state: GugongState, frame: dict, action: Action | None) -> None:
    pl = state.players[frame["p"]]
    n = frame["n"]
    if action and action["double"]:
        pl.dd = "pool"
        emit(state, "double_taken", player=pl.seat)
        n -= 1
    if n:
        _gain_regular(state, pl, n)


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


@kind("gain", RULE_DD)
def _gain(state: GugongState, frame: dict, action: Action | None) -> None:
    gain(state, frame["p"], frame["n"])
