"""Meng's traveller and his travel tiles (gugong-de "Reisen (Solo)"): the red arrows, the special cases by
day and dusk, and trading six tiles for jade."""

from __future__ import annotations

from companion.core.actions import Action

from .. import travel
from ..frames import KINDS, kind, push
from ..servants import pay
from ..tracks import add_vp, gain_jade
from . import choices
from .instructions import (
    RULE_TILES,
    RULE_TRAVEL,
    card_value,
    event_count,
    meng_of,
    on_wall,
    say,
    tell_wall_scoring,
)
from .state import SoloState


# == travel: along the red arrows, or (map not in the box profile yet) where the table says =====
def _travel_options(state: SoloState, frame: dict) -> list[Action]:
    if choices.path_verified(state.comp):  # one option: resolved at once, nobody is asked
        city = choices.next_city(state, state.meng.seat)
        return [] if city is None else [{"type": "move", "city": city}]
    return [{"type": "move", "city": c} for c, t in enumerate(state.cities) if t is not None]


@kind("meng_travel", RULE_TRAVEL, _travel_options, chance=True)
def _travel(state: SoloState, frame: dict, action: Action | None) -> None:
    assert action is not None
    say(state, "travel.move", city=action["city"], tile=state.cities[action["city"]])
    had, since = on_wall(state), event_count(state)
    KINDS["travel_move"].resolve(state, {"k": "travel_move", "p": state.meng.seat}, action)
    tell_wall_scoring(state, since, had)  # the wall tile may complete the Great Wall




def tile_limit(state: SoloState, frame: dict, action: Action | None) -> None:
    """He trades 6 tiles for jade as soon as he can."""
    pl = meng_of(state)
    need = state.comp.trades["jade"]
    while choices.tile_value(pl) >= need:
        k = choices.doubles_for(pl, need)
        if k is None:
            break
        say(state, "travel.trade_jade")
        travel.trade(state, state.meng.seat, {"type": "trade", "for": "jade", "doubles": k})


def swap_vp(state: SoloState, frame: dict, action: Action | None) -> None:
    """Card swaps (travel tile, level-1 morning decree) give Meng 1 VP instead."""
    add_vp(state, state.meng.seat, 1)
    if frame.get("why") == "decree":
        say(state, "morning.decree_swap")
    say(state, "swap_vp")


def recover(state: SoloState, frame: dict, action: Action | None) -> None:
    pl = meng_of(state)
    if state.meng.dusk:
        add_vp(state, state.meng.seat, 1)
        say(state, "tile.dusk_vp")
    elif pl.discard:
        card = pl.discard.pop()
        pl.hand.append(card)
        say(state, "tile.recover", card=card, value=card_value(state, card))


def jade_card(state: SoloState, frame: dict, action: Action | None) -> None:
    if state.meng.dusk:
        add_vp(state, state.meng.seat, 1)
        say(state, "tile.dusk_vp")
    elif meng_of(state).hand:
        push(state, {"k": "meng_top_card"})


def _top_card_options(state: SoloState, frame: dict) -> list[Action]:
    return [{"type": "meng_card", "card": c} for c in sorted(meng_of(state).hand)]


@kind("meng_top_card", RULE_TILES, _top_card_options, chance=True)
def _top_card(state: SoloState, frame: dict, action: Action | None) -> None:
    """The jade tile: he discards his top gift card whatever its value and takes the jade."""
    assert action is not None
    pl = meng_of(state)
    pl.hand.remove(action["card"])
    pl.discard.append(action["card"])
    say(state, "tile.jade_card", card=action["card"], value=card_value(state, action["card"]))
    gain_jade(state, state.meng.seat)


def jade_pay(state: SoloState, frame: dict, action: Action | None) -> None:
    pl = meng_of(state)
    if pl.pool >= 3:
        pay(pl, 3)
        say(state, "tile.jade_pay")
        gain_jade(state, state.meng.seat)
