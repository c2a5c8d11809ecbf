"""Game setup: options, the event track, the super event, the two opening persons per player."""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

from companion.core import Action, Event, SetupError

from .rules import YOUNG, rules_for, rules_key, tile_id
from .state import CATEGORIES, FINAL_COLUMN, DragonState, Palace, Player
from .steps import R_OPENING, R_SETUP, R_SUPER, Task, decision_step, push_front

EDITIONS = ("2017", "2007")
SUPER_MODES = ("none", "random", "hidden")


def normalize_setup(setup: dict[str, Any]) -> dict[str, Any]:
    players = setup.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 5:
        raise SetupError("dragon.setup.players", "In the Year of the Dragon needs a list of 2 to 5 player names.")
    names = [str(p).strip() or f"Player {i + 1}" for i, p in enumerate(players)]
    edition = str(setup.get("edition", "2017"))
    if edition not in EDITIONS:
        raise SetupError(
            "dragon.setup.edition",
            f"Edition must be 2017 (large privilege 7 yuan) or 2007 (6 yuan), not {edition!r}.",
            edition=edition,
        )
    overrides = dict((setup.get("profile") or {}).get("overrides") or {})
    great_wall = bool(setup.get("great_wall", False))
    rules = rules_for(rules_key(len(names), great_wall, edition, overrides))  # validates the overrides too
    super_event = str(setup.get("super_event", "none"))
    if super_event not in SUPER_MODES and super_event not in rules.super_events:
        raise SetupError(
            "dragon.setup.super_event",
            f"super_event must be none, random, hidden or one of {', '.join(rules.super_events)}; not {super_event!r}.",
            value=super_event,
        )
    return {
        "players": names,
        "seed": int(setup.get("seed", 0)),
        "edition": edition,
        "great_wall": great_wall,
        "super_event": super_event,
        "profile": {"overrides": overrides},
    }


def initial_state(setup: dict[str, Any]) -> DragonState:
    names = setup["players"]
    key = rules_key(len(names), setup["great_wall"], setup["edition"], setup["profile"]["overrides"])
    r = rules_for(key)
    mode = setup["super_event"]
    players = [
        Player(
            name=name,
            yuan=r.start_yuan,
            palaces=[Palace(f, []) for f in r.start_palaces],
            hand=list(r.hand),
            wall_tiles=list(r.wall_tiles) if r.great_wall else [],
            scores={c: [0] * (FINAL_COLUMN + 1) for c in CATEGORIES},
        )
        for name in names
    ]
    state = DragonState(
        key=key,
        players=players,
        edition=setup["edition"],
        super_mode=mode if mode in SUPER_MODES else "chosen",
        super_event=None if mode in SUPER_MODES else mode,
        events=[*r.fixed_events] + [None] * (r.months - len(r.fixed_events)),
        supply=dict(r.supply),
        released={t: 0 for t in r.tiles},
    )
    state.tasks = [{"t": "event_field", "i": i} for i in range(len(r.fixed_events), r.months)]
    if mode == "random":
        state.tasks.append({"t": "super_draw"})
    state.tasks += [{"t": "opening", "p": p} for p in range(len(names))]
    state.tasks.append({"t": "month_start"})
    return state


# -- event track ----------------------------------------------------------------------------
@cache
def _can_finish(counts: tuple[int, ...], last: int) -> bool:
    """Can tiles with these counts still be laid with no two equal neighbours after `last`?"""
    if not any(counts):
        return True
    for k, c in enumerate(counts):
        if c and k != last:
            rest = (*counts[:k], c - 1, *counts[k + 1 :])
            if _can_finish(rest, k):
                return True
    return False


def _bag(state: DragonState) -> dict[str, int]:
    bag = dict(state.rules.random_events)
    for e in state.events[len(state.rules.fixed_events) :]:
        if e is not None:
            bag[e] -= 1
    return bag


def event_field_options(state: DragonState, task: Task) -> list[Action]:
    i = task["i"]
    bag = _bag(state)
    kinds = list(bag)
    previous = state.events[i - 1]
    out = []
    for k in kinds:
        if not bag[k] or k == previous:
            continue
        counts = tuple(bag[x] - (x == k) for x in kinds)
        if _can_finish(counts, kinds.index(k)):
            out.append({"type": "event", "field": i + 1, "event": k})
    return out


def event_field_weights(state: DragonState, task: Task, options: list[Action]) -> tuple[int, ...]:
    bag = _bag(state)
    return tuple(bag[o["event"]] for o in options)


def event_field_apply(state: DragonState, task: Task, action: Action) -> list[Event]:
    state.events[task["i"]] = action["event"]
    return [Event("dragon.event_laid", {"month": task["i"] + 1, "event": action["event"]})]


decision_step(
    "event_field", R_SETUP, event_field_options, event_field_apply, chance=True, weights=event_field_weights
)


# -- super event ----------------------------------------------------------------------------
def super_draw_options(state: DragonState, task: Task) -> list[Action]:
    return [{"type": "super_event", "super_event": s} for s in state.rules.super_events]


def super_draw_apply(state: DragonState, task: Task, action: Action) -> list[Event]:
    state.super_event = action["super_event"]
    return [Event("dragon.super_revealed", {"super_event": state.super_event})]


decision_step("super_draw", R_SUPER, super_draw_options, super_draw_apply, chance=True)


# -- opening persons ----------------------------------------------------------------------------
def opening_options(state: DragonState, task: Task) -> list[Action]:
    r = state.rules
    taken = {tuple(pl.opening) for pl in state.players if pl.opening}
    young = [k for k in r.types if state.supply.get(tile_id(k, YOUNG), 0) > 0]
    return [
        {"type": "opening", "persons": [a, b]}
        for a, b in combinations(young, 2)
        if (a, b) not in taken and (b, a) not in taken
    ]


def opening_apply(state: DragonState, task: Task, action: Action) -> list[Event]:
    p = task["p"]
    a, b = action["persons"]
    state.players[p].opening = [a, b]
    places = []
    for kind in (a, b):
        tile = tile_id(kind, YOUNG)
        state.supply[tile] -= 1
        places.append({"t": "place", "p": p, "tile": tile})
    push_front(state, *places)
    return [Event("dragon.opening_chosen", {"player": p, "persons": [a, b]})]


decision_step("opening", R_OPENING, opening_options, opening_apply)
