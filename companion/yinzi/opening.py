"""Setup step O: in reverse order each player places a starting factory, then takes wood or stone."""

from __future__ import annotations

from typing import Any

from companion.core import Event

from . import board
from .box import Box
from .frames import Ask, handler, pop, rule
from .state import YinziState


def _ask_factory(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    opts = [
        {"type": "start_factory", "factory": kind, "province": prov}
        for kind in sorted(set(state.factory_display))
        for prov in box.provinces
    ]
    return Ask(frame["p"], "yinzi.start_factory", opts, rule("3 Spielaufbau O"))


@handler("start_factory", _ask_factory)
def _factory(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    pop(state, frame)
    return [board.build_factory(state, frame["p"], action["factory"], action["province"])]


def _ask_resource(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    opts = []
    if state.wood_box > 0:
        opts.append({"type": "start_resource", "resource": "wood"})
    if state.stone_box > 0:
        opts.append({"type": "start_resource", "resource": "stone"})
    return Ask(frame["p"], "yinzi.start_resource", opts, rule("3 Spielaufbau O"))


@handler("start_resource", _ask_resource)
def _resource(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    pop(state, frame)
    return take_resource(state, frame["p"], action["resource"])


def take_resource(state: YinziState, p: int, resource: str) -> list[Event]:
    pl = state.players[p]
    if resource == "wood":
        state.wood_box -= 1
        pl.wood += 1
    else:
        state.stone_box -= 1
        pl.stone += 1
    return [Event("yinzi.resource_taken", {"player": p, "resource": resource})]
