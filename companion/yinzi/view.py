"""The per-player ledger the app shows (issue: 'per player the ledger the app keeps'), as JSON data."""

from __future__ import annotations

from typing import Any

from .box import Box
from .ledger import cubes_on_board, wares_on_coast_ships, workers_on_board
from .state import YinziState


def player_ledger(state: YinziState, box: Box, p: int) -> dict[str, Any]:
    pl = state.players[p]
    on_ships = wares_on_coast_ships(state, p)
    return {
        "name": pl.name,
        "color": pl.color,
        "copper": pl.copper,
        "silver": pl.silver,
        "copper_worth": pl.copper + pl.silver * box.rate(state.die),
        "wood": pl.wood,
        "stone": pl.stone,
        "boat_field": pl.boat,
        "boat_capacity": box.capacity(pl.boat),
        "factories": [
            {
                "ware": f["ware"],
                "color": f["color"],
                "province": f["province"],
                "level": f["level"],
                "wares": list(f["wares"]),
            }
            for f in state.factories
            if f["owner"] == p
        ],
        "wares_in_factories": sum(f["wares"].count(p) for f in state.factories),
        "wares_on_ships": on_ships,
        "wares_abroad": {m: owners.count(p) for m, owners in state.foreign.items() if p in owners},
        "delivered": dict(pl.delivered),
        "ambassadors_abroad": pl.ambassadors_abroad,
        "progress": sorted(f for f, owner in state.progress.items() if owner == p),
        "war_discs": dict(pl.war_discs),
        "infrastructure_won": [dict(t) for t in pl.infra_won],
        "infrastructure_open": [dict(t) for t in pl.personal_infra],
        "misfortune": pl.misfortune,
        "cubes_on_board": cubes_on_board(state, p),
        "workers_on_board": workers_on_board(state, p),
        "hand": [list(c) for c in pl.hand],
        "cards_played": [dict(c) for c in pl.history],
        "tax_discs": pl.tax_discs,
    }


def ledgers(state: YinziState, box: Box) -> list[dict[str, Any]]:
    return [player_ledger(state, box, p) for p in range(len(state.players))]
