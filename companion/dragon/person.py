"""2. Phase: Person. In person-track order each player plays a person card, takes a matching person
tile from the board (any tile for a wild card), puts it under a palace with room (only when all are
full: replaces a person or removes the new one from the game) and moves his person disc on.
In month 12 nobody has a card left: the phase is skipped.
"""

from __future__ import annotations

from companion.core import Action, Event
from companion.core.steps import Frame, push

from .components import WILD, tile_kind
from .palaces import place_new, placement_options
from .state import DragonState
from .steps import STEPS, step

RULE = "Jahr des Drachen: 2. Phase Person"


def skipped(state: DragonState) -> bool:
    return state.month >= state.comp.months


def phase_begins(state: DragonState) -> list[Event]:
    if skipped(state):
        return [STEPS.event("person_phase_skipped", {"month": state.month})]
    return []


def phase_frames(state: DragonState) -> list[Frame]:
    """The track is read again now (a Military parade may have changed the order)."""
    if skipped(state):
        return []
    return [{"k": "card", "p": p} for p in state.order() if state.players[p].hand]


def card_options(state: DragonState, frame: Frame) -> list[Action]:
    return [{"type": "card", "card": c} for c in dict.fromkeys(state.players[frame["p"]].hand)]


def tiles_for(state: DragonState, card: str) -> list[str]:
    """The person tiles a card can bring: its type (any type for a wild card), still on the board."""
    return [t for t in state.comp.tiles if state.supply[t] > 0 and (card == WILD or tile_kind(t) == card)]


@step("card", RULE, card_options)
def card(state: DragonState, frame: Frame, action: Action) -> list[Event]:
    p = frame["p"]
    played = action["card"]
    state.players[p].hand.remove(played)
    state.players[p].played.append(played)
    events = [STEPS.event("card_played", {"player": p, "card": played})]
    if tiles_for(state, played):
        push(state, {"k": "tile", "p": p, "card": played})
    else:
        events.append(STEPS.event("no_person_left", {"player": p, "card": played}))
    return events


def tile_options(state: DragonState, frame: Frame) -> list[Action]:
    return [{"type": "tile", "tile": t} for t in tiles_for(state, frame["card"])]


@step("tile", RULE, tile_options)
def tile(state: DragonState, frame: Frame, action: Action) -> list[Event]:
    state.supply[action["tile"]] -= 1
    push(state, {"k": "place", "p": frame["p"], "tile": action["tile"]})
    return [STEPS.event("person_taken", {"player": frame["p"], "tile": action["tile"]})]


def place_options(state: DragonState, frame: Frame) -> list[Action]:
    return placement_options(state.players[frame["p"]])


@step("place", RULE, place_options)
def place(state: DragonState, frame: Frame, action: Action) -> list[Event]:
    return place_new(state, frame["p"], frame["tile"], action)
