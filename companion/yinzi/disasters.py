"""5D II Naturkatastrophen: wildfire (a factory loses a disc), flood (every boat one field back),
drought (one cube per province); each at most once per round, whatever the number of symbols."""

from __future__ import annotations

from typing import Any

from companion.core import Event
from companion.core.steps import Frame, push

from . import boats, components, goods
from .state import DISASTERS, YinziState
from .steps import STEPS, again, bookkeeping, decision

RULE_DISASTER = "5D II Naturkatastrophen"


def active(state: YinziState) -> list[str]:
    tiles = components.of(state).infra.tiles
    found = {tiles[row["top"]]["disaster"] for row in state.infra_rows if row["top"] is not None}
    return [d for d in DISASTERS if d in found]  # each at most once per round


def _wildfire(state: YinziState) -> list[Frame]:
    return [{"k": "wildfire", "p": p} for p in state.order if goods.own_factories(state, p)]


def _flood(state: YinziState) -> list[Frame]:
    for p in state.order:
        boats.step(state, p, -1)
    return []


def _drought(state: YinziState) -> list[Frame]:
    return [{"k": "drought", "p": p, "province": prov} for p in state.order
            for prov in goods.provinces_with_cubes(state, p)]


STRIKE = {"wildfire": _wildfire, "flood": _flood, "drought": _drought}


@bookkeeping("disasters", RULE_DISASTER)
def disasters(state: YinziState) -> list[Event]:
    events, frames = [], []
    for disaster in active(state):
        events.append(STEPS.event("disaster", {"disaster": disaster}))
        frames += STRIKE[disaster](state)
    push(state, *frames)
    return events


@decision("wildfire", RULE_DISASTER,
          lambda state, frame: [{"type": "wildfire", "factory": i} for i in goods.own_factories(state, frame["p"])])
def _burn(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    p = frame["p"]
    f = state.factories[action["factory"]]
    f["level"] -= 1
    state.players[p].discs += 1
    if f["level"] == 0:
        f["owner"] = None  # the tile stays; anybody may claim it later with an upgrade
    events = [STEPS.event("factory_burnt", {"player": p, "factory": action["factory"], "level": f["level"]})]
    if len(f["wares"]) > f["level"]:
        if len(set(f["wares"])) == 1 or f["level"] == 0:
            events += drop_wares(state, f, len(f["wares"]) - f["level"])
        else:
            push(state, {"k": "wildfire_ware", "p": p, "factory": action["factory"]})
    return events


def drop_wares(state: YinziState, f: dict[str, Any], n: int, owner: int | None = None) -> list[Event]:
    events = []
    for _ in range(n):
        q = owner if owner is not None else f["wares"][-1]
        f["wares"].remove(q)
        state.players[q].wares += 1
        events.append(STEPS.event("ware_lost", {"player": q}))
    return events


@decision("wildfire_ware", RULE_DISASTER, lambda state, frame: [
    {"type": "drop_ware", "owner": q} for q in sorted(set(state.factories[frame["factory"]]["wares"]))])
def _drop(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    f = state.factories[frame["factory"]]
    events = drop_wares(state, f, 1, action["owner"])
    if len(f["wares"]) > f["level"]:
        again(state, frame)
    return events


def _drought_options(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    srcs = [s for s in goods.sources(state, frame["p"]) if s["province"] == frame["province"]]
    return [{"type": "drought", "src": s["src"]} for s in srcs] or [{"type": "drought", "src": None}]


@decision("drought", RULE_DISASTER, _drought_options, lambda state, frame: {"province": frame["province"]})
def _dry(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    if action["src"] is None:
        return []
    goods.take_cube(state, frame["p"], action["src"])
    goods.return_cube(state, frame["p"])
    return [STEPS.event("drought_loss", {"player": frame["p"], "province": frame["province"], "src": action["src"]})]
