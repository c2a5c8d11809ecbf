"""Why an action is refused: a specific, rule-citing reason for each kind of illegal move.

`companion.core.game.apply` has already established that the action is not among the legal
options; this module only finds the most helpful explanation, one function per action type.
Every number in a message comes from the box profile (state.comp).
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.actions import Action, Decision
from companion.core.errors import RuleError
from companion.core.provenance import tag

from . import decrees, jade, travel, wall
from .canal import RULE_CANAL
from .day import RULE_ACTIONS
from .gift_cards import RULE_EXCHANGE
from .locations import LOCATIONS
from .servants import DOUBLE, RULE_DD
from .state import GugongState, Player

Explain = Callable[[GugongState, dict, Action, Player | None], RuleError | None]


def explain(state: GugongState, action: Action, decision: Decision) -> RuleError | None:
    kind = action.get("type")
    if kind not in {o.get("type") for o in decision.options}:
        return _wrong_step(state, action, decision)
    if decision.is_chance:
        return RuleError("gugong.error.cannot_turn_up", "That cannot turn up now: it is not among the pieces left "
                         f"(e.g. no such tile in the draw piles, no such card in the deck) ({decision.kind}).",
                         rule=decision.rule, step=decision.kind)
    frame = state.stack[-1]
    pl = state.players[frame["p"]] if isinstance(frame.get("p"), int) else None
    reason = REASONS.get(kind) if isinstance(kind, str) else None
    return reason(state, frame, action, pl) if reason else None


def _wrong_step(state: GugongState, action: Action, decision: Decision) -> RuleError:
    kind = action.get("type")
    who = state.names[decision.player] if 0 <= decision.player < state.n else "the table"
    if decision.kind == "gugong.turn" and kind in ("location", "card"):
        return RuleError("gugong.error.exchange_first", "First exchange a gift card with an official; its actions "
                         "come after the exchange.", rule=RULE_EXCHANGE)
    if decision.kind == "gugong.act" and kind == "card":
        return RuleError("gugong.error.card_action_first", "The card action must come before the location action, "
                         "and only once.", rule=RULE_ACTIONS)
    if decision.is_chance:
        return RuleError("gugong.error.table_first", f"First the table must enter what it sees ({decision.kind}).",
                         rule=decision.rule, step=decision.kind)
    return RuleError("gugong.error.wrong_step", f"Not now: {who} must decide {decision.kind} first.",
                     rule=decision.rule, step=decision.kind, player=who)


def _servants(need: int, have: int, rule: str, marks: dict | None = None) -> RuleError:
    """`marks`: the provenance of `need` when it rests on an unverified box fact (companion.core.provenance)."""
    return RuleError("gugong.error.not_enough_servants", f"You need {need} servants in your supply; you have {have}.",
                     rule=rule, need=need, have=have, **(marks or {}))


def _double(where: str) -> RuleError:
    return RuleError("gugong.error.double_unavailable", "Your double servant is not in your supply "
                     f"(it is {where}).", rule=RULE_DD, where=where)


def _not_in_hand(action: Action, text: str) -> RuleError:
    return RuleError("gugong.error.card_not_in_hand", text, rule=RULE_EXCHANGE, card=action.get("card"))


def _exchange(state: GugongState, frame: dict, action: Action, pl: Player | None) -> RuleError | None:
    if pl is None:
        return None
    if action.get("card") not in pl.hand:
        return _not_in_hand(action, "You can only give a gift card from your hand.")
    n = len(state.comp.locations)
    return RuleError("gugong.error.no_such_official", f"There are {n} officials (locations 0-{n - 1}).",
                     rule=RULE_EXCHANGE, loc=action.get("loc"), officials=n, last=n - 1)


def _pay(state: GugongState, frame: dict, action: Action, pl: Player | None) -> RuleError | None:
    if pl is None:
        return None
    if action.get("how") == "servants":
        return _servants(state.comp.act.exchange_servants, pl.pool, RULE_EXCHANGE)
    if action.get("how") == "double":
        return _double(pl.dd)
    return _not_in_hand(action, "You can only discard another card from your hand.")


def _claim(state: GugongState, frame: dict, action: Action, pl: Player | None) -> RuleError:
    comp = state.comp
    slots = comp.reward_slots
    return RuleError("gugong.error.no_reward", f"That reward cannot be taken: the boat must hold {comp.boat_capacity} "
                     "servants, the port must offer it and your player board needs a free space for it (double "
                     f"servant {slots['double']}x, card {slots['card']}x, {comp.port_vp} VP {slots['vp']}x).",
                     rule=RULE_CANAL, reward=action.get("reward"), capacity=comp.boat_capacity)


def _place(state: GugongState, frame: dict, action: Action, pl: Player | None) -> RuleError:
    cap = state.comp.boat_capacity
    return RuleError("gugong.error.boat_no_room", f"There is no room there: a boat holds {cap} servants (the double "
                     f"servant takes {DOUBLE}) and a new boat needs a free port.", rule=RULE_CANAL,
                     capacity=cap, double=DOUBLE)


def _move_boat(state: GugongState, frame: dict, action: Action, pl: Player | None) -> RuleError:
    return RuleError("gugong.error.no_free_port", "That boat cannot move: there is no free port ahead of it.",
                     rule=RULE_CANAL)


def _trade(state: GugongState, frame: dict, action: Action, pl: Player | None) -> RuleError:
    need = state.comp.trades
    return RuleError("gugong.error.not_enough_tiles", f"Trading needs {need['servant']} tiles for a servant, "
                     f"{need['vp']} for {state.comp.trade_vp} VP, {need['jade']} for a jade (the double tile counts "
                     f"{travel.DOUBLE_TILE_COUNTS}).", rule=travel.RULE_TRADE, servant=need["servant"], vp=need["vp"],
                     trade_vp=state.comp.trade_vp, jade=need["jade"], double=travel.DOUBLE_TILE_COUNTS)


def _give_tiles(state: GugongState, frame: dict, action: Action, pl: Player | None) -> RuleError | None:
    if frame.get("k") != "trade_tiles":
        return None
    need = state.comp.trades[frame["for"]] - travel.DOUBLE_TILE_COUNTS * frame["doubles"]
    return RuleError("gugong.error.tiles_not_held", f"Choose {need} of the travel tiles you hold (besides the "
                     "double tiles already chosen) to go to the discard pile.", rule=travel.RULE_TRADE, need=need)


def _benefit(state: GugongState, frame: dict, action: Action, pl: Player | None) -> RuleError:
    b = state.comp.benefits
    return RuleError("gugong.error.intrigue_too_low", "Your intrigue marker must be able to go back that many "
                     f"steps ({b['servant1']}: servant, {b['servant2']}: 2 servants, {b['die']}: turn a die, "
                     f"{b['jade']}: jade).", rule=wall.RULE_BENEFITS, **b)


def _move(state: GugongState, frame: dict, action: Action, pl: Player | None) -> RuleError:
    return RuleError("gugong.error.no_route", "Your traveller moves along the roads to the next city with a "
                     "travel tile.", rule=travel.RULE_TRAVEL, city=action.get("city"))


def _location(state: GugongState, frame: dict, action: Action, pl: Player | None) -> RuleError | None:
    if pl is None:
        return None
    kind = action["type"]
    if kind == "card":
        name = state.comp.cards[frame["card"]].action
    elif kind == "follow":
        name = frame["loc"]
    else:
        name = state.comp.locations[frame["loc"]]
    if name not in LOCATIONS:  # a card action that is not a location's (e.g. +1 servant): the generic refusal
        return None
    rule = LOCATIONS[name].rule
    if (action.get("dd") or action.get("pay_dd")) and pl.dd != "pool":
        return _double(pl.dd)
    special = LOCATION_REASONS.get(name)
    found = special(state, action, pl, rule) if special else None
    return found or _servants(_location_cost(state, name, action, pl), pl.pool, rule)


def _location_cost(state: GugongState, name: str, action: Action, pl: Player) -> int:
    """Servants the chosen option needs in the supply: its cost plus the servants it places."""
    act = state.comp.act
    if name in ("wall", "canal"):
        return 1 if action.get("opt") == "A" else getattr(act, f"{name}_b_cost") + 2
    costs = {"travel": travel.travel_cost(state, pl.seat), "palace": act.palace_b_cost,
             "intrigue": act.intrigue_b_cost}
    return costs.get(name, 1)


def _decree_reason(state: GugongState, action: Action, pl: Player, rule: str) -> RuleError | None:
    if "slot" not in action:
        return None
    slot = action["slot"]
    if not isinstance(slot, int) or not 0 <= slot < len(state.decree_slots):
        comp = state.comp
        return RuleError("gugong.error.no_such_decree", f"There are {comp.decree_slots} decrees "
                         f"({comp.decrees_per_level} per level).", rule=rule, count=comp.decree_slots,
                         per_level=comp.decrees_per_level)
    if pl.seat in state.decree_servants[slot]:
        return RuleError("gugong.error.decree_once", "You can take each decree benefit only once.", rule=rule)
    spaces = state.comp.decree_spaces
    if len(state.decree_servants[slot]) >= spaces:
        return RuleError("gugong.error.decree_full", f"No servant space above this decree is free ({spaces} spaces).",
                         rule=rule, **tag({"spaces": spaces}, state.comp.profile, spaces="decree_spaces"))
    printed = state.comp.decrees[state.decree_slots[slot]].cost_fact
    marks = tag({}, state.comp.profile, need=printed)
    return _servants(decrees.cost(state, pl.seat, slot) + 1, pl.pool, rule, marks)


def _travel_reason(state: GugongState, action: Action, pl: Player, rule: str) -> RuleError | None:
    if travel.destinations(state, pl.seat):
        return None
    return RuleError("gugong.error.no_route", "No city with a travel tile can be reached.", rule=rule)


def _jade_reason(state: GugongState, action: Action, pl: Player, rule: str) -> RuleError:
    house = action.get("house")
    valid = isinstance(house, int) and -1 <= house < len(state.jade_houses)
    if valid and house >= 0 and state.jade_houses[house] == 0:
        return RuleError("gugong.error.house_empty", "That jade house is empty.", rule=rule, house=house,
                         houses=len(state.jade_houses))
    if valid and house < 0 and any(state.jade_houses):
        return RuleError("gugong.error.house_empty", f"The jade square sells only once the {len(state.jade_houses)} "
                         "houses are empty.", rule=rule, house=house, houses=len(state.jade_houses))
    at = house if valid else -1
    marks = tag({}, state.comp.profile, need=jade.price_facts(at))
    return _servants(jade.price(state, pl.seat, at), pl.pool, rule, marks)


LOCATION_REASONS: dict[str, Callable[[GugongState, Action, Player, str], RuleError | None]] = {
    "decree": _decree_reason, "travel": _travel_reason, "jade": _jade_reason,
}
REASONS: dict[str, Explain] = {
    "exchange": _exchange, "pay": _pay, "location": _location, "card": _location, "follow": _location,
    "claim": _claim, "place": _place, "move_boat": _move_boat, "trade": _trade, "give_tiles": _give_tiles,
    "benefit": _benefit, "move": _move,
}
