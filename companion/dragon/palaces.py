"""Palaces and the persons in them: placing, replacing, releasing, building, symbols.

"Ein aufgenommenes Personenplättchen wird stets unterhalb eines eigenen Palastes abgelegt ...
Höher als drei Stockwerke kann ein Palast nie werden" (Vor dem eigentlichen Spiel): these rules
hold in every chapter, so the chapters share this module.

Identical choices are offered once (two empty palaces of the same height, two equal persons
in one palace), so option lists stay short and different option indices mean different tables.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from typing import Any

from companion.core import Event

from .components import tile_kind
from .state import DragonState, Palace, Player
from .steps import STEPS


def symbols(state: DragonState, p: int, kind: str) -> int:
    """How many of `kind`'s icons the player's persons show (the action and event multiplier)."""
    table = state.comp.symbols
    return sum(table[t] for palace in state.players[p].palaces for t in palace.persons if tile_kind(t) == kind)


def monk_points(state: DragonState, p: int) -> int:
    table = state.comp.symbols
    palaces = state.players[p].palaces
    return sum(table[t] * palace.floors for palace in palaces for t in palace.persons if tile_kind(t) == "monk")


def distinct_palaces(palaces: list[Palace], start: int = 0, only: Callable[[Palace], bool] | None = None) -> list[int]:
    """Indices >= start, keeping the first of several palaces equal in height and persons."""
    seen: set[tuple[int, tuple[str, ...]]] = set()
    out = []
    for i in range(start, len(palaces)):
        palace = palaces[i]
        if only is not None and not only(palace):
            continue
        sig = (palace.floors, tuple(palace.persons))
        if sig in seen:
            continue
        seen.add(sig)
        out.append(i)
    return out


def person_choices(player: Player, palaces: list[int] | None = None) -> list[tuple[int, str]]:
    """(palace, tile) pairs: each distinct person once per palace."""
    out = []
    for i, palace in enumerate(player.palaces):
        if palaces is not None and i not in palaces:
            continue
        for t in dict.fromkeys(palace.persons):
            out.append((i, t))
    return out


def placement_options(player: Player) -> list[dict[str, Any]]:
    """Phase 2 placement: into a palace with room; only when all are full, replace or discard."""
    free = distinct_palaces(player.palaces, only=lambda pal: pal.free() > 0)
    if free:
        return [{"type": "place", "palace": i} for i in free]
    options: list[dict[str, Any]] = [{"type": "replace", "palace": i, "tile": t} for i, t in person_choices(player)]
    options.append({"type": "discard"})
    return options


def put(palace: Palace, tile: str) -> None:
    bisect.insort(palace.persons, tile)


def release(state: DragonState, p: int, palace_index: int, tile: str, why: str) -> Event:
    """A released person leaves the game for good; the person disc stays where it is."""
    palace = state.players[p].palaces[palace_index]
    palace.persons.remove(tile)
    state.released[tile] = state.released.get(tile, 0) + 1
    return STEPS.event("released", {"player": p, "tile": tile, "palace": palace_index, "why": why})


def release_frame(state: DragonState, p: int, n: int, why: str) -> dict[str, Any] | None:
    """The step in which player `p` releases `n` persons of his choice (None: nothing to release)."""
    if n <= 0 or not state.players[p].persons():
        return None
    return {"k": "release", "p": p, "n": n, "why": why}


def release_all(state: DragonState, p: int, why: str) -> list[Event]:
    events = []
    for i, palace in enumerate(state.players[p].palaces):
        for t in list(palace.persons):
            events.append(release(state, p, i, t, why))
    return events


def place_new(state: DragonState, p: int, tile: str, action: dict[str, Any]) -> list[Event]:
    """Carry out a placement option for a tile already taken from the supply."""
    player = state.players[p]
    if action["type"] == "discard":
        state.released[tile] = state.released.get(tile, 0) + 1
        return [STEPS.event("person_discarded", {"player": p, "tile": tile})]
    events = []
    palace = player.palaces[action["palace"]]
    if action["type"] == "replace":
        events.append(release(state, p, action["palace"], action["tile"], "replaced"))
    put(palace, tile)
    state.advance(p, state.comp.value[tile])
    events.append(
        STEPS.event("person_placed", {"player": p, "tile": tile, "palace": action["palace"], "track": player.track})
    )
    return events


def floor_options(player: Player, start: int, max_floors: int) -> list[dict[str, Any]]:
    """Where one new floor can go: a palace below the limit, or a new one-floor palace.

    Floors are placed in palace order (never below `start`), so the same result is never
    offered twice in different sequences.
    """
    targets = distinct_palaces(player.palaces, start, only=lambda pal: pal.floors < max_floors)
    return [{"type": "floor", "palace": i} for i in targets] + [{"type": "floor", "palace": len(player.palaces)}]


def add_floor(player: Player, index: int) -> None:
    if index == len(player.palaces):
        player.palaces.append(Palace(1, []))
    else:
        player.palaces[index].floors += 1
