"""The 7 location actions, each as `options(state, seat)` + `perform(state, seat, option)`.

The same functions serve the location action, a card action that names a location, the bonus
tile "follow" and (later) Meng's Automa, so each location's rules live in one place.
Jade, intrigue and palace are small enough to live here; the others have their own modules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.core.actions import Action

from . import canal, decrees, travel, wall
from .frames import emit, kind, push
from .servants import pay, pay_variants
from .state import GugongState
from .tracks import add_vp, advance_envoy, gain_jade, move_intrigue

RULE_JADE = "gugong-de: 3. Jade (S. 9)"
RULE_INTRIGUE = "gugong-de: 4. Intrige (S. 9)"
RULE_PALACE = "gugong-de: 5. Der Palast der himmlischen Reinheit (S. 10)"
RULE_FOLLOW = "gugong-de: Bonus-Reiseplättchen, Aktion folgen (S. 20)"


# -- 3. Jade ----------------------------------------------------------------------------------
def jade_price(state: GugongState, seat: int, house: int) -> int:
    base = state.comp.jade_square_price if house < 0 else state.comp.jade_houses[house][0]
    return max(0, base - (state.comp.act["discount"] if decrees.owns(state, seat, "jade_discount") else 0))


def jade_options(state: GugongState, seat: int) -> list[dict]:
    pl = state.players[seat]
    houses = [h for h, left in enumerate(state.jade_houses) if left > 0] or [-1]  # -1: the jade square
    return [{"house": h, "dd": dd} for h in houses for dd in pay_variants(pl, jade_price(state, seat, h))]


def jade_perform(state: GugongState, seat: int, opt: dict) -> None:
    pay(state.players[seat], jade_price(state, seat, opt["house"]), opt["dd"])
    if opt["house"] < 0:
        gain_jade(state, seat)
        return
    state.jade_houses[opt["house"]] -= 1
    state.players[seat].jade += 1
    emit(state, "jade", player=seat)


# -- 4. Intrigue ------------------------------------------------------------------------------
def intrigue_options(state: GugongState, seat: int) -> list[dict]:
    return [{"opt": "A"}] + ([{"opt": "B"}] if state.players[seat].pool >= state.comp.act["intrigue_b_cost"] else [])


def intrigue_perform(state: GugongState, seat: int, opt: dict) -> None:
    if opt["opt"] == "A":
        move_intrigue(state, seat, state.comp.act["intrigue_a_steps"])
        if state.medal is None:  # the first player this day to choose A takes the medal
            state.medal = seat
            emit(state, "medal", player=seat)
    else:
        pay(state.players[seat], state.comp.act["intrigue_b_cost"])
        move_intrigue(state, seat, state.comp.act["intrigue_b_steps"])


# -- 5. Palace of Heavenly Purity -------------------------------------------------------------
def palace_options(state: GugongState, seat: int) -> list[dict]:
    cost = state.comp.act["palace_b_cost"]
    return [{"opt": "A"}] + [{"opt": "B", "dd": dd} for dd in pay_variants(state.players[seat], cost)]


def palace_perform(state: GugongState, seat: int, opt: dict) -> None:
    if opt["opt"] == "A":
        advance_envoy(state, seat, state.comp.act["palace_a_steps"])
    else:
        act = state.comp.act
        pay(state.players[seat], act["palace_b_cost"], opt["dd"])
        advance_envoy(state, seat, act["palace_b_steps"])
        move_intrigue(state, seat, act["palace_b_intrigue"])


@dataclass(frozen=True)
class Location:
    name: str
    options: Callable[[GugongState, int], list[dict]]
    perform: Callable[[GugongState, int, dict], None]
    rule: str


LOCATIONS: dict[str, Location] = {
    "travel": Location("travel", travel.options, travel.perform, travel.RULE_TRAVEL),
    "wall": Location("wall", wall.options, wall.perform, wall.RULE_WALL),
    "jade": Location("jade", jade_options, jade_perform, RULE_JADE),
    "intrigue": Location("intrigue", intrigue_options, intrigue_perform, RULE_INTRIGUE),
    "palace": Location("palace", palace_options, palace_perform, RULE_PALACE),
    "decree": Location("decree", decrees.options, decrees.perform, decrees.RULE_DECREE),
    "canal": Location("canal", canal.options, canal.perform, canal.RULE_CANAL),
}


def run(state: GugongState, seat: int, name: str, opt: dict, follow: bool = False) -> None:
    """Perform a location's action; bonus tiles beside it react when another player performs it."""
    if not follow:
        loc = state.comp.locations.index(name)
        followers = []
        for other in state.order_from(seat)[1:]:
            for tile, at in state.players[other].bonus_active:
                if at != loc:
                    continue
                if tile == "bonus_vp":
                    add_vp(state, other, 1)
                    add_vp(state, seat, -1)
                elif tile == "bonus_follow":
                    followers.append({"k": "follow", "p": other, "loc": name})
        push(state, *followers)  # they follow after this action is complete
    emit(state, "action", player=seat, location=name, option=opt.get("opt", ""))
    LOCATIONS[name].perform(state, seat, opt)


def strip(action: Action) -> dict:
    return {k: v for k, v in action.items() if k != "type"}


def _follow_options(state: GugongState, frame: dict) -> list[Action]:
    out: list[Action] = [{"type": "follow", **o} for o in LOCATIONS[frame["loc"]].options(state, frame["p"])]
    return [*out, {"type": "skip"}] if out else []


@kind("follow", RULE_FOLLOW, _follow_options)
def _follow(state: GugongState, frame: dict, action: Action | None) -> None:
    if action and action["type"] == "follow":
        run(state, frame["p"], frame["loc"], strip(action), follow=True)
