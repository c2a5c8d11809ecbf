"""The dusk phase (gugong-de "Dämmerungsphase"); Meng's night follows in cycle.py."""

from __future__ import annotations

from collections.abc import Callable

from companion.core.actions import Action

from .. import travel
from ..frames import kind, push
from ..servants import pay
from ..tracks import advance_envoy, move_intrigue
from . import choices, deck
from .instructions import (
    RULE_DUSK,
    any_tile,
    meng_of,
    say,
    top_half,
)
from .ports import board_boat
from .state import SoloState


# == dusk ========================================================================================
def dusk_start(state: SoloState, frame: dict, action: Action | None) -> None:
    m = state.meng
    m.dusk = True
    say(state, "dusk.start", cards=len(m.today))
    push(state, *({"k": "meng_dusk_card", "card": c, "i": i} for i, c in enumerate(m.today)),
         {"k": "meng_dusk_end"}, {**frame, "after_dusk": True})


def _pay_with_tiles(state: SoloState, need: int, spend: int | None = None) -> bool:
    """Trade travel tiles for servants when that makes `need` servants affordable, then return `spend`
    of them (default all) to his general supply. False: he cannot, even by trading."""
    pl = meng_of(state)
    trades = choices.trades_needed(pl, need, state.comp.trades["servant"])
    if trades is None:
        return False
    for _ in range(trades):
        k = choices.doubles_for(pl, state.comp.trades["servant"])
        assert k is not None
        say(state, "dusk.trade")
        travel.trade(state, state.meng.seat, {"type": "trade", "for": "servant", "doubles": k})
    pay(pl, need if spend is None else spend)
    return True


def _dusk_free_travel(state: SoloState) -> None:
    if any_tile(state):
        say(state, "dusk.free_travel")
        push(state, {"k": "meng_travel"})
    else:
        say(state, "dusk.skip")


def _dusk_travel(state: SoloState) -> None:
    cost = travel.travel_cost(state, state.meng.seat)
    if any_tile(state) and _pay_with_tiles(state, cost):
        say(state, "dusk.travel", cost=cost)
        push(state, {"k": "meng_travel"})
    else:
        say(state, "dusk.skip")


def _dusk_wall(state: SoloState) -> None:
    seat = state.meng.seat
    if not _pay_with_tiles(state, 2, spend=1):  # needs 2: one back to the general supply, one onto the wall
        say(state, "dusk.skip")
        return
    meng_of(state).pool -= 1
    state.wall.append([seat, 1])
    say(state, "dusk.wall")
    push(state, {"k": "wall_check"})


def _dusk_intrigue(state: SoloState) -> None:
    pl = meng_of(state)
    if pl.intrigue < state.comp.intrigue_max and _pay_with_tiles(state, 1):
        say(state, "dusk.intrigue")
        move_intrigue(state, state.meng.seat, 2)
    else:
        say(state, "dusk.skip")


def _dusk_palace(state: SoloState) -> None:
    if _pay_with_tiles(state, 2):
        say(state, "dusk.palace")
        advance_envoy(state, state.meng.seat, 1)
        move_intrigue(state, state.meng.seat, 1)
    else:
        say(state, "dusk.skip")


def _dusk_canal(state: SoloState) -> None:
    pl = meng_of(state)
    if choices.canal_target(state, pl) is None or not _pay_with_tiles(state, 2, spend=1):
        say(state, "dusk.skip")  # needs 2: one back to the general supply, one onto a boat
        return
    say(state, "dusk.canal")
    board_boat(state, "pool")
    push(state, {"k": "meng_claim"})


DUSK: dict[str, Callable[[SoloState], None]] = {
    "free_travel": _dusk_free_travel, "travel": _dusk_travel, "wall": _dusk_wall, "intrigue": _dusk_intrigue,
    "palace": _dusk_palace, "canal": _dusk_canal,
}


@kind("meng_dusk_card", RULE_DUSK)
def _dusk_card(state: SoloState, frame: dict, action: Action | None) -> None:
    what = state.comp.profile.value("meng.dusk_actions")[frame["card"]]
    # the card's top half names a location (or "special"); its bottom half the dusk action, in words
    say(state, "dusk.card", card=frame["card"], location=top_half(frame["card"]), action=f"meng.dusk_action.{what}")
    DUSK[what](state)


@kind("meng_dusk_end", RULE_DUSK)
def _dusk_end(state: SoloState, frame: dict, action: Action | None) -> None:
    deck.end_dusk(state.meng)
    state.meng.dusk = False
    say(state, "dusk.end", cards=sum(state.meng.earlier.values()))

