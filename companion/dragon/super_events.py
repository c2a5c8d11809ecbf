"""Expansion II: the super event on month 7, after the normal event and before decay and scoring."""

from __future__ import annotations

from companion.core import Action, Event

from .palaces import distinct_palaces, monk_points, release, symbols
from .rules import YOUNG, tile_id, tile_kind
from .state import DragonState
from .steps import R_SUPER, Task, auto_step, decision_step, push_front


def super_run(state: DragonState, task: Task) -> list[Event]:
    name = state.super_event
    order = state.order()
    events = [Event("dragon.super_event", {"super_event": name})]
    players = range(len(state.players))
    if name == "lanternfest":
        for p in players:
            state.add_vp(p, "super_event", state.rules.per_person * len(state.players[p].persons()))
    elif name == "buddha":
        for p in players:
            state.add_vp(p, "super_event", monk_points(state, p))
    elif name == "earthquake":
        push_front(state, *({"t": "quake", "p": p, "n": state.rules.earthquake_floors} for p in order))
    elif name == "flood":
        push_front(state, *({"t": "flood", "p": p} for p in order))
    elif name == "solar_eclipse":
        push_front(state, {"t": "event", "repeat": True})
    elif name == "volcanic_eruption":
        # Everyone to zero, stacked in the old order: the former leader on top.
        for p in reversed(order):
            state.stamps += 1
            state.players[p].track = 0
            state.players[p].stamp = state.stamps
        state.track_resets += 1
    elif name == "tornado":
        push_front(state, *({"t": "tornado", "p": p, "n": state.rules.tornado_cards} for p in order))
    elif name == "sunrise":
        state.sunrise_taken = []
        push_front(state, *({"t": "sunrise", "p": p} for p in order))
    elif name == "assassination":
        for pl in state.players:
            pl.small_privileges = pl.large_privileges = 0
    elif name == "charter":
        push_front(state, *({"t": "charter", "p": p} for p in order))
    return events


auto_step("super", super_run)


# -- earthquake: two floors of the player's choice; an overfull palace loses a person at once ----------
def quake_options(state: DragonState, task: Task) -> list[Action]:
    player = state.players[task["p"]]
    out: list[Action] = []
    for i in distinct_palaces(player.palaces):
        palace = player.palaces[i]
        if palace.floors > 1 and len(palace.persons) >= palace.floors:
            out += [{"type": "remove_floor", "palace": i, "release": t} for t in dict.fromkeys(palace.persons)]
        else:
            out.append({"type": "remove_floor", "palace": i})
    return out


def quake_apply(state: DragonState, task: Task, action: Action) -> list[Event]:
    p = task["p"]
    player = state.players[p]
    i = action["palace"]
    palace = player.palaces[i]
    palace.floors -= 1
    events = [Event("dragon.floor_removed", {"player": p, "palace": i, "floors": palace.floors})]
    if "release" in action:
        events.append(release(state, p, i, action["release"], "earthquake"))
    if palace.floors == 0:
        events += [release(state, p, i, t, "earthquake") for t in list(palace.persons)]
        del player.palaces[i]
    if task["n"] > 1:
        push_front(state, {**task, "n": task["n"] - 1})
    return events


decision_step("quake", R_SUPER, quake_options, quake_apply)


# -- flood: hand back half (rounded down) of yuan + rice + rockets, in any mix ---------------------
def _flood_total(state: DragonState, p: int) -> int:
    pl = state.players[p]
    return (pl.yuan + pl.rice + pl.fireworks) // 2


def flood_options(state: DragonState, task: Task) -> list[Action]:
    pl = state.players[task["p"]]
    k = _flood_total(state, task["p"])
    if k == 0:
        return []
    return [
        {"type": "flood_yuan", "yuan": y} for y in range(max(0, k - pl.rice - pl.fireworks), min(pl.yuan, k) + 1)
    ]


def flood_apply(state: DragonState, task: Task, action: Action) -> list[Event]:
    k = _flood_total(state, task["p"])
    push_front(state, {"t": "flood_rice", "p": task["p"], "k": k - action["yuan"], "yuan": action["yuan"]})
    return []


def flood_rice_options(state: DragonState, task: Task) -> list[Action]:
    pl = state.players[task["p"]]
    k = task["k"]
    return [{"type": "flood_rice", "rice": r} for r in range(max(0, k - pl.fireworks), min(pl.rice, k) + 1)]


def flood_rice_apply(state: DragonState, task: Task, action: Action) -> list[Event]:
    p = task["p"]
    pl = state.players[p]
    rockets = task["k"] - action["rice"]
    pl.yuan -= task["yuan"]
    pl.rice -= action["rice"]
    pl.fireworks -= rockets
    paid = {"player": p, "yuan": task["yuan"], "rice": action["rice"], "fireworks": rockets}
    return [Event("dragon.flood_paid", paid)]


decision_step("flood", R_SUPER, flood_options, flood_apply)
decision_step("flood_rice", R_SUPER, flood_rice_options, flood_rice_apply)


# -- tornado: discard two person cards --------------------------------------------------------
def tornado_options(state: DragonState, task: Task) -> list[Action]:
    return [{"type": "discard_card", "card": c} for c in dict.fromkeys(state.players[task["p"]].hand)]


def tornado_apply(state: DragonState, task: Task, action: Action) -> list[Event]:
    pl = state.players[task["p"]]
    pl.hand.remove(action["card"])
    pl.played.append(action["card"])
    if task["n"] > 1 and pl.hand:
        push_front(state, {**task, "n": task["n"] - 1})
    return [Event("dragon.card_discarded", {"player": task["p"], "card": action["card"]})]


decision_step("tornado", R_SUPER, tornado_options, tornado_apply)


# -- sunrise: a free young person of a type nobody took in this event -----------------------------
def sunrise_options(state: DragonState, task: Task) -> list[Action]:
    return [
        {"type": "sunrise", "tile": tile_id(k, YOUNG)}
        for k in state.rules.types
        if k not in state.sunrise_taken and state.supply[tile_id(k, YOUNG)] > 0
    ]


def sunrise_apply(state: DragonState, task: Task, action: Action) -> list[Event]:
    tile = action["tile"]
    state.supply[tile] -= 1
    state.sunrise_taken.append(tile_kind(tile))
    push_front(state, {"t": "place", "p": task["p"], "tile": tile})
    return [Event("dragon.person_taken", {"player": task["p"], "tile": tile})]


decision_step("sunrise", R_SUPER, sunrise_options, sunrise_apply)


# -- charter: the benefit of one own person type, from the printed symbols alone ------------------
def charter_options(state: DragonState, task: Task) -> list[Action]:
    kinds = {tile_kind(t) for t in state.players[task["p"]].persons()}
    return [{"type": "charter", "kind": k} for k in state.rules.types if k in kinds]


def charter_apply(state: DragonState, task: Task, action: Action) -> list[Event]:
    p = task["p"]
    pl = state.players[p]
    kind = action["kind"]
    n = symbols(state, p, kind)
    if kind == "farmer":
        pl.rice += n
    elif kind == "pyrotechnist":
        pl.fireworks += n
    elif kind == "tax_collector":
        pl.yuan += n
    elif kind == "craftsman":
        push_front(state, {"t": "floor", "p": p, "n": n, "min": 0})
    elif kind == "warrior":
        state.advance(p, n)
    elif kind in ("scholar", "court_lady"):
        state.add_vp(p, "super_event", n)
    elif kind == "monk":
        n = monk_points(state, p)
        state.add_vp(p, "super_event", n)
    else:  # healers protect against contagion only: nothing to gain
        n = 0
    return [Event("dragon.charter_used", {"player": p, "kind": kind, "amount": n})]


decision_step("charter", R_SUPER, charter_options, charter_apply)
