"""Vor dem eigentlichen Spiel: from the oldest player on, in seating order (ruling D2), each takes two
different younger persons (a pair, named in either order), not the pair of another player, and puts
them under his palaces.
"""

from __future__ import annotations

from itertools import combinations

from companion.core import Action, Event
from companion.core.steps import Frame, push

from .components import YOUNG, tile_id
from .state import DragonState
from .steps import STEPS, step

RULE = "Jahr des Drachen: Vor dem eigentlichen Spiel"


def phase_frames(state: DragonState) -> list[Frame]:
    return [{"k": "opening", "p": p} for p in range(len(state.players))]


def opening_options(state: DragonState, frame: Frame) -> list[Action]:
    taken = {tuple(pl.opening) for pl in state.players if pl.opening}
    young = [k for k in state.comp.types if state.supply.get(tile_id(k, YOUNG), 0) > 0]
    return [
        {"type": "opening", "persons": [a, b]}
        for a, b in combinations(young, 2)
        if (a, b) not in taken and (b, a) not in taken
    ]


@step("opening", RULE, opening_options, unordered=("persons",))
def opening(state: DragonState, frame: Frame, action: Action) -> list[Event]:
    p = frame["p"]
    a, b = action["persons"]
    state.players[p].opening = [a, b]
    places = []
    for kind in (a, b):
        tile = tile_id(kind, YOUNG)
        state.supply[tile] -= 1
        places.append({"k": "place", "p": p, "tile": tile})
    push(state, *places)
    return [STEPS.event("opening_chosen", {"player": p, "persons": [a, b]})]
