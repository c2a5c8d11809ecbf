"""Meng's traveller and his travel tiles (gugong-de "Reisen (Solo)"): the red arrows, the special cases by
day and dusk, and trading six tiles for jade."""

from __future__ import annotations

from collections.abc import Callable

from companion.core.actions import Action, Event
from companion.core.steps import push

from .. import travel, travel_tiles
from ..editions import EDITIONS
from ..marks import CARD_TABLE, MAP, marked
from ..servants import pay
from ..steps import STEPS, Events, step
from ..tracks import add_vp, gain_jade
from . import choices
from .meng import any_tile, card_value, meng_of, on_wall, say, wall_scoring_told
from .state import SoloState

RULE_TRAVEL = "gugong-de: Reisen (Solo)"
RULE_TILES = "gugong-de: Reisen (Solo), Reiseplättchen, Sonderfälle"


def travel_if_any(state: SoloState) -> Events:
    """One step of his traveller if any city still has a tile (each step is checked when it is taken)."""
    if any_tile(state):
        push(state, {"k": "meng_travel"})
        return []
    return [say("travel.no_tile")]


def special_travel(state: SoloState) -> Events:
    push(state, *({"k": "meng_step"} for _ in range(state.comp.meng_act.special_travel_steps)))
    return [say("special.travel")]


@step("meng_step", RULE_TRAVEL)
def _step(state: SoloState, frame: dict, action: Action | None) -> Events:
    return travel_if_any(state)


# -- along the red arrows, or (map not in the box profile yet) where the table says ----------------
def _travel_options(state: SoloState, frame: dict) -> list[Action]:
    if choices.path_verified(state.comp):  # one option: resolved at once, nobody is asked
        city = choices.next_city(state, state.meng.seat)
        return [] if city is None else [{"type": "move", "city": city}]
    return [{"type": "move", "city": c} for c, t in enumerate(state.cities) if t is not None]


@step("meng_travel", RULE_TRAVEL, _travel_options, chance=True)
def _travel(state: SoloState, frame: dict, action: Action | None) -> Events:
    assert action is not None
    events = [marked(state, say("travel.move", city=action["city"], tile=state.cities[action["city"]]), city=MAP)]
    had = on_wall(state)
    moved = STEPS.kinds["travel_move"].resolve(state, {"k": "travel_move", "p": state.meng.seat}, action) or []
    return events + moved + wall_scoring_told(state, moved, had)  # the wall tile may complete the Great Wall


def tile_wall(state: SoloState, frame: dict, action: Action | None) -> Events:
    """The wall tile: Meng always places the servant from his general supply (it may complete the Great Wall)."""
    had = on_wall(state)
    events = travel_tiles.wall_tile(state, state.meng.seat)
    return events + wall_scoring_told(state, events, had)


# -- trading tiles for servants to afford an action -----------------------------------------------------------
def day_trade(tiles: int) -> Event:
    return say("day.trade", tiles=tiles)


def afford(state: SoloState, need: int, told: Callable[[int], Event] = day_trade,
           trading: bool = True) -> Events | None:
    """Make `need` servants payable: "Immer wenn Meng die "B"-Aktion durchführen könnte, aber nicht genug Diener
    besitzt, muss er Reiseplättchen für Diener eintauschen, wenn er dadurch diese Aktion ausführen könnte. Dies gilt
    für die Tages- und Dämmerungsphase" (gugong-de 862, gugong-nl 940; ruling M10). The trades' events ([] when his
    supply suffices); None when even trading cannot (he keeps his tiles), or he must not trade (`trading`)."""
    pl = meng_of(state)
    if pl.pool >= need:
        return []
    per_servant = state.comp.trades["servant"]
    trades = choices.trades_needed(pl, need, per_servant) if trading else None
    if trades is None:
        return None
    events: Events = []
    for _ in range(trades):
        k = choices.doubles_for(pl, per_servant)
        assert k is not None
        events.append(told(per_servant))
        events += travel.trade(state, state.meng.seat, {"type": "trade", "for": "servant", "doubles": k})
    return events


def day_trades(state: SoloState) -> bool:
    """By day he trades too (edition 1: only at dusk)."""
    return EDITIONS.has(state, "meng_trades_by_day")


# -- the tiles' special cases ------------------------------------------------------------------------
def tile_limit(state: SoloState, frame: dict, action: Action | None) -> Events:
    """He trades tiles for jade as soon as he has enough."""
    pl = meng_of(state)
    need = state.comp.trades["jade"]
    events: Events = []
    while choices.tile_value(pl) >= need:
        k = choices.doubles_for(pl, need)
        if k is None:
            break
        events.append(say("travel.trade_jade", tiles=need))
        events += travel.trade(state, state.meng.seat, {"type": "trade", "for": "jade", "doubles": k})
    return events


def swap_vp(state: SoloState, frame: dict, action: Action | None) -> Events:
    """Card swaps (travel tile, level-1 morning decree) give Meng 1 VP instead."""
    events = add_vp(state, state.meng.seat, state.comp.meng_act.swap_vp)
    if frame.get("why") == "decree":
        events.append(say("morning.decree_swap"))
    return [*events, say("swap_vp")]


def recover(state: SoloState, frame: dict, action: Action | None) -> Events:
    pl = meng_of(state)
    if state.meng.dusk:
        return [*add_vp(state, state.meng.seat, state.comp.meng_act.swap_vp), say("tile.dusk_vp")]
    if pl.discard:
        card = pl.discard.pop()
        pl.hand.append(card)
        return [marked(state, say("tile.recover", card=card, value=card_value(state, card)), value=CARD_TABLE)]
    return []


def jade_card(state: SoloState, frame: dict, action: Action | None) -> Events:
    if state.meng.dusk:
        return [*add_vp(state, state.meng.seat, state.comp.meng_act.swap_vp), say("tile.dusk_vp")]
    if meng_of(state).hand:
        push(state, {"k": "meng_top_card"})
    return []


def _top_card_options(state: SoloState, frame: dict) -> list[Action]:
    return [{"type": "meng_card", "card": c} for c in sorted(meng_of(state).hand)]


@step("meng_top_card", RULE_TILES, _top_card_options, chance=True)
def _top_card(state: SoloState, frame: dict, action: Action | None) -> Events:
    """The jade tile: he discards his top gift card whatever its value and takes the jade."""
    assert action is not None
    pl = meng_of(state)
    pl.hand.remove(action["card"])
    pl.discard.append(action["card"])
    told = marked(state, say("tile.jade_card", card=action["card"], value=card_value(state, action["card"])),
                  value=CARD_TABLE)
    return [told, *gain_jade(state, state.meng.seat)]


def jade_pay(state: SoloState, frame: dict, action: Action | None) -> Events:
    pl = meng_of(state)
    cost = state.comp.act.tile_jade_cost
    if pl.pool < cost:
        return []
    return [*pay(pl, cost), say("tile.jade_pay", cost=cost), *gain_jade(state, state.meng.seat)]
