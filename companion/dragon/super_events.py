"""Erweiterung II: Die Super-Ereignisse. One corner on the 7th event tile (drawn at the setup, chosen,
or kept hidden until then), carried out after that month's event and before decay and scoring.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core import Action, Event
from companion.core.steps import Frame, push

from .components import YOUNG, tile_id, tile_kind
from .palaces import distinct_palaces, monk_points, release, symbols
from .state import DragonState
from .steps import STEPS, step
from .supply import grant

RULE = "Jahr des Drachen, Erweiterung II: Die Super-Ereignisse"


def due_now(state: DragonState) -> bool:
    return state.month == state.comp.super_month and state.super_mode != "none"


def phase_frames(state: DragonState) -> list[Frame]:
    """A hidden corner is turned up first."""
    return ([{"k": "super_draw"}] if state.super_event is None else []) + [{"k": "super"}]


def super_draw_options(state: DragonState, frame: Frame) -> list[Action]:
    return [{"type": "super_event", "super_event": s} for s in state.comp.super_events]


def kept_hidden(state: DragonState, frame: Frame) -> bool:
    """The corner lies face down on the 7th event tile since the setup: only the table can turn it up."""
    return state.super_mode == "hidden"


@step("super_draw", RULE, super_draw_options, chance=True, hidden=kept_hidden)
def super_draw(state: DragonState, frame: Frame, action: Action) -> list[Event]:
    state.super_event = action["super_event"]
    return [STEPS.event("super_revealed", {"super_event": state.super_event})]


# -- the ten corners: what each does at once, or which steps it asks of every player -----------------
def _scores(state: DragonState, points: Callable[[int], int]) -> dict[str, list[int]]:
    scored = [points(p) for p in range(len(state.players))]
    for p, n in enumerate(scored):
        state.add_vp(p, "super_event", n)
    return {"points": scored}


def _each(kind: str, **fields: object) -> Callable[[DragonState], dict]:
    """A step for every player in turn, starting with the first on the person track."""

    def start(state: DragonState) -> dict:
        push(state, *({"k": kind, "p": p, **fields} for p in state.order()))
        return {}

    return start


def _lanternfest(state: DragonState) -> dict:
    return _scores(state, lambda p: state.comp.per_person * len(state.players[p].persons()))


def _buddha(state: DragonState) -> dict:
    return _scores(state, lambda p: monk_points(state, p))


def _earthquake(state: DragonState) -> dict:
    return _each("quake", n=state.comp.earthquake_floors)(state)


def _tornado(state: DragonState) -> dict:
    return _each("tornado", n=state.comp.tornado_cards)(state)


def _solar_eclipse(state: DragonState) -> dict:
    push(state, {"k": "event", "repeat": True})
    return {}


def _volcanic_eruption(state: DragonState) -> dict:
    """Every disc to 0, stacked in the old order: the former leader on top."""
    for p in reversed(state.order()):
        state.stamps += 1
        state.players[p].track = 0
        state.players[p].stamp = state.stamps
    state.track_resets += 1
    return {}


def _sunrise(state: DragonState) -> dict:
    state.sunrise_taken = []
    return _each("sunrise")(state)


def _assassination(state: DragonState) -> dict:
    for pl in state.players:
        pl.small_privileges = pl.large_privileges = 0
    return {}


SUPER_EVENTS: dict[str, Callable[[DragonState], dict]] = {
    "lanternfest": _lanternfest,
    "buddha": _buddha,
    "earthquake": _earthquake,
    "flood": _each("flood"),
    "solar_eclipse": _solar_eclipse,
    "volcanic_eruption": _volcanic_eruption,
    "tornado": _tornado,
    "sunrise": _sunrise,
    "assassination": _assassination,
    "charter": _each("charter"),
}


@step("super", RULE)
def super_event(state: DragonState, frame: Frame, action: Action | None = None) -> list[Event]:
    name = state.super_event
    more = SUPER_EVENTS[name](state)
    return [STEPS.event("super_event", {"super_event": name, **more})]


# -- Erdbeben: two floors of the player's choice; an overfull palace loses a person at once ----------
def quake_options(state: DragonState, frame: Frame) -> list[Action]:
    player = state.players[frame["p"]]
    out: list[Action] = []
    for i in distinct_palaces(player.palaces):
        palace = player.palaces[i]
        if palace.floors > 1 and len(palace.persons) >= palace.floors:
            out += [{"type": "remove_floor", "palace": i, "release": t} for t in dict.fromkeys(palace.persons)]
        else:
            out.append({"type": "remove_floor", "palace": i})
    return out


@step("quake", RULE, quake_options)
def quake(state: DragonState, frame: Frame, action: Action) -> list[Event]:
    p = frame["p"]
    player = state.players[p]
    i = action["palace"]
    palace = player.palaces[i]
    palace.floors -= 1
    events = [STEPS.event("floor_removed", {"player": p, "palace": i, "floors": palace.floors})]
    if "release" in action:
        events.append(release(state, p, i, action["release"], "earthquake"))
    if palace.floors == 0:
        events += [release(state, p, i, t, "earthquake") for t in list(palace.persons)]
        del player.palaces[i]
    if frame["n"] > 1:
        push(state, {**frame, "n": frame["n"] - 1})
    return events


# -- Flut: hand back half (rounded down) of yuan + rice + rockets, in any mix ---------------------
def _flood_total(state: DragonState, p: int) -> int:
    pl = state.players[p]
    return (pl.yuan + pl.rice + pl.fireworks) // 2


def flood_options(state: DragonState, frame: Frame) -> list[Action]:
    pl = state.players[frame["p"]]
    k = _flood_total(state, frame["p"])
    if k == 0:
        return []
    return [{"type": "flood_yuan", "yuan": y} for y in range(max(0, k - pl.rice - pl.fireworks), min(pl.yuan, k) + 1)]


@step("flood", RULE, flood_options)
def flood(state: DragonState, frame: Frame, action: Action) -> list[Event]:
    k = _flood_total(state, frame["p"])
    push(state, {"k": "flood_rice", "p": frame["p"], "left": k - action["yuan"], "yuan": action["yuan"]})
    return []


def flood_rice_options(state: DragonState, frame: Frame) -> list[Action]:
    pl = state.players[frame["p"]]
    k = frame["left"]
    return [{"type": "flood_rice", "rice": r} for r in range(max(0, k - pl.fireworks), min(pl.rice, k) + 1)]


@step("flood_rice", RULE, flood_rice_options)
def flood_rice(state: DragonState, frame: Frame, action: Action) -> list[Event]:
    p = frame["p"]
    pl = state.players[p]
    rockets = frame["left"] - action["rice"]
    pl.yuan -= frame["yuan"]
    pl.rice -= action["rice"]
    pl.fireworks -= rockets
    paid = {"player": p, "yuan": frame["yuan"], "rice": action["rice"], "fireworks": rockets}
    return [STEPS.event("flood_paid", paid)]


# -- Wirbelsturm: discard two person cards --------------------------------------------------------
def tornado_options(state: DragonState, frame: Frame) -> list[Action]:
    return [{"type": "discard_card", "card": c} for c in dict.fromkeys(state.players[frame["p"]].hand)]


@step("tornado", RULE, tornado_options)
def tornado(state: DragonState, frame: Frame, action: Action) -> list[Event]:
    pl = state.players[frame["p"]]
    pl.hand.remove(action["card"])
    pl.played.append(action["card"])
    if frame["n"] > 1 and pl.hand:
        push(state, {**frame, "n": frame["n"] - 1})
    return [STEPS.event("card_discarded", {"player": frame["p"], "card": action["card"]})]


# -- Sonnenaufgang: a free young person of a type nobody took in this event -----------------------------
def sunrise_options(state: DragonState, frame: Frame) -> list[Action]:
    return [
        {"type": "sunrise", "tile": tile_id(k, YOUNG)}
        for k in state.comp.types
        if k not in state.sunrise_taken and state.supply[tile_id(k, YOUNG)] > 0
    ]


@step("sunrise", RULE, sunrise_options)
def sunrise(state: DragonState, frame: Frame, action: Action) -> list[Event]:
    tile = action["tile"]
    state.supply[tile] -= 1
    state.sunrise_taken.append(tile_kind(tile))
    push(state, {"k": "place", "p": frame["p"], "tile": tile})
    return [STEPS.event("person_taken", {"player": frame["p"], "tile": tile})]


# -- Freibrief: the benefit of one own person type, from the printed symbols alone ------------------
CHARTER_GIVES = {  # person type -> what its symbols give (monks: Buddhas x floors; healers: nothing)
    "farmer": "rice",
    "pyrotechnist": "fireworks",
    "tax_collector": "yuan",
    "craftsman": "floors",
    "warrior": "person_points",
    "scholar": "vp",
    "court_lady": "vp",
    "monk": "vp",
}


def charter_options(state: DragonState, frame: Frame) -> list[Action]:
    kinds = {tile_kind(t) for t in state.players[frame["p"]].persons()}
    return [{"type": "charter", "kind": k} for k in state.comp.types if k in kinds]


@step("charter", RULE, charter_options)
def charter(state: DragonState, frame: Frame, action: Action) -> list[Event]:
    p, kind = frame["p"], action["kind"]
    resource = CHARTER_GIVES.get(kind)
    if resource is None:
        amount = 0
    else:
        amount = monk_points(state, p) if kind == "monk" else symbols(state, p, kind)
        grant(state, p, resource, amount, "super_event")
    return [STEPS.event("charter_used", {"player": p, "kind": kind, "amount": amount})]
