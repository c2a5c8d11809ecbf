"""The box profile as typed values: every printed number the engine reads comes from here.

Facts live in data/yinzi/profile/*.yaml with their status; unknown ones are labelled
placeholders that the owner replaces in the box check (setup["profile"]["overrides"]).
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.core.profile import BoxProfile, load_default

GAME = "yinzi"


@dataclass(frozen=True)
class Box:
    profile: BoxProfile
    provinces: tuple[str, ...]
    distance: dict[tuple[str, str], int]  # boat symbols crossed between provinces
    coast_distance: dict[str, int]  # boat symbols from a province to a ship at the coast
    rates: tuple[int, ...]
    boat_capacity: tuple[int, ...]
    crop_costs: tuple[int, ...]
    deck: tuple[tuple[int, int], ...]
    # ship tiles by kind: a nation's key when all its ships share one layout, else "nation#k" per layout
    ship_kinds: dict[str, dict[str, Any]]

    def v(self, key: str) -> Any:
        return self.profile.value(key)

    def rate(self, field: int) -> int:
        return self.rates[field - 1]

    def capacity(self, boat_field: int) -> int:
        return self.boat_capacity[min(boat_field, len(self.boat_capacity)) - 1]


def _distances(provinces: tuple[str, ...], borders: list[list[str]], coastal: list[str]):
    adj: dict[str, set[str]] = {p: set() for p in provinces}
    for a, b in borders:
        adj[a].add(b)
        adj[b].add(a)
    dist: dict[tuple[str, str], int] = {}
    for start in provinces:
        seen = {start: 0}
        todo = deque([start])
        while todo:
            here = todo.popleft()
            for nxt in sorted(adj[here]):
                if nxt not in seen:
                    seen[nxt] = seen[here] + 1
                    todo.append(nxt)
        for p in provinces:
            dist[(start, p)] = seen.get(p, 99)
    coast = {p: min(dist[(p, c)] for c in coastal) + 1 for p in provinces}
    return dist, coast


def _ship_kinds(nations: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Group a nation's ships by layout. `layouts` (one slot list per ship, optional) overrides the
    nation's `slots`; without it every ship of the nation has the same slots."""
    kinds: dict[str, dict[str, Any]] = {}
    for nation, spec in nations.items():
        count = int(spec["count"])
        layouts = [list(s) for s in spec.get("layouts") or [spec["slots"]] * count]
        if len(layouts) != count:
            raise ValueError(f"ships.kinds.{nation}: {len(layouts)} layouts for {count} ships")
        distinct: list[list[str]] = []
        for lay in layouts:
            if lay not in distinct:
                distinct.append(lay)
        for k, lay in enumerate(distinct):
            key = nation if len(distinct) == 1 else f"{nation}#{k + 1}"
            kinds[key] = {"nation": nation, "region": spec["region"], "slots": lay, "count": layouts.count(lay)}
    return kinds


def nation_of(kind: str) -> str:
    return kind.split("#")[0]


@cache
def _box(overrides_json: str) -> Box:
    profile = load_default(GAME)
    overrides = json.loads(overrides_json)
    if overrides:
        profile = profile.with_overrides(overrides)
    provinces = tuple(profile.value("map.provinces"))
    dist, coast = _distances(provinces, profile.value("map.borders"), profile.value("map.coastal"))
    return Box(
        profile=profile,
        provinces=provinces,
        distance=dist,
        coast_distance=coast,
        rates=tuple(int(r) for r in profile.value("exchange.rates")),
        boat_capacity=tuple(int(c) for c in profile.value("boat.capacities")),
        crop_costs=tuple(int(c) for c in profile.value("crops.track_costs")),
        deck=tuple((int(f), int(w)) for f, w in profile.value("cards.deck")),
        ship_kinds=_ship_kinds(profile.value("ships.kinds")),
    )


def box_for(overrides: dict[str, Any] | None) -> Box:
    if not overrides:
        return _box("{}")  # the shipped default: the common case, no JSON encoding needed
    return _box(json.dumps(overrides, sort_keys=True))
