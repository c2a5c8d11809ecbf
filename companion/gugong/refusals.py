"""Why an action is refused: a specific, rule-citing reason for each kind of illegal move.

`companion.core.apply` has already established that the action is not among the legal
options; this module only finds the most helpful explanation.
"""

from __future__ import annotations

from companion.core.actions import Action, Decision
from companion.core.errors import RuleError

from . import cards, decrees, travel, wall
from .canal import RULE_CANAL
from .locations import LOCATIONS, jade_price
from .servants import RULE_DD
from .state import GugongState
from .turn import RULE_ACTIONS


def explain(state: GugongState, action: Action, decision: Decision) -> RuleError | None:
    kind = action.get("type")
    expected = {o.get("type") for o in decision.options}
    who = state.names[decision.player] if 0 <= decision.player < state.n else "the table"
    if kind not in expected:
        return _wrong_step(state, action, decision, who)
    if decision.is_chance:
        return RuleError("gugong.error.cannot_turn_up", "That cannot turn up now: it is not among the pieces left "
                         f"(e.g. no such tile in the draw piles, no such card in the deck) ({decision.kind}).",
                         rule=decision.rule, step=decision.kind)
    frame = state.stack[-1]
    pl = state.players[frame["p"]] if isinstance(frame.get("p"), int) else None
    if kind == "exchange" and pl is not None:
        if action.get("card") not in pl.hand:
            return RuleError("gugong.error.card_not_in_hand", "You can only give a gift card from your hand.",
                             rule=cards.RULE_EXCHANGE, card=action.get("card"))
        return RuleError("gugong.error.no_such_official", "There are 7 officials (locations 0-6).",
                         rule=cards.RULE_EXCHANGE, loc=action.get("loc"))
    if kind == "pay" and pl is not None:
        if action.get("how") == "servants":
            return _servants(2, pl.pool, cards.RULE_EXCHANGE)
        if action.get("how") == "double":
            return _double(pl.dd)
        return RuleError("gugong.error.card_not_in_hand", "You can only discard another card from your hand.",
                         rule=cards.RULE_EXCHANGE, card=action.get("card"))
    if kind in ("location", "card", "follow") and pl is not None:
        return _location(state, frame, action, pl)
    if kind == "claim":
        return RuleError("gugong.error.no_reward", "That reward cannot be taken: the boat must hold 3 servants, the "
                         "port must offer it and your player board needs a free space for it (double servant 1x, "
                         "card 2x, 4 VP 3x).", rule=RULE_CANAL, reward=action.get("reward"))
    if kind == "place":
        return RuleError("gugong.error.boat_no_room", "There is no room there: a boat holds 3 servants (the double "
                         "servant takes 2) and a new boat needs a free port.", rule=RULE_CANAL)
    if kind == "move_boat":
        return RuleError("gugong.error.no_free_port", "That boat cannot move: there is no free port ahead of it.",
                         rule=RULE_CANAL)
    if kind == "trade":
        return RuleError("gugong.error.not_enough_tiles", "Trading needs 2 tiles for a servant, 4 for 2 VP, 6 for a "
                         "jade (the double tile counts 2).", rule=travel.RULE_TRADE)
    if kind == "give_tiles" and frame.get("k") == "trade_tiles":
        need = state.comp.trades[frame["for"]] - 2 * frame["doubles"]
        return RuleError("gugong.error.tiles_not_held", f"Choose {need} of the travel tiles you hold (besides the "
                         "double tiles already chosen) to go to the discard pile.", rule=travel.RULE_TRADE, need=need)
    if kind == "benefit":
        return RuleError("gugong.error.intrigue_too_low", "Your intrigue marker must be able to go back that many "
                         "steps (1: servant, 3: 2 servants, 5: turn a die, 7: jade).", rule=wall.RULE_BENEFITS)
    if kind == "move":
        return RuleError("gugong.error.no_route", "Your traveller moves along the roads to the next city with a "
                         "travel tile.", rule=travel.RULE_TRAVEL, city=action.get("city"))
    return None


def _wrong_step(state: GugongState, action: Action, decision: Decision, who: str) -> RuleError:
    kind = action.get("type")
    if decision.kind == "gugong.turn" and kind in ("location", "card"):
        return RuleError("gugong.error.exchange_first", "First exchange a gift card with an official; its actions "
                         "come after the exchange.", rule=cards.RULE_EXCHANGE)
    if decision.kind == "gugong.act" and kind == "card":
        return RuleError("gugong.error.card_action_first", "The card action must come before the location action, "
                         "and only once.", rule=RULE_ACTIONS)
    if decision.is_chance:
        return RuleError("gugong.error.table_first", f"First the table must enter what it sees ({decision.kind}).",
                         rule=decision.rule, step=decision.kind)
    return RuleError("gugong.error.wrong_step", f"Not now: {who} must decide {decision.kind} first.",
                     rule=decision.rule, step=decision.kind, player=who)


def _servants(need: int, have: int, rule: str) -> RuleError:
    return RuleError("gugong.error.not_enough_servants", f"You need {need} servants in your supply; you have {have}.",
                     rule=rule, need=need, have=have)


def _double(where: str) -> RuleError:
    return RuleError("gugong.error.double_unavailable", "Your double servant is not in your supply "
                     f"(it is {where}).", rule=RULE_DD, where=where)


def _location(state: GugongState, frame: dict, action: Action, pl) -> RuleError:
    kind = action["type"]
    if kind == "card":
        name = state.comp.cards[frame["card"]].action
    elif kind == "follow":
        name = frame["loc"]
    else:
        name = state.comp.locations[frame["loc"]]
    rule = LOCATIONS[name].rule
    if action.get("dd") and pl.dd != "pool":
        return _double(pl.dd)
    if name == "decree" and "slot" in action:
        slot = action["slot"]
        if not isinstance(slot, int) or not 0 <= slot < len(state.decree_slots):
            return RuleError("gugong.error.no_such_decree", "There are 6 decrees (2 per level).", rule=rule)
        if pl.seat in state.decree_servants[slot]:
            return RuleError("gugong.error.decree_once", "You can take each decree benefit only once.", rule=rule)
        return _servants(decrees.cost(state, pl.seat, slot) + 1, pl.pool, rule)
    if name == "travel" and not travel.destinations(state, pl.seat):
        return RuleError("gugong.error.no_route", "No city with a travel tile can be reached.", rule=rule)
    if name == "jade":
        house = action.get("house")
        valid = isinstance(house, int) and -1 <= house < len(state.jade_houses)
        if valid and house >= 0 and state.jade_houses[house] == 0:
            return RuleError("gugong.error.house_empty", "That jade house is empty.", rule=rule, house=house)
        if valid and house < 0 and any(state.jade_houses):
            return RuleError("gugong.error.house_empty", "The jade square sells only once the 3 houses are empty.",
                             rule=rule, house=house)
        return _servants(jade_price(state, pl.seat, house if valid else -1), pl.pool, rule)
    costs = {"travel": travel.travel_cost(state, pl.seat), "wall": 3, "palace": 2, "intrigue": 1, "canal": 3}
    need = costs.get(name, 1)
    if action.get("opt") == "A" and name in ("wall", "canal"):
        need = 1
    return _servants(need, pl.pool, rule)
