"""Conservation and limits that must hold after every action (checked by simulate and the tests)."""

from __future__ import annotations

from .components import Components
from .state import DragonState, Player


def invariants(state: DragonState) -> list[str]:
    comp = state.comp
    problems: list[str] = []
    in_palaces: dict[str, int] = {}
    for p, pl in enumerate(state.players):
        problems += _player(state, comp, p, pl)
        for palace in pl.palaces:
            for t in palace.persons:
                in_palaces[t] = in_palaces.get(t, 0) + 1
    for frame in state.stack:  # a person taken from the board and not yet placed
        if frame["k"] == "place":
            in_palaces[frame["tile"]] = in_palaces.get(frame["tile"], 0) + 1
    for t in comp.tiles:
        total = state.supply[t] + in_palaces.get(t, 0) + state.released[t]
        if total != comp.supply[t] or state.supply[t] < 0:
            problems.append(f"person tile {t} not conserved: {state.supply[t]} on the board, {total} in all")
    if len(state.wall) > comp.wall_length:
        problems.append("wall longer than the event track")
    for pl in state.players:
        if sum(sum(v) for v in pl.scores.values()) != pl.vp:
            problems.append(f"{pl.name}: score sheet does not add up to the VP track")
    return problems


def _player(state: DragonState, comp: Components, p: int, pl: Player) -> list[str]:
    problems = []
    for name in ("yuan", "rice", "fireworks", "small_privileges", "large_privileges"):
        if getattr(pl, name) < 0:
            problems.append(f"player {p} has negative {name}")
    for i, palace in enumerate(pl.palaces):
        if not 1 <= palace.floors <= comp.max_floors:
            problems.append(f"player {p} palace {i} has {palace.floors} floors")
        if len(palace.persons) > palace.floors:
            problems.append(f"player {p} palace {i} holds {len(palace.persons)} persons on {palace.floors} floors")
    if sorted(pl.hand + pl.played) != list(comp.hand):
        problems.append(f"player {p} person cards not conserved")
    if comp.great_wall and len(pl.wall_tiles) + state.wall.count(p) != len(comp.wall_tiles):
        problems.append(f"player {p} wall pieces not conserved")
    return problems
