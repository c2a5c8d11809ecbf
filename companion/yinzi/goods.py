"""Goods and wares (RULES-Y 4 Güter und Rohstoffe): cubes on printed fields and crop tiles, wares in
factories and on ships, workers on the board, in a fixed order so options stay deterministic."""

from __future__ import annotations

from typing import Any

from companion.core import Event

from .state import YinziState
from .steps import STEPS


def sources(state: YinziState, p: int, goods: tuple[str, ...] | set[str] | None = None) -> list[dict[str, Any]]:
    """Where player p has cubes: printed fields ("f") and crop tiles ("t"), in a fixed order."""
    out = []
    fields = state.players[p].fields
    for key in sorted(fields):
        if fields[key] > 0:
            prov, good = key.split("/")
            if goods is None or good in goods:
                out.append({"src": f"f/{key}", "province": prov, "good": good})
    for i, tile in enumerate(state.tiles):
        if tile["owner"] == p and tile["cubes"] > 0 and (goods is None or tile["good"] in goods):
            out.append({"src": f"t/{i}", "province": tile["province"], "good": tile["good"]})
    return out


def find_source(state: YinziState, p: int, src: str) -> dict[str, Any] | None:
    for s in sources(state, p):
        if s["src"] == src:
            return s
    return None


def count_at(state: YinziState, p: int, src: str) -> int:
    """Cubes of player p at one place ("f/<province>/<good>" or "t/<tile>")."""
    kind, _, rest = src.partition("/")
    if kind == "f":
        return state.players[p].fields.get(rest, 0)
    return state.tiles[int(rest)]["cubes"]


def take_cube(state: YinziState, p: int, src: str) -> tuple[str, str]:
    """Remove one of p's cubes from a field or tile; returns (province, good)."""
    kind, _, rest = src.partition("/")
    if kind == "f":
        pl = state.players[p]
        pl.fields[rest] -= 1
        if pl.fields[rest] == 0:
            del pl.fields[rest]
        prov, good = rest.split("/")
        return prov, good
    tile = state.tiles[int(rest)]
    tile["cubes"] -= 1
    if tile["cubes"] == 0:
        tile["owner"] = None  # an empty crop tile stays on the board
    return tile["province"], tile["good"]


def put_on_field(state: YinziState, p: int, province: str, good: str, n: int) -> None:
    pl = state.players[p]
    pl.cubes -= n
    key = f"{province}/{good}"
    pl.fields[key] = pl.fields.get(key, 0) + n


def return_cube(state: YinziState, owner: int) -> None:
    state.players[owner].cubes += 1


def cubes_on_board(state: YinziState, p: int) -> int:
    pl = state.players[p]
    return sum(pl.fields.values()) + sum(t["cubes"] for t in state.tiles if t["owner"] == p)


def provinces_with_cubes(state: YinziState, p: int) -> list[str]:
    return sorted({s["province"] for s in sources(state, p)})


def workers_on_board(state: YinziState, p: int) -> int:
    """Workers that must be fed: action boxes, war box (with veterans) and migration box."""
    pl = state.players[p]
    war = sum(w for q, w in state.war_box if q == p)
    return sum(pl.boxes.values()) + war + pl.migr_upper + pl.migr_lower + pl.veterans


def own_factories(state: YinziState, p: int) -> list[int]:
    return [i for i, f in enumerate(state.factories) if f["owner"] == p and f["level"] > 0]


def wares_in_factories(state: YinziState, p: int) -> list[int]:
    return [i for i, f in enumerate(state.factories) if p in f["wares"]]


def wares_on_coast_ships(state: YinziState, p: int) -> int:
    """Player p's wares still on a ship at the coast (they count at the end like wares in a factory)."""
    return sum(
        1
        for ship in state.coast
        if ship
        for s in ship["slots"]
        for it in s["items"]
        if it["kind"] == "ware" and it["owner"] == p
    )


def take_resource(state: YinziState, p: int, resource: str) -> list[Event]:
    """One wood or stone from the resource box into the player's supply."""
    pl = state.players[p]
    if resource == "wood":
        state.wood_box -= 1
        pl.wood += 1
    else:
        state.stone_box -= 1
        pl.stone += 1
    return [STEPS.event("resource_taken", {"player": p, "resource": resource})]
