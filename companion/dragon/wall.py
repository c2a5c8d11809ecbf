"""Erweiterung I: Die chinesische Mauer. The action "Mauerbau" builds one of the player's six wall
pieces under the next event (its bonus at once); the Mauer-Wertung follows each Mongol invasion
and the end of month 12: a point per own piece if the wall reaches that far, else the player(s)
with the fewest pieces release a person.
"""

from __future__ import annotations

from companion.core import Action, Event
from companion.core.steps import Frame, push

from .palaces import release_frame
from .state import FINAL_COLUMN, DragonState
from .steps import STEPS, step
from .supply import grant

RULE = "Jahr des Drachen, Erweiterung I: Die chinesische Mauer"
INVASION = "mongol_invasion"

# What each wall piece gives (its amount: components.wall_tiles)
GIVES = {
    "rice": "rice",
    "firework": "fireworks",
    "floor": "floors",
    "yuan": "yuan",
    "person_points": "person_points",
    "victory_points": "vp",
}


def scored_now(state: DragonState) -> bool:
    """A Mauer-Wertung follows this month's event: with the wall, after a Mongol invasion."""
    return state.comp.great_wall and state.events[state.month - 1] == INVASION


def wall_tile_options(state: DragonState, frame: Frame) -> list[Action]:
    return [{"type": "wall", "tile": t} for t in dict.fromkeys(state.players[frame["p"]].wall_tiles)]


@step("wall_tile", RULE, wall_tile_options)
def wall_tile(state: DragonState, frame: Frame, action: Action) -> list[Event]:
    p = frame["p"]
    bonus = action["tile"]
    amount = state.comp.wall_tiles[bonus]
    state.players[p].wall_tiles.remove(bonus)
    state.wall.append(p)
    grant(state, p, GIVES[bonus], amount, "wall_bonus")
    return [STEPS.event("wall_built", {"player": p, "tile": bonus, "position": len(state.wall), "amount": amount})]


def wall_scoring(state: DragonState, needed: int, column: int | None = None) -> list[Event]:
    """The wall reaches `needed` events: a point per own piece; else the fewest pieces release a person."""
    pieces = [state.wall.count(p) for p in range(len(state.players))]
    reached = len(state.wall) >= needed
    params = {"length": len(state.wall), "needed": needed, "reached": reached, "pieces": pieces}
    events = [STEPS.event("wall_scored", params)]
    if reached:
        for p, n in enumerate(pieces):
            state.add_vp(p, "wall", n, column)
        return events
    fewest = min(pieces)
    frames = [release_frame(state, p, 1, "wall") for p in state.order() if pieces[p] == fewest]
    push(state, *(f for f in frames if f is not None))
    return events


@step("wall_scoring", RULE)
def after_invasion(state: DragonState, frame: Frame, action: Action | None = None) -> list[Event]:
    return wall_scoring(state, state.month)


@step("wall_final", RULE)
def final(state: DragonState, frame: Frame, action: Action | None = None) -> list[Event]:
    return wall_scoring(state, state.comp.wall_length, FINAL_COLUMN)
