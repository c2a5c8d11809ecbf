"""Exact undo of a delivery that cannot be completed (an infrastructure demand or a late-shipping pair).

The options offered are checked so that a delivery, once started, can be completed; should it still
get stuck, everything it touched goes back exactly as it was: cubes to their fields and crop tiles,
wares to their factories, cashed progress discs to their fields, coins bought or exchanged.
"""

from __future__ import annotations

import pickle
from typing import Any

from .state import Player, YinziState

# everything a delivery can change besides its own frame
TOUCHED = ("players", "factories", "tiles", "progress", "progress_fresh", "local_market", "bank_copper", "bank_silver")


def snapshot(state: YinziState) -> dict[str, Any]:
    data: dict[str, Any] = {k: getattr(state, k) for k in TOUCHED}
    data["players"] = [vars(pl) for pl in state.players]
    data["occasion"] = state.occasion
    return pickle.loads(pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL))


def restore(state: YinziState, snap: dict[str, Any]) -> None:
    data = pickle.loads(pickle.dumps(snap, protocol=pickle.HIGHEST_PROTOCOL))
    state.players = [Player(**d) for d in data.pop("players")]
    for key, value in data.items():
        setattr(state, key, value)
