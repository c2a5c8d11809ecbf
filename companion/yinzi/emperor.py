"""Die Vorhaben des Kaisers: the worker action (5B II) that places workers in one of the emperor's
boxes, and its rewards in the execution phase (5D IV): palace, road, waterway, bridge."""

from __future__ import annotations

from typing import Any

from companion.core import Event
from companion.core.steps import Frame, push

from . import boats, components, exchange, factories, progress
from .draws import draw_frame
from .migration import release_unused
from .state import YinziState
from .steps import STEPS, bookkeeping, decision

RULE_ACTION = "5B II Die Vorhaben des Kaisers"
RULE_REWARD = "5D IV Vorhaben des Kaisers"


def options(state: YinziState, p: int, n: int) -> list[dict[str, Any]]:
    """The boxes n workers can fill (one more with the extra-worker disc; an occupied one with the
    double-occupy disc)."""
    opts = []
    extra_ok = progress.cashable(state, p, "extra_worker")
    double_ok = progress.cashable(state, p, "double_occupy")
    for name, spec in components.of(state).emperor.boxes.items():
        occupied = len(state.emperor[name]) >= int(spec["fields"])
        if occupied and not double_ok:
            continue
        need = int(spec["workers"])
        for extra in (False, True):
            if extra and (not extra_ok or n >= need):
                continue
            if n + (1 if extra else 0) >= need:
                opts.append({"type": "emperor", "box": name, "extra_worker": extra, "double": occupied})
    return opts


def _box_options(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    return options(state, frame["p"], frame["n"]) or [{"type": "emperor", "box": None}]


@decision("emperor_box", RULE_ACTION, _box_options, lambda state, frame: {"workers": frame["n"]})
def _place(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    p = frame["p"]
    if action["box"] is None:
        return release_unused(state, p, frame["n"], frame["from_lower"])
    events = []
    if action["extra_worker"]:
        events.append(progress.cash(state, p, "extra_worker"))
    if action["double"]:
        events.append(progress.cash(state, p, "double_occupy"))
    need = int(components.of(state).emperor.boxes[action["box"]]["workers"])
    placed = need - (1 if action["extra_worker"] else 0)
    state.emperor[action["box"]].append(p)
    pl = state.players[p]
    pl.boxes["emperor"] = pl.boxes.get("emperor", 0) + placed
    events.append(STEPS.event("emperor_project", {"player": p, "box": action["box"], "workers": placed}))
    return events + release_unused(state, p, frame["n"] - placed, frame["from_lower"])


# -- 5D IV: the rewards ----------------------------------------------------------------------------
@bookkeeping("emperor_rewards", RULE_REWARD)
def rewards(state: YinziState) -> list[Event]:
    events, frames = [], []
    box = components.of(state)
    spec = box.emperor.boxes
    for name in spec:
        for p in state.emperor[name]:
            copper, silver = int(spec[name]["copper"]), int(spec[name]["silver"])
            if name == "road":
                if state.discard_known or state.discard_hidden:
                    frames.append({"k": "road", "p": p})
                else:
                    copper += int(box.emperor.road_no_tile_copper)
            elif name == "waterway":
                boats.step(state, p)
            elif name == "bridge":
                frames.append({"k": "bridge_upgrade", "p": p})
            exchange.gain_copper(state, p, copper)
            exchange.gain_silver(state, p, silver)
            events.append(STEPS.event("emperor_reward", {"player": p, "box": name, "copper": copper, "silver": silver}))
    push(state, *frames)
    return events


def _road_options(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    opts: list[dict[str, Any]] = [{"type": "road_tile", "tile": t} for t in sorted(set(state.discard_known))]
    if state.discard_hidden:
        opts.append({"type": "road_tile", "tile": None})  # one of the face-down tiles: the table enters it
    return opts


@decision("road", RULE_REWARD, _road_options, decision_kind="yinzi.road_tile")
def _road(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    p = frame["p"]
    if action["tile"] is None:
        push(state, draw_frame("infra_hidden", p=p))
        return []
    state.discard_known.remove(action["tile"])
    state.players[p].personal_infra.append({"tile": action["tile"]})
    return [STEPS.event("personal_infra_taken", {"player": p, "tile": action["tile"]})]


def _bridge_options(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    opts = [{"type": "free_upgrade", "factory": i} for i in factories.upgradeable(state, frame["p"])]
    return opts or [{"type": "free_upgrade", "factory": None}]


@decision("bridge_upgrade", RULE_REWARD, _bridge_options, decision_kind="yinzi.free_upgrade")
def _bridge(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    if action["factory"] is None:
        return [STEPS.event("nothing_to_upgrade", {"player": frame["p"]})]
    return [factories.add_disc(state, frame["p"], action["factory"])]
