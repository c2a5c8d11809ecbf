"""Spielvorbereitung: the options, each player's material, the event track (two peace tiles, then
the other ten at random, no two equal side by side: ruling D1) and a random super event corner.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from companion.core import Action, Event, SetupError
from companion.core.setup import overrides_of, player_names, seed_of
from companion.core.steps import Frame

from .components import components_for, components_key
from .state import CATEGORIES, FINAL_COLUMN, DragonState, Palace, Player
from .steps import STEPS, step

RULE = "Jahr des Drachen: Spielvorbereitung"
EDITIONS = ("2017", "2007")
SUPER_MODES = ("none", "random", "hidden")
MIN_PLAYERS, MAX_PLAYERS = 2, 5


def normalize_setup(setup: dict[str, Any]) -> dict[str, Any]:
    names = player_names(
        setup, MIN_PLAYERS, MAX_PLAYERS,
        ("dragon.setup.players", "In the Year of the Dragon needs a list of 2 to 5 player names."),
        ("dragon.setup.names", "Every player needs a different, non-empty name."),
    )
    edition = str(setup.get("edition", "2017"))
    if edition not in EDITIONS:
        raise SetupError(
            "dragon.setup.edition",
            f"Edition must be 2017 (large privilege 7 yuan) or 2007 (6 yuan), not {edition!r}.",
            edition=edition,
        )
    overrides = overrides_of(setup, "dragon.setup.profile")
    great_wall = bool(setup.get("great_wall", False))
    comp = components_for(components_key(len(names), great_wall, edition, overrides))  # checks the overrides
    super_event = str(setup.get("super_event", "none"))
    if super_event not in SUPER_MODES and super_event not in comp.super_events:
        raise SetupError(
            "dragon.setup.super_event",
            f"super_event must be none, random, hidden or one of {', '.join(comp.super_events)}; not {super_event!r}.",
            value=super_event,
        )
    return {
        "players": names,
        "seed": seed_of(setup, "dragon.setup.seed"),
        "edition": edition,
        "great_wall": great_wall,
        "super_event": super_event,
        "profile": {"overrides": overrides},
    }


def new_state(setup: dict[str, Any]) -> DragonState:
    """The table before its first step: material handed out, the two peace tiles laid."""
    names = setup["players"]
    key = components_key(len(names), setup["great_wall"], setup["edition"], setup["profile"]["overrides"])
    comp = components_for(key)
    mode = setup["super_event"]
    players = [
        Player(
            name=name,
            yuan=comp.start_yuan,
            palaces=[Palace(f, []) for f in comp.start_palaces],
            hand=list(comp.hand),
            wall_tiles=list(comp.wall_tiles) if comp.great_wall else [],
            scores={c: [0] * (FINAL_COLUMN + 1) for c in CATEGORIES},
        )
        for name in names
    ]
    return DragonState(
        key=key,
        players=players,
        edition=setup["edition"],
        super_mode=mode if mode in SUPER_MODES else "chosen",
        super_event=None if mode in SUPER_MODES else mode,
        events=[*comp.fixed_events] + [None] * (comp.months - len(comp.fixed_events)),
        supply=dict(comp.supply),
        released={t: 0 for t in comp.tiles},
    )


def phase_frames(state: DragonState) -> list[Frame]:
    """The ten random event fields, then (random mode) the super event corner."""
    comp = state.comp
    fields = [{"k": "event_field", "i": i} for i in range(len(comp.fixed_events), comp.months)]
    return fields + ([{"k": "super_draw"}] if state.super_mode == "random" else [])


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
    bag = dict(state.comp.random_events)
    for e in state.events[len(state.comp.fixed_events) :]:
        if e is not None:
            bag[e] -= 1
    return bag


def event_field_options(state: DragonState, frame: Frame) -> list[Action]:
    i = frame["i"]
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


def event_field_weights(state: DragonState, frame: Frame, options: list[Action]) -> tuple[int, ...]:
    bag = _bag(state)
    return tuple(bag[o["event"]] for o in options)


@step("event_field", RULE, event_field_options, chance=True, weights=event_field_weights)
def event_field(state: DragonState, frame: Frame, action: Action) -> list[Event]:
    state.events[frame["i"]] = action["event"]
    return [STEPS.event("event_laid", {"month": frame["i"] + 1, "event": action["event"]})]
