"""Conservation checks after every action: coins, silver, resources, discs, workers, cubes, wares."""

from __future__ import annotations

from .box import Box
from .state import YinziState


def check(state: YinziState, box: Box) -> list[str]:
    bad: list[str] = []
    n = len(state.players)
    copper = sum(p.copper for p in state.players) + state.bank_copper
    if copper != int(box.v("components.copper")):
        bad.append(f"copper not conserved: {copper}")
    silver = sum(p.silver for p in state.players) + state.bank_silver
    if silver != int(box.v("components.silver")):
        bad.append(f"silver not conserved: {silver}")
    if sum(p.wood for p in state.players) + state.wood_box != int(box.v("components.wood")):
        bad.append("wood not conserved")
    if sum(p.stone for p in state.players) + state.stone_box != int(box.v("components.stone")):
        bad.append("stone not conserved")
    if not 1 <= state.die <= 6:
        bad.append(f"exchange die off the track: {state.die}")
    for a, _roll, b in state.die_history:
        if abs(a - b) > 1:
            bad.append(f"exchange die jumped from {a} to {b}")
    pending = [row["items"] for row in state.infra_rows] + [f["items"] for f in state.frames if f["k"] == "fill"]
    for p, pl in enumerate(state.players):
        if not 0 <= pl.virtual_copper <= pl.copper or (pl.virtual_copper and state.step != "actions"):
            bad.append(f"{pl.name}: virtual copper outlived its turn ({pl.virtual_copper})")
        discs = (
            pl.discs
            + sum(1 for owner in state.progress.values() if owner == p)
            + sum(f["level"] for f in state.factories if f["owner"] == p)
            + pl.war_discs["4"]
            + pl.war_discs["2"]
            + pl.tax_discs
            + pl.ambassadors_abroad
            + state.levies.count(p)
            + sum(t["discs"] for t in pl.infra_won)
            + sum(1 for items in pending for it in items if it["kind"] == "disc" and it["owner"] == p)
        )
        if discs != int(box.v("components.discs_per_player")):
            bad.append(f"{pl.name}: discs not conserved ({discs})")
        war = sum(w for q, w in state.war_box if q == p)
        in_frames = sum(
            f.get("n", 0)
            for f in state.frames
            if f.get("p") == p and f["k"] in ("migrants", "emperor_box", "war_count")
        )
        in_frames += sum(f["left"] + f["used"] for f in state.frames if f.get("p") == p and f["k"] == "work")
        workers = (
            pl.workers
            + sum(pl.tableau.values())
            + sum(pl.boxes.values())
            + war
            + pl.migr_upper
            + pl.migr_lower
            + pl.veterans
            + in_frames
        )
        if workers != int(box.v("components.workers_per_player")):
            bad.append(f"{pl.name}: workers not conserved ({workers})")
        if min(pl.copper, pl.silver, pl.wood, pl.stone, pl.discs, pl.cubes, pl.wares, pl.workers) < 0:
            bad.append(f"{pl.name}: a negative amount")
        cubes = (
            pl.cubes
            + sum(pl.fields.values())
            + sum(t["cubes"] for t in state.tiles if t["owner"] == p)
            + sum(1 for m in state.markets.values() for owner, _ in m["raw"] if owner == p)
            + state.local_market[p]
            + sum(
                1
                for ship in state.coast
                if ship
                for s in ship["slots"]
                for it in s["items"]
                if it["kind"] == "cube" and it["owner"] == p
            )
            + sum(1 for items in pending for it in items if it["kind"] == "cube" and it["owner"] == p)
            + sum(
                1
                for f in state.frames
                if f["k"] == "late"
                for it in f.get("items", [])
                if it["kind"] == "cube" and it["owner"] == p
            )
        )
        if cubes != int(box.v("components.cubes_per_player")):
            bad.append(f"{pl.name}: cubes not conserved ({cubes})")
        wares = (
            pl.wares
            + sum(f["wares"].count(p) for f in state.factories)
            + sum(
                1
                for ship in state.coast
                if ship
                for s in ship["slots"]
                for it in s["items"]
                if it["kind"] == "ware" and it["owner"] == p
            )
            + sum(owners.count(p) for owners in state.foreign.values())
            + sum(1 for items in pending for it in items if it["kind"] == "ware" and it["owner"] == p)
        )
        if wares != int(box.v("components.wares_per_player")):
            bad.append(f"{pl.name}: wares not conserved ({wares})")
    if len(state.local_market) != n:
        bad.append("local market ledger has the wrong size")
    return bad
