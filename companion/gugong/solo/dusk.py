"""The dusk phase (gugong-de "Dämmerungsphase", solo only), between the day and the night.

Today's Automa cards are turned over one by one; Meng does each card's bottom action he can pay
for, trading travel tiles for servants when that makes it affordable. Afterwards today's cards
join the earlier days' cards.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.actions import Action
from companion.core.steps import Frame, push

from .. import travel
from ..servants import pay
from ..steps import Events, step
from ..tracks import advance_envoy, move_intrigue
from . import choices, corrections, deck
from .canal import board_boat
from .meng import any_tile, meng_of, say, top_half
from .state import SoloState
from .travel import afford

RULE_DUSK = "gugong-de: Spielablauf (Solo), Dämmerungsphase"


def dusk_begins(state: SoloState) -> Events:
    state.meng.dusk = True
    return [say("dusk.start", cards=len(state.meng.today))]


def dusk_cards(state: SoloState) -> list[Frame]:
    return corrections.dusk_frames(state)  # each card, after the table's reading of its bottom half if asked


def dusk_ends(state: SoloState) -> Events:
    deck.end_dusk(state.meng)
    state.meng.dusk = False
    return [say("dusk.end", cards=sum(state.meng.earlier.values()))]


def _pay_with_tiles(state: SoloState, need: int, spend: int | None = None) -> Events | None:
    """Trade travel tiles for servants when that makes `need` servants affordable, then return `spend`
    of them (default all) to his general supply. None: he cannot, even by trading."""
    events = afford(state, need, lambda tiles: say("dusk.trade", tiles=tiles))
    if events is None:
        return None
    return events + pay(meng_of(state), need if spend is None else spend)


def _one_back_one_placed(cost: int) -> int:
    """What he must have for an action that returns one servant and places another: the card's cost, but never
    fewer than the two servants he moves (a box profile may state a smaller cost)."""
    return max(cost, 2)


def _free_travel(state: SoloState) -> Events:
    if not any_tile(state):
        return [say("dusk.skip")]
    push(state, {"k": "meng_travel"})
    return [say("dusk.free_travel")]


def _travel(state: SoloState) -> Events:
    cost = travel.travel_cost(state, state.meng.seat)
    paid = _pay_with_tiles(state, cost) if any_tile(state) else None
    if paid is None:
        return [say("dusk.skip")]
    push(state, {"k": "meng_travel"})
    return [*paid, say("dusk.travel", cost=cost)]


def _wall(state: SoloState) -> Events:
    # one servant back to the general supply, one onto the wall
    paid = _pay_with_tiles(state, _one_back_one_placed(state.comp.meng_act.dusk_wall_cost), spend=1)
    if paid is None:
        return [say("dusk.skip")]
    meng_of(state).pool -= 1
    state.wall.append([state.meng.seat, 1])
    push(state, {"k": "wall_check"})
    return [*paid, say("dusk.wall")]


def _intrigue(state: SoloState) -> Events:
    paid = None
    if meng_of(state).intrigue < state.comp.intrigue_max:
        paid = _pay_with_tiles(state, state.comp.meng_act.dusk_intrigue_cost)
    if paid is None:
        return [say("dusk.skip")]
    steps = state.comp.meng_act.dusk_intrigue_steps
    return [*paid, say("dusk.intrigue"), *move_intrigue(state, state.meng.seat, steps)]


def _palace(state: SoloState) -> Events:
    paid = _pay_with_tiles(state, state.comp.meng_act.dusk_palace_cost)
    if paid is None:
        return [say("dusk.skip")]
    seat = state.meng.seat
    events = [*paid, say("dusk.palace"), *advance_envoy(state, seat, state.comp.meng_act.dusk_palace_steps)]
    return events + move_intrigue(state, seat, state.comp.meng_act.dusk_palace_intrigue)


def _canal(state: SoloState) -> Events:
    paid = None
    if choices.canal_target(state, meng_of(state)) is not None:  # one back to the general supply, one onto a boat
        paid = _pay_with_tiles(state, _one_back_one_placed(state.comp.meng_act.dusk_canal_cost), spend=1)
    if paid is None:
        return [say("dusk.skip")]
    push(state, {"k": "meng_claim"})
    return [*paid, say("dusk.canal"), *board_boat(state, "pool")]


DUSK: dict[str, Callable[[SoloState], Events]] = {
    "free_travel": _free_travel, "travel": _travel, "wall": _wall, "intrigue": _intrigue,
    "palace": _palace, "canal": _canal,
}


@step("meng_dusk_card", RULE_DUSK)
def _dusk_card(state: SoloState, frame: dict, action: Action | None) -> Events:
    what = corrections.dusk_action(state, frame["card"])
    # the card's top half names a location (or "special"); its bottom half the dusk action, in words
    told = say("dusk.card", card=frame["card"], location=top_half(frame["card"]),
               bottom=f"meng.dusk_action.{what}")  # "action" is a card action's code to the describer
    return [told, *DUSK[what](state)]


def _read_options(state: SoloState, frame: dict) -> list[Action]:
    return corrections.dusk_options(state, frame["card"])


def _read_params(state: SoloState, frame: dict) -> dict:
    return {"card": frame["card"]}


@step("meng_dusk_read", RULE_DUSK, _read_options, chance=True, hidden=True, ask_single=True, params=_read_params)
def _dusk_read(state: SoloState, frame: dict, action: Action | None) -> Events:
    """What the card's bottom half shows (only the table can tell; the app never draws it)."""
    assert action is not None
    return corrections.dusk_seen(state, action)
