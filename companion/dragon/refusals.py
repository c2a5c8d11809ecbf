"""Why an action is refused, in the rulebook's words (the engine only refuses what is not an option).

One explanation per decision kind (`WHY`); the numbers in the messages come from the box profile.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core import Action, Decision, RuleError

from . import action as action_phase
from . import event, opening, person, setup, super_events, wall
from .components import WILD, tile_kind
from .state import DragonState

Why = Callable[[DragonState, Action, Decision], RuleError | None]


def explain(state: DragonState, action: Action, decision: Decision) -> RuleError | None:
    kind = decision.kind.removeprefix("dragon.")
    expected = {o.get("type") for o in decision.options}
    if kind == "place" and action.get("type") in ("replace", "discard") and "place" in expected:
        return RuleError(
            "dragon.must_place_while_room",
            "While one of your palaces has room, the new person must move in there.",
            rule=person.RULE,
        )
    if action.get("type") not in expected:
        return RuleError(
            "dragon.wrong_step",
            f"That does not fit the current step: the table must first decide {decision.kind}.",
            rule=decision.rule,
            decision=decision.kind,
            action=action.get("type"),
        )
    why = WHY.get(kind)
    return why(state, action, decision) if why is not None else None


def _action(state: DragonState, action: Action, decision: Decision) -> RuleError | None:
    player, comp = state.players[decision.player], state.comp
    g = action.get("group")
    if not isinstance(g, int) or not 1 <= g <= len(state.groups):
        return RuleError("dragon.no_such_group", f"There is no card group {g}.", rule=action_phase.RULE, group=g)
    if action.get("card") not in state.groups[g - 1]:
        return RuleError(
            "dragon.card_not_in_group", "That action card is not in this group.", rule=action_phase.RULE, group=g
        )
    cost = action_phase.join_cost(state, g - 1)
    if player.yuan < cost:
        return RuleError(
            "dragon.join_needs_yuan",
            f"A dragon already stands on group {g}: joining it costs {cost} yuan and you have {player.yuan}.",
            rule=action_phase.RULE,
            cost=cost,
            yuan=player.yuan,
        )
    if action["card"] == "privilege":
        return RuleError(
            "dragon.privilege_unaffordable",
            f"The smallest privilege costs {comp.small_cost} yuan; after paying {cost} to join you would have "
            f"{player.yuan - cost}.",
            rule=action_phase.RULE_PRIVILEGE,
            cost=comp.small_cost,
            yuan=player.yuan - cost,
        )
    if action["card"] == comp.wall_card:
        return RuleError(
            "dragon.wall_unavailable",
            f"You have no wall piece left to build, or the wall already reaches the {comp.wall_length}th event.",
            rule=wall.RULE,
        )
    return None


def _privilege(state: DragonState, action: Action, decision: Decision) -> RuleError:
    cost = action_phase.privilege_cost(state, action.get("size"))
    yuan = state.players[decision.player].yuan
    return RuleError(
        "dragon.privilege_unaffordable",
        f"This privilege costs {cost} yuan and you have {yuan}.",
        rule=action_phase.RULE_PRIVILEGE,
        cost=cost,
        yuan=yuan,
    )


def _floor(state: DragonState, action: Action, decision: Decision) -> RuleError:
    palaces, most = state.players[decision.player].palaces, state.comp.max_floors
    i = action.get("palace")
    if isinstance(i, int) and 0 <= i < len(palaces) and palaces[i].floors >= most:
        return RuleError(
            "dragon.palace_max_floors",
            f"A palace never has more than {most} floors.",
            rule=action_phase.RULE_BUILD,
            floors=most,
        )
    return RuleError(
        "dragon.floor_order",
        "Place the new floors palace by palace, left to right (already placed floors never move).",
        rule=action_phase.RULE_BUILD,
    )


def _place(state: DragonState, action: Action, decision: Decision) -> RuleError:
    return RuleError("dragon.palace_full", "That palace has no room: one person per floor.", rule=person.RULE)


def _card(state: DragonState, action: Action, decision: Decision) -> RuleError:
    return RuleError(
        "dragon.card_not_in_hand", f"{action.get('card')!r} is not in your hand.", rule=person.RULE,
        card=action.get("card"),
    )


def _tile(state: DragonState, action: Action, decision: Decision) -> RuleError | None:
    tile = action.get("tile")
    if decision.kind == "dragon.sunrise" and isinstance(tile, str) and tile_kind(tile) in state.sunrise_taken:
        return RuleError(
            "dragon.sunrise_taken", "Another player already took this kind of person at sunrise.",
            rule=super_events.RULE,
        )
    if tile in state.supply and state.supply[tile] == 0:
        return RuleError("dragon.sold_out", "No tile of this person is left on the board.", rule=person.RULE, tile=tile)
    card = decision.params.get("card")
    if card and card != WILD:
        return RuleError(
            "dragon.tile_not_matching", f"Your {card} card brings a {card}, not this person.", rule=person.RULE,
            card=card,
        )
    return None


def _opening(state: DragonState, action: Action, decision: Decision) -> RuleError:
    if len(set(action.get("persons") or [])) < 2:
        return RuleError("dragon.opening_distinct", "Take two different younger persons.", rule=opening.RULE)
    return RuleError(
        "dragon.opening_pair_taken", "Another player already took exactly this pair of persons.", rule=opening.RULE
    )


def _drought(state: DragonState, action: Action, decision: Decision) -> RuleError:
    if action.get("palace") in decision.params.get("done", []):
        return RuleError(
            "dragon.drought_one_per_palace",
            "Each unfed palace loses only one person; choose another inhabited palace.",
            rule=event.RULE_DROUGHT,
        )
    return _no_such_person(state, action, decision)


def _no_such_person(state: DragonState, action: Action, decision: Decision) -> RuleError:
    return RuleError("dragon.no_such_person", "There is no such person in that palace.", rule=decision.rule)


def _event_repeat(state: DragonState, action: Action, decision: Decision) -> RuleError:
    return RuleError(
        "dragon.event_repeat",
        "Two equal events may not follow each other, and the rest must still fit without a repeat.",
        rule=setup.RULE,
    )


WHY: dict[str, Why] = {
    "action": _action,
    "privilege": _privilege,
    "floor": _floor,
    "place": _place,
    "card": _card,
    "tile": _tile,
    "sunrise": _tile,
    "opening": _opening,
    "drought": _drought,
    "release": _no_such_person,
    "quake": _no_such_person,
    "event_field": _event_repeat,
}
