"""Why an action is refused, in the rulebook's words (the engine only refuses what is not an option)."""

from __future__ import annotations

from companion.core import Action, Decision, RuleError

from .rules import WILD, tile_kind
from .state import DragonState
from .steps import R_ACTION, R_BUILD, R_DROUGHT, R_OPENING, R_PERSON, R_PRIVILEGE, R_SETUP, R_SUPER, R_WALL


def explain(state: DragonState, action: Action, decision: Decision) -> RuleError | None:
    kind = decision.kind.removeprefix("dragon.")
    expected = {o.get("type") for o in decision.options}
    if kind == "place" and action.get("type") in ("replace", "discard") and "place" in expected:
        return RuleError(
            "dragon.must_place_while_room",
            "While one of your palaces has room, the new person must move in there.",
            rule=R_PERSON,
        )
    if action.get("type") not in expected:
        return RuleError(
            "dragon.wrong_step",
            f"That does not fit the current step: the table must first decide {decision.kind}.",
            rule=decision.rule,
            decision=decision.kind,
            action=action.get("type"),
        )
    p = decision.player
    player = state.players[p] if p >= 0 else None
    r = state.rules
    if kind == "action" and player is not None:
        g = action.get("group")
        if not isinstance(g, int) or not 1 <= g <= len(state.groups):
            return RuleError("dragon.no_such_group", f"There is no card group {g}.", rule=R_ACTION, group=g)
        if action.get("card") not in state.groups[g - 1]:
            return RuleError(
                "dragon.card_not_in_group", "That action card is not in this group.", rule=R_ACTION, group=g
            )
        cost = r.join_cost if state.dragons[g - 1] else 0
        if player.yuan < cost:
            return RuleError(
                "dragon.join_needs_yuan",
                f"A dragon already stands on group {g}: joining it costs {cost} yuan and you have {player.yuan}.",
                rule=R_ACTION,
                cost=cost,
                yuan=player.yuan,
            )
        if action["card"] == "privilege":
            return RuleError(
                "dragon.privilege_unaffordable",
                f"The smallest privilege costs {r.small_cost} yuan; after paying {cost} to join you would have "
                f"{player.yuan - cost}.",
                rule=R_PRIVILEGE,
                cost=r.small_cost,
                yuan=player.yuan - cost,
            )
        if action["card"] == r.wall_card:
            return RuleError(
                "dragon.wall_unavailable",
                "You have no wall piece left to build, or the wall already reaches the 12th event.",
                rule=R_WALL,
            )
    if kind == "privilege" and player is not None:
        cost = r.large_cost if action.get("size") == "large" else r.small_cost
        return RuleError(
            "dragon.privilege_unaffordable",
            f"This privilege costs {cost} yuan and you have {player.yuan}.",
            rule=R_PRIVILEGE,
            cost=cost,
            yuan=player.yuan,
        )
    if kind == "floor" and player is not None:
        i = action.get("palace")
        if isinstance(i, int) and 0 <= i < len(player.palaces) and player.palaces[i].floors >= r.max_floors:
            return RuleError(
                "dragon.palace_max_floors",
                f"A palace never has more than {r.max_floors} floors.",
                rule=R_BUILD,
                floors=r.max_floors,
            )
        return RuleError(
            "dragon.floor_order",
            "Place the new floors palace by palace, left to right (already placed floors never move).",
            rule=R_BUILD,
        )
    if kind == "place" and player is not None:
        return RuleError(
            "dragon.palace_full", "That palace has no room: one person per floor.", rule=R_PERSON
        )
    if kind == "card" and player is not None:
        return RuleError(
            "dragon.card_not_in_hand", f"{action.get('card')!r} is not in your hand.", rule=R_PERSON,
            card=action.get("card"),
        )
    if kind in ("tile", "sunrise"):
        tile = action.get("tile")
        if kind == "sunrise" and isinstance(tile, str) and tile_kind(tile) in state.sunrise_taken:
            return RuleError(
                "dragon.sunrise_taken", "Another player already took this kind of person at sunrise.", rule=R_SUPER
            )
        if tile in state.supply and state.supply[tile] == 0:
            return RuleError(
                "dragon.sold_out", "No tile of this person is left on the board.", rule=R_PERSON, tile=tile
            )
        card = decision.params.get("card")
        if card and card != WILD:
            return RuleError(
                "dragon.tile_not_matching", f"Your {card} card brings a {card}, not this person.", rule=R_PERSON,
                card=card,
            )
    if kind == "opening":
        persons = action.get("persons") or []
        if len(set(persons)) < 2:
            return RuleError("dragon.opening_distinct", "Take two different younger persons.", rule=R_OPENING)
        return RuleError(
            "dragon.opening_pair_taken",
            "Another player already took exactly this pair of persons.",
            rule=R_OPENING,
        )
    if kind == "drought" and action.get("palace") in decision.params.get("done", []):
        return RuleError(
            "dragon.drought_one_per_palace",
            "Each unfed palace loses only one person; choose another inhabited palace.",
            rule=R_DROUGHT,
        )
    if kind in ("release", "drought", "quake"):
        return RuleError(
            "dragon.no_such_person", "There is no such person in that palace.", rule=decision.rule
        )
    if kind == "event_field":
        return RuleError(
            "dragon.event_repeat",
            "Two equal events may not follow each other, and the rest must still fit without a repeat.",
            rule=R_SETUP,
        )
    return None
