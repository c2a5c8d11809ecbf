"""5B Fabriken ausbauen: building factories, upgrading them with discs, claiming abandoned ones."""

from __future__ import annotations

from typing import Any

from companion.core import Event

from . import components
from .state import YinziState
from .steps import STEPS


def upgradeable(state: YinziState, p: int) -> list[int]:
    """Own factories below level III, and unowned ones (a level-I factory lost to wildfire) to claim."""
    if state.players[p].discs < 1:
        return []
    top = max(int(k) for k in components.of(state).factories.vp)
    return [
        i
        for i, f in enumerate(state.factories)
        if (f["owner"] == p and f["level"] < top) or (f["owner"] is None and f["level"] == 0)
    ]


def upgrade_cost(state: YinziState, factory: dict[str, Any]) -> int:
    if factory["owner"] is None:
        return 0  # claiming an abandoned factory: ruling, see docs/rulings/yinzi.md
    return int(components.of(state).factories.upgrade_cost[factory["level"] + 1])


def add_disc(state: YinziState, p: int, i: int) -> Event:
    f = state.factories[i]
    state.players[p].discs -= 1
    f["owner"] = p
    f["level"] += 1
    return STEPS.event("factory_upgraded", {"player": p, "factory": i, "level": f["level"]})


def build(state: YinziState, p: int, kind: str, province: str, pay: str | None = None) -> Event:
    ware, color = kind.split("/")
    state.factory_display.remove(kind)
    state.factories.append({"ware": ware, "color": color, "province": province, "owner": p, "level": 1, "wares": []})
    state.players[p].discs -= 1
    return STEPS.event("factory_built", {"player": p, "factory": kind, "province": province, "pay": pay})


def levels(state: YinziState, p: int) -> list[int]:
    """The level of each of player p's factories (what the pad's factory row counts)."""
    return [f["level"] for f in state.factories if f["owner"] == p]
