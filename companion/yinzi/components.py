"""The box's facts as typed values: every printed number the engine reads comes from here.

Facts live in data/yinzi/profile/*.yaml with their status and source; unknown ones are labelled
placeholders that the owner replaces in the box check (setup["profile"]["overrides"]). A state
carries those overrides, so `of(state)` is the one path from a state to its box.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from companion.core import box
from companion.core.profile import BoxProfile
from companion.core.provenance import tag

from .facts import BoxFacts, box_facts

GAME = "yinzi"
# facts whose placeholder values reach numbers the table reads (core.provenance marks them)
RATES = "exchange.rates"
BOATS = "boat.capacities"
CROP_COSTS = "crops.track_costs"
TILES = "infra.tiles"
MARKET_VP = "foreign_markets.vp"


class HasOverrides(Protocol):
    overrides: dict[str, Any]


@dataclass(frozen=True)
class Components(BoxFacts):
    """The box's facts as typed attributes (`comp.infra.tiles`, companion.yinzi.facts) and the lookups the engine
    derives from them."""

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
    rounds: int
    fate_actions: int  # fate actions per player and round
    worker_actions: int  # worker actions per player and round
    max_workers: int  # workers in one worker action
    cards_per_round: int

    def verified(self, key: str) -> bool:
        return self.profile.fact(key).verified

    def rate(self, field: int) -> int:
        return self.rates[field - 1]

    def capacity(self, boat_field: int) -> int:
        return self.boat_capacity[min(boat_field, len(self.boat_capacity)) - 1]

    @property
    def actions_per_round(self) -> int:
        return self.fate_actions + self.worker_actions


def _distances(provinces: tuple[str, ...], borders: list[list[str]],
               coastal: list[str]) -> tuple[dict[tuple[str, str], int], dict[str, int]]:
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


def build(profile: BoxProfile) -> Components:
    """The typed facts of one box (core.box builds each distinct box once)."""
    provinces = tuple(profile.value("map.provinces"))
    dist, coast = _distances(provinces, profile.value("map.borders"), profile.value("map.coastal"))
    return Components(
        **box_facts(profile),
        profile=profile,
        provinces=provinces,
        distance=dist,
        coast_distance=coast,
        rates=tuple(int(r) for r in profile.value("exchange.rates")),
        boat_capacity=tuple(int(c) for c in profile.value("boat.capacities")),
        crop_costs=tuple(int(c) for c in profile.value("crops.track_costs")),
        deck=tuple((int(f), int(w)) for f, w in profile.value("cards.deck")),
        ship_kinds=_ship_kinds(profile.value("ships.kinds")),
        rounds=int(profile.value("game.rounds")),
        fate_actions=int(profile.value("actions.fate_per_round")),
        worker_actions=int(profile.value("actions.worker_per_round")),
        max_workers=int(profile.value("actions.max_workers")),
        cards_per_round=int(profile.value("cards.per_round")),
    )


box.register(GAME, build)


def for_overrides(overrides: dict[str, Any] | None, seen: Iterable[str] = (), partly: Iterable[str] = ()
                  ) -> Components:
    """The default profile with the owner's box-check values (refuses unknown fact keys); the facts named
    in `seen` were seen at a table (status "seen": verified, not checked; companion.yinzi.table_entry), those in
    `partly` only some of their components (status "partly": still unverified; core.seen_items)."""
    return box.components(GAME, overrides, seen, partly)


def of(state: HasOverrides) -> Components:
    """The box a game was set up with, grown by what its table saw."""
    return for_overrides(state.overrides, getattr(state, "seen", None) or (), getattr(state, "partly", None) or ())


def tagged(state: HasOverrides, params: dict[str, Any], **sources: str | tuple[str, ...]) -> dict[str, Any]:
    """`params` with the unverified box facts behind some of its values (core.provenance): each keyword
    names a parameter and the fact keys it rests on; verified facts leave no mark."""
    return tag(params, of(state).profile, **sources)
