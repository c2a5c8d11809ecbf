"""Meng's location actions (gugong-de "Karten- und Ortsaktionen (Solo)", "Spezielle Automakarten").

By day he takes option A of the location (jade: the cheapest, decrees: by his choice rules); a
special card gives him option B of his focus for free, with servants from his general supply.
Travel, the wall and the canal have their own modules (travel.py, wall.py, canal.py).
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.actions import Action
from companion.core.steps import push

from .. import decrees, intrigue, jade, palace
from ..marks import marked
from ..steps import Events, step
from ..tracks import add_vp, advance_envoy, gain_jade, move_intrigue
from . import choices, corrections
from .canal import day_canal, from_general, special_canal
from .meng import meng_of, say
from .state import SoloState
from .travel import afford, day_trades, special_travel, travel_if_any
from .wall import day_wall, special_wall

RULE_ACTIONS = "gugong-de: Karten- und Ortsaktionen (Solo)"
RULE_DECREES = "gugong-de: Dekrete (Solo)"


def _lower_slot(state: SoloState) -> int:
    return corrections.lower_slot(state)  # as the table read it in this game, else the profile's


# -- by day: option A ----------------------------------------------------------------------------
def _day_jade(state: SoloState) -> Events:
    seat = state.meng.seat
    house, price = choices.cheapest_jade(state, seat)
    traded = afford(state, price, trading=day_trades(state))
    facts = jade.price_facts(house)
    if traded is None:
        return [marked(state, say("jade.cannot", price=price), price=facts)]
    told = marked(state, say("jade.buy" if house >= 0 else "jade.buy_square", house=house + 1, price=price),
                  price=facts)
    return [*traded, told, *jade.perform(state, seat, {"house": house, "dd": False})]


def _day_intrigue(state: SoloState) -> Events:
    seat = state.meng.seat
    medal_free = state.medal is None
    events = intrigue.perform(state, seat, {"opt": "A"})
    return [*events, say("intrigue.day_medal" if medal_free and state.medal == seat else "intrigue.day")]


def _day_palace(state: SoloState) -> Events:
    return [say("palace.day"), *palace.perform(state, state.meng.seat, {"opt": "A"})]


def _day_decree(state: SoloState) -> Events:
    seat = state.meng.seat
    slot = choices.choose_decree(state, seat, free=False, lower_slot=_lower_slot(state))
    traded = None if slot is None else afford(state, decrees.cost(state, seat, slot) + 1)
    if slot is None or traded is None:
        return [say("decree.cannot")]
    printed = state.comp.decrees[state.decree_slots[slot]].cost_fact
    told = marked(state, say("decree.buy", decree=state.decree_slots[slot], cost=decrees.cost(state, seat, slot)),
                  cost=(printed,))
    return [*traded, told, *decrees.perform(state, seat, {"slot": slot, "dd": False})]


DAY: dict[str, Callable[[SoloState], Events]] = {
    "travel": travel_if_any, "wall": day_wall, "jade": _day_jade, "intrigue": _day_intrigue,
    "palace": _day_palace, "decree": _day_decree, "canal": day_canal,
}


# -- special cards: option B of his focus for free -------------------------------------------------
def _special_jade(state: SoloState) -> Events:
    seat = state.meng.seat
    house, _ = choices.cheapest_jade(state, seat)
    told = say("special.jade" if house >= 0 else "special.jade_square", house=house + 1)
    if house < 0:
        return [told, *gain_jade(state, seat)]
    state.jade_houses[house] -= 1  # the jade of the cheapest house, without paying for it
    meng_of(state).jade += 1
    return [told]


def _special_intrigue(state: SoloState) -> Events:
    return [say("special.intrigue"), *move_intrigue(state, state.meng.seat, state.comp.meng_act.special_intrigue_steps)]


def _special_palace(state: SoloState) -> Events:
    seat = state.meng.seat
    events = [say("special.palace"), *advance_envoy(state, seat, state.comp.meng_act.special_palace_steps)]
    return events + move_intrigue(state, seat, state.comp.meng_act.special_palace_intrigue)


def _special_decree(state: SoloState) -> Events:
    seat = state.meng.seat
    slot = choices.choose_decree(state, seat, free=True, lower_slot=_lower_slot(state))
    src = from_general(state)
    if slot is None or src is None:
        return [say("decree.cannot")]
    pl = meng_of(state)
    if src == "general":
        pl.general -= 1
    else:
        pl.pool -= 1
    state.decree_servants[slot].append(seat)
    d = state.comp.decrees[state.decree_slots[slot]]
    events = [say("special.decree", decree=d.id)]
    return events + (add_vp(state, seat, d.vp) if d.level < state.comp.decree_levels else [])


SPECIAL: dict[str, Callable[[SoloState], Events]] = {
    "travel": special_travel, "wall": special_wall, "jade": _special_jade, "intrigue": _special_intrigue,
    "palace": _special_palace, "decree": _special_decree, "canal": special_canal,
}


@step("meng_location", RULE_ACTIONS)
def _location(state: SoloState, frame: dict, action: Action | None) -> Events:
    if frame["loc"] == "decree" and corrections.slot_unread(state):  # the table reads the board first
        push(state, {"k": "meng_slot_read"}, frame)
        return []
    return (SPECIAL if frame["mode"] == "special" else DAY)[frame["loc"]](state)


def _slot_options(state: SoloState, frame: dict) -> list[Action]:
    return corrections.slot_options(state)


@step("meng_slot_read", RULE_DECREES, _slot_options, chance=True, hidden=True, ask_single=True)
def _slot_read(state: SoloState, frame: dict, action: Action | None) -> Events:
    """Which decree of a level lies lower on the table's board (Meng takes the lower of two free ones)."""
    assert action is not None
    return corrections.slot_seen(state, action)
