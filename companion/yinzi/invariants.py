"""Conservation checks after every action, as a table: every coin, resource, disc, worker, cube and ware
of the box is somewhere, and nothing is negative. Each check returns its messages (none: fine)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from . import components, editions
from .exchange import DIE_FIELDS
from .state import Player, YinziState

WORKER_FRAMES = ("migrants", "emperor_box", "war_count")  # steps holding workers not yet placed


def _items(state: YinziState) -> list[dict[str, Any]]:
    """Cubes, wares and discs on their way: on infrastructure tiles (personal ones too), in a delivery or a
    late pair."""
    held = [it for row in state.infra_rows for it in row["items"]]
    held += [it for f in state.stack if f["k"] in ("fill", "late_food") for it in f.get("items", [])]
    held += [it for pl in state.players for t in pl.personal_infra for it in t.get("items", [])]
    return held


def _on_ships(state: YinziState, kind: str, p: int) -> int:
    return sum(1 for ship in state.coast if ship for s in ship["slots"] for it in s["items"]
               if it["kind"] == kind and it["owner"] == p)


def _held(items: Iterable[dict[str, Any]], kind: str, p: int) -> int:
    return sum(1 for it in items if it["kind"] == kind and it["owner"] == p)


# -- the bank and the shared boxes ------------------------------------------------------------------
def _conserved(what: str, fact: str, count: Callable[[YinziState], int]) -> Callable[[YinziState], list[str]]:
    def check(state: YinziState) -> list[str]:
        total = count(state)
        return [] if total == int(components.of(state).profile.value(fact)) else [f"{what} not conserved: {total}"]

    return check


def _die(state: YinziState) -> list[str]:
    bad = [] if 1 <= state.die <= DIE_FIELDS else [f"exchange die off the track: {state.die}"]
    return bad + [f"exchange die jumped from {a} to {b}" for a, _roll, b in state.die_history if abs(a - b) > 1]


def _local_market(state: YinziState) -> list[str]:
    return [] if len(state.local_market) == len(state.players) else ["local market ledger has the wrong size"]


# -- each player's pieces ---------------------------------------------------------------------------------
def _discs(state: YinziState, p: int, pl: Player) -> int:
    return (pl.discs + sum(1 for owner in state.progress.values() if owner == p)
            + sum(f["level"] for f in state.factories if f["owner"] == p) + pl.war_discs["4"] + pl.war_discs["2"]
            + pl.tax_discs + pl.ambassadors_abroad + state.levies.count(p)
            + sum(t["discs"] for t in pl.infra_won) + _held(_items(state), "disc", p))


def _workers(state: YinziState, p: int, pl: Player) -> int:
    pending = sum(f.get("n", 0) for f in state.stack if f.get("p") == p and f["k"] in WORKER_FRAMES)
    pending += sum(f["left"] + f["used"] for f in state.stack if f.get("p") == p and f["k"].startswith("work_"))
    war = sum(w for q, w in state.war_box if q == p)
    return (pl.workers + sum(pl.tableau.values()) + sum(pl.boxes.values()) + war + pl.migr_upper + pl.migr_lower
            + pl.veterans + pending)


def _cubes(state: YinziState, p: int, pl: Player) -> int:
    return (pl.cubes + sum(pl.fields.values()) + sum(t["cubes"] for t in state.tiles if t["owner"] == p)
            + sum(1 for m in state.markets.values() for owner, _ in m["raw"] if owner == p)
            + state.local_market[p] + _on_ships(state, "cube", p) + _held(_items(state), "cube", p))


def _wares(state: YinziState, p: int, pl: Player) -> int:
    return (pl.wares + sum(f["wares"].count(p) for f in state.factories) + _on_ships(state, "ware", p)
            + sum(owners.count(p) for owners in state.foreign.values()) + _held(_items(state), "ware", p))


PIECES: dict[str, tuple[str, Callable[[YinziState, int, Player], int]]] = {
    "discs": ("components.discs_per_player", _discs),
    "workers": ("components.workers_per_player", _workers),
    "cubes": ("components.cubes_per_player", _cubes),
    "wares": ("components.wares_per_player", _wares),
}


def _players(state: YinziState) -> list[str]:
    box = components.of(state)
    bad = []
    for p, pl in enumerate(state.players):
        round_end = editions.EDITIONS.has(state, "virtual_copper_round_end")  # held for one player's part of a phase
        if not 0 <= pl.virtual_copper <= pl.copper or (pl.virtual_copper and state.phase != "actions"
                                                        and not round_end):
            bad.append(f"{pl.name}: virtual copper outlived its turn ({pl.virtual_copper})")
        for what, (fact, count) in PIECES.items():
            n = count(state, p, pl)
            if n != int(box.profile.value(fact)):
                bad.append(f"{pl.name}: {what} not conserved ({n})")
        if min(pl.copper, pl.silver, pl.wood, pl.stone, pl.discs, pl.cubes, pl.wares, pl.workers) < 0:
            bad.append(f"{pl.name}: a negative amount")
    return bad


def _infra(state: YinziState) -> list[str]:
    """The infrastructure tiles not yet seen are distinct tiles of the box (the model keeps their number)."""
    pool, n = state.infra_pool, len(components.of(state).infra.tiles)
    return [] if len(set(pool)) == len(pool) and all(0 <= i < n for i in pool) else ["infrastructure pool broken"]


def _markets(state: YinziState) -> list[str]:
    """Every city-market tile of the box is either placed or left, once: a tile the table entered took a
    tile's place, so the box keeps its 8 tiles (table_entry)."""
    held = [m["tile"] for m in state.markets.values()] + list(state.market_pool)
    return [] if sorted(held) == sorted(components.of(state).city_markets.tiles) else ["city-market tiles broken"]


def _ships(state: YinziState) -> list[str]:
    """Face-down ships and those on top of the stacks are ship kinds of the box, never more than it has (a
    ship the table entered renamed its nation's kinds, table_entry)."""
    kinds = components.of(state).ship_kinds
    bad = [k for k, n in state.ship_pool.items() if k not in kinds or not 0 <= n <= kinds[k]["count"]]
    bad += [row["top"] for row in state.ship_rows if row["top"] and row["top"] not in kinds]
    return [f"ship kinds broken: {bad}"] if bad else []


def _crop_tiles(state: YinziState) -> list[str]:
    """Every crop tile of the box is face down, on the crop track, bought and not yet placed, on the board,
    held back until the first European ship, or put back at the setup (a tile the table turned up from
    those put back moved it to the face-down ones, table_entry)."""
    box = components.of(state)
    n = len(state.players)
    removed = box.crops.removed_3p if n == 3 else box.crops.removed_2p if n == 2 else {}
    bad = []
    for crop, total in box.crops.tiles.items():
        held = (state.crop_pool.get(crop, 0) + state.crop_track.count(crop) + state.crop_reserve.get(crop, 0)
                + sum(1 for t in state.tiles if t["good"] == crop) + removed.get(crop, 0)
                + sum(1 for f in state.stack if f.get("k") == "place_crop" and f.get("crop") == crop))  # bought
        if held != total:
            bad.append(f"{crop} crop tiles: {held} held of {total}")
    return bad


CHECKS: tuple[Callable[[YinziState], list[str]], ...] = (
    _infra,
    _crop_tiles,
    _markets,
    _ships,
    _conserved("copper", "components.copper", lambda s: sum(p.copper for p in s.players) + s.bank_copper),
    _conserved("silver", "components.silver", lambda s: sum(p.silver for p in s.players) + s.bank_silver),
    _conserved("wood", "components.wood", lambda s: sum(p.wood for p in s.players) + s.wood_box),
    _conserved("stone", "components.stone", lambda s: sum(p.stone for p in s.players) + s.stone_box),
    _die,
    _players,
    _local_market,
)


def check(state: YinziState) -> list[str]:
    return [message for check in CHECKS for message in check(state)]
