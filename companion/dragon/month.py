"""A month's first two phases: dealing the action cards, the action phase, the person phase."""

from __future__ import annotations

from itertools import combinations

from companion.core import Action, Event

from .palaces import add_floor, floor_options, place_new, placement_options, symbols
from .rules import WILD, tile_kind
from .state import DragonState
from .steps import R_ACTION, R_BUILD, R_PERSON, R_PRIVILEGE, R_WALL, Task, auto_step, decision_step, push_front


def month_start(state: DragonState, task: Task) -> list[Event]:
    r = state.rules
    state.month += 1
    state.phase = "action"
    state.deck = list(r.cards)
    state.groups, state.dragons = [], []
    pipeline: list[Task] = [{"t": "deal", "g": g} for g in range(len(r.group_sizes))]
    pipeline += [{"t": "action_phase"}, {"t": "person_phase"}, {"t": "event"}]
    if r.great_wall:
        pipeline.append({"t": "wall_check"})
    if state.month == r.super_month and state.super_mode != "none":
        if state.super_event is None:
            pipeline.append({"t": "super_draw"})
        pipeline.append({"t": "super"})
    pipeline += [{"t": "decay"}, {"t": "round_score"}, {"t": "month_end"}]
    push_front(state, *pipeline)
    return [Event("dragon.month_started", {"month": state.month, "event": state.events[state.month - 1]})]


auto_step("month_start", month_start)


# -- dealing: one chance step per group (the last group is what remains) ------------------------
def deal_options(state: DragonState, task: Task) -> list[Action]:
    size = state.rules.group_sizes[task["g"]]
    return [{"type": "deal", "group": task["g"] + 1, "cards": list(c)} for c in combinations(state.deck, size)]


def deal_apply(state: DragonState, task: Task, action: Action) -> list[Event]:
    for card in action["cards"]:
        state.deck.remove(card)
    state.groups.append(list(action["cards"]))
    state.dragons.append([])
    return [Event("dragon.group_dealt", {"group": action["group"], "cards": action["cards"]})]


decision_step("deal", R_ACTION, deal_options, deal_apply, chance=True)


# -- action phase ----------------------------------------------------------------------------
def action_phase(state: DragonState, task: Task) -> list[Event]:
    # The order is fixed here; a disc moving during the phase can only pass players who already acted.
    push_front(state, *({"t": "action", "p": p} for p in state.order()))
    return []


auto_step("action_phase", action_phase)


def can_perform(state: DragonState, p: int, card: str, yuan: int) -> bool:
    r = state.rules
    if card == "privilege":
        return yuan >= r.small_cost
    if card == r.wall_card:
        return bool(state.players[p].wall_tiles) and len(state.wall) < r.wall_length
    return True


def action_options(state: DragonState, task: Task) -> list[Action]:
    p = task["p"]
    r = state.rules
    yuan = state.players[p].yuan
    out: list[Action] = []
    for g, cards in enumerate(state.groups):
        cost = r.join_cost if state.dragons[g] else 0
        if yuan < cost:
            continue
        for card in cards:
            if can_perform(state, p, card, yuan - cost):
                out.append({"type": "action", "group": g + 1, "card": card})
    out.append({"type": "top_up"})
    return out


def action_apply(state: DragonState, task: Task, action: Action) -> list[Event]:
    p = task["p"]
    r = state.rules
    player = state.players[p]
    if action["type"] == "top_up":
        gain = max(0, r.top_up_to - player.yuan)
        player.yuan += gain
        return [Event("dragon.topped_up", {"player": p, "gain": gain, "yuan": player.yuan})]
    g = action["group"] - 1
    card = action["card"]
    events = []
    if state.dragons[g]:
        player.yuan -= r.join_cost
        events.append(Event("dragon.paid_to_join", {"player": p, "group": g + 1, "yuan": r.join_cost}))
    state.dragons[g].append(p)
    events.append(Event("dragon.action_chosen", {"player": p, "group": g + 1, "card": card}))
    if card in r.multiplier:
        amount = r.base[card] + symbols(state, p, r.multiplier[card])
        events.append(Event(f"dragon.action.{card}", {"player": p, "amount": amount}))
        if card == "taxes":
            player.yuan += amount
        elif card == "build":
            push_front(state, {"t": "floor", "p": p, "n": amount, "min": 0})
        elif card == "harvest":
            player.rice += amount
        elif card == "fireworks":
            player.fireworks += amount
        elif card == "parade":
            state.advance(p, amount)
        elif card == "research":
            state.add_vp(p, "research", amount)
    elif card == "privilege":
        push_front(state, {"t": "privilege", "p": p})
    elif card == r.wall_card:
        push_front(state, {"t": "wall_tile", "p": p})
    return events


decision_step("action", R_ACTION, action_options, action_apply)


def privilege_options(state: DragonState, task: Task) -> list[Action]:
    r = state.rules
    yuan = state.players[task["p"]].yuan
    return [
        {"type": "privilege", "size": size}
        for size, cost in (("small", r.small_cost), ("large", r.large_cost))
        if yuan >= cost
    ]


def privilege_apply(state: DragonState, task: Task, action: Action) -> list[Event]:
    r = state.rules
    player = state.players[task["p"]]
    if action["size"] == "small":
        player.yuan -= r.small_cost
        player.small_privileges += 1
    else:
        player.yuan -= r.large_cost
        player.large_privileges += 1
    return [Event("dragon.privilege_bought", {"player": task["p"], "size": action["size"]})]


decision_step("privilege", R_PRIVILEGE, privilege_options, privilege_apply)


def floor_step_options(state: DragonState, task: Task) -> list[Action]:
    return floor_options(state.players[task["p"]], task["min"], state.rules.max_floors)


def floor_apply(state: DragonState, task: Task, action: Action) -> list[Event]:
    p = task["p"]
    player = state.players[p]
    index = action["palace"]
    add_floor(player, index)
    if task["n"] > 1:
        push_front(state, {"t": "floor", "p": p, "n": task["n"] - 1, "min": index})
    return [Event("dragon.floor_built", {"player": p, "palace": index, "floors": player.palaces[index].floors})]


decision_step("floor", R_BUILD, floor_step_options, floor_apply)


def wall_tile_options(state: DragonState, task: Task) -> list[Action]:
    return [{"type": "wall", "tile": t} for t in dict.fromkeys(state.players[task["p"]].wall_tiles)]


def wall_tile_apply(state: DragonState, task: Task, action: Action) -> list[Event]:
    p = task["p"]
    player = state.players[p]
    bonus = action["tile"]
    amount = state.rules.wall_tiles[bonus]
    player.wall_tiles.remove(bonus)
    state.wall.append(p)
    if bonus == "rice":
        player.rice += amount
    elif bonus == "firework":
        player.fireworks += amount
    elif bonus == "floor":
        push_front(state, {"t": "floor", "p": p, "n": amount, "min": 0})
    elif bonus == "yuan":
        player.yuan += amount
    elif bonus == "person_points":
        state.advance(p, amount)
    elif bonus == "victory_points":
        state.add_vp(p, "wall_bonus", amount)
    return [Event("dragon.wall_built", {"player": p, "tile": bonus, "position": len(state.wall)})]


decision_step("wall_tile", R_WALL, wall_tile_options, wall_tile_apply)


# -- person phase ----------------------------------------------------------------------------
def person_phase(state: DragonState, task: Task) -> list[Event]:
    state.phase = "person"
    if state.month >= state.rules.months:
        return [Event("dragon.person_phase_skipped", {"month": state.month})]
    push_front(state, *({"t": "card", "p": p} for p in state.order() if state.players[p].hand))
    return []


auto_step("person_phase", person_phase)


def card_options(state: DragonState, task: Task) -> list[Action]:
    return [{"type": "card", "card": c} for c in dict.fromkeys(state.players[task["p"]].hand)]


def tiles_for(state: DragonState, card: str) -> list[str]:
    return [t for t in state.rules.tiles if state.supply[t] > 0 and (card == WILD or tile_kind(t) == card)]


def card_apply(state: DragonState, task: Task, action: Action) -> list[Event]:
    p = task["p"]
    card = action["card"]
    state.players[p].hand.remove(card)
    state.players[p].played.append(card)
    events = [Event("dragon.card_played", {"player": p, "card": card})]
    if tiles_for(state, card):
        push_front(state, {"t": "tile", "p": p, "card": card})
    else:
        events.append(Event("dragon.no_person_left", {"player": p, "card": card}))
    return events


decision_step("card", R_PERSON, card_options, card_apply)


def tile_options(state: DragonState, task: Task) -> list[Action]:
    return [{"type": "tile", "tile": t} for t in tiles_for(state, task["card"])]


def tile_apply(state: DragonState, task: Task, action: Action) -> list[Event]:
    state.supply[action["tile"]] -= 1
    push_front(state, {"t": "place", "p": task["p"], "tile": action["tile"]})
    return [Event("dragon.person_taken", {"player": task["p"], "tile": action["tile"]})]


decision_step("tile", R_PERSON, tile_options, tile_apply)


def place_options(state: DragonState, task: Task) -> list[Action]:
    return placement_options(state.players[task["p"]])


def place_apply(state: DragonState, task: Task, action: Action) -> list[Event]:
    return place_new(state, task["p"], task["tile"], action)


decision_step("place", R_PERSON, place_options, place_apply)
