"""5B II Arbeiteraktionen: the worker actions taken with a group of workers, one step per worker action
("work_resources", "work_produce", "work_ship"; emperor's projects and war have their own modules),
and whether an action could be carried out at all with a group."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations_with_replacement
from typing import Any

from companion.core import Event
from companion.core.steps import Frame, push

from . import boats, components, editions, emperor, exchange, goods, progress, ships
from .migration import release_unused
from .state import YinziState
from .steps import STEPS, again, decision

RULES = {
    "resources": "5B II Ressourcen nehmen",
    "produce": "5B II Waren produzieren",
    "ship": "5B II Schiffe beliefern",
    "war": "5B II Krieg & Infrastruktur",
    "emperor": "5B II Die Vorhaben des Kaisers",
}
RESOURCE_COPPER = 1  # RULES-Y 5B II Ressourcen nehmen: one copper per wood or stone


def action_of(frame: Frame) -> str:
    return frame["k"].removeprefix("work_")


# -- producing wares ---------------------------------------------------------------------------------
def raw_units(state: YinziState, p: int, color: str, to_province: str) -> list[tuple[str, int, int]]:
    """(source, boat symbols, cubes there) for raw materials of `color` on city markets (+ the progress disc)."""
    box = components.of(state)
    out = []
    for market in box.provinces:
        counts: dict[str, int] = {}
        for owner, coin in state.markets[market]["raw"]:
            if state.players[owner].color == color:
                counts[coin] = counts.get(coin, 0) + 1
        out += [(f"m/{market}/{coin}", box.distance[(market, to_province)], counts[coin]) for coin in sorted(counts)]
    if progress.cashable(state, p, "free_raw"):
        out.append(("free_raw", 0, 1))
    return out


def production_terms(state: YinziState, p: int, factory: dict[str, Any]) -> dict[str, int] | None:
    """Workers (and copper or silver for the owner) one production in `factory` takes; None: impossible."""
    spec = components.of(state).factories.production
    terms = spec["own"] if factory["owner"] == p else spec["outsourced"]
    return terms.get(str(factory["level"]))  # keyed by level as text (JSON keys)


def _affordable(state: YinziState, p: int, terms: dict[str, int]) -> bool:
    if "copper" in terms and not exchange.can_pay_copper(state, p, terms["copper"]):
        return False
    return "silver" not in terms or exchange.can_pay_silver(state, p, terms["silver"])


def _room_for_two(state: YinziState, f: dict[str, Any]) -> bool:
    if editions.EDITIONS.has(state, "level_iii_room"):
        return len(f["wares"]) + 2 <= f["level"]
    return not f["wares"]


def production_options(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    p, left = frame["p"], frame["left"]
    budget = boats.capacity(state, p) - frame["transport"]
    opts = []
    for i, f in enumerate(state.factories):
        if f["level"] < 1 or f["owner"] is None or i in frame["used_f"] or len(f["wares"]) >= f["level"]:
            continue
        terms = production_terms(state, p, f)
        if terms is None or not _affordable(state, p, terms):
            continue  # nobody outsources to a level-I factory
        if terms["workers"] > left or state.players[p].wares < 1:
            continue
        units = raw_units(state, p, f["color"], f["province"])
        opts += [{"type": "produce", "factory": i, "raw": [src]} for src, dist, _ in units if dist <= budget]
        # a level-III factory makes two wares at once from two raw materials, if it has room for both
        if f["owner"] == p and f["level"] == 3 and _room_for_two(state, f) and state.players[p].wares >= 2:
            for a, b in combinations_with_replacement(units, 2):
                if a[0] == b[0] and a[2] < 2:
                    continue
                if a[1] + b[1] <= budget:
                    opts.append({"type": "produce", "factory": i, "raw": [a[0], b[0]]})
    return opts


def _outsourcing(state: YinziState, p: int, f: dict[str, Any], terms: dict[str, int]) -> list[Event]:
    if f["owner"] == p:
        return []
    event = exchange.pay(state, p, terms.get("copper", 0), terms.get("silver", 0), f["owner"], "yinzi.outsourcing_paid")
    return [Event(event.code, {**event.params, "owner": f["owner"]})]


def produce(state: YinziState, frame: Frame, action: dict[str, Any]) -> tuple[Frame, list[Event]]:
    """One production; returns the worker action's frame after it and the events."""
    p = frame["p"]
    f = state.factories[action["factory"]]
    terms = production_terms(state, p, f)
    assert terms is not None
    events = _outsourcing(state, p, f, terms)
    transport = 0
    raw_from = []
    for src in action["raw"]:
        if src == "free_raw":
            events.append(progress.cash(state, p, "free_raw"))
            continue
        _, market, coin = src.split("/")
        raw = state.markets[market]["raw"]
        k = next(j for j, (owner, c) in enumerate(raw) if c == coin and state.players[owner].color == f["color"])
        owner, _ = raw.pop(k)
        goods.return_cube(state, owner)  # a used raw material goes back to its colour's supply
        raw_from.append([market, owner])
        transport += components.of(state).distance[(market, f["province"])]
    for _ in action["raw"]:
        f["wares"].append(p)
        state.players[p].wares -= 1
    events.append(STEPS.event("ware_produced", {"player": p, "factory": action["factory"], "ware": f["ware"],
                                                "count": len(action["raw"]), "raw": raw_from}))
    kept = {**frame, "transport": frame["transport"] + transport, "used_f": [*frame["used_f"], action["factory"]],
            "left": frame["left"] - terms["workers"], "used": frame["used"] + terms["workers"]}
    return kept, events


# -- whether a worker action is possible, and its options -----------------------------------------------
def _resource_options(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    if not exchange.can_pay_copper(state, frame["p"], RESOURCE_COPPER):
        return []
    left = (("wood", state.wood_box), ("stone", state.stone_box))
    return [{"type": "take", "resource": r} for r, n in left if n > 0]


def _ship_options(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    return ships.delivery_options(state, frame["p"], boats.capacity(state, frame["p"]) - frame["transport"])


EXECUTIONS: dict[str, Callable[[YinziState, Frame], list[dict[str, Any]]]] = {
    "war": lambda state, frame: [{"type": "war"}],
    "emperor": lambda state, frame: emperor.options(state, frame["p"], frame["left"]),
    "resources": _resource_options,
    "produce": production_options,
    "ship": _ship_options,
}


def feasible(state: YinziState, p: int, action: str, n: int) -> bool:
    """Could this worker action be carried out at least once with n workers (RULES-Y 5B II)?"""
    if n < 1:
        return False
    return bool(EXECUTIONS[action](state, {"k": f"work_{action}", "p": p, "left": n, "transport": 0, "used_f": []}))


def _options(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    action = action_of(frame)
    opts = EXECUTIONS[action](state, frame) if frame["left"] >= 1 else []
    if action in ("produce", "ship") and progress.cashable(state, frame["p"], "virtual_capacity"):
        opts.append({"type": "cash_capacity"})
    if frame["used"] > 0 or not opts:
        opts = [*opts, {"type": "done"}]
    return opts


# -- the answers -------------------------------------------------------------------------------------
def _take(state: YinziState, frame: Frame, action: dict[str, Any]) -> tuple[Frame, list[Event], list[Frame]]:
    events = [exchange.pay(state, frame["p"], copper=RESOURCE_COPPER),
              *goods.take_resource(state, frame["p"], action["resource"])]
    return {**frame, "left": frame["left"] - 1, "used": frame["used"] + 1}, events, []


def _produce(state: YinziState, frame: Frame, action: dict[str, Any]) -> tuple[Frame, list[Event], list[Frame]]:
    kept, events = produce(state, frame, action)
    return kept, events, []


def _ship(state: YinziState, frame: Frame, action: dict[str, Any]) -> tuple[Frame, list[Event], list[Frame]]:
    follow: list[Frame] = []
    transport, events = ships.deliver(state, frame["p"], action, follow)
    kept = {**frame, "transport": frame["transport"] + transport, "left": frame["left"] - 1, "used": frame["used"] + 1}
    return kept, events, follow


ANSWERS = {"take": _take, "produce": _produce, "ship": _ship}


def finish(state: YinziState, frame: Frame) -> list[Event]:
    """The workers used stay in the action's box; the unused ones go to the migration area."""
    pl = state.players[frame["p"]]
    action = action_of(frame)
    pl.boxes[action] = pl.boxes.get(action, 0) + frame["used"]
    placed = [STEPS.event("workers_in_box", {"player": frame["p"], "action": action, "workers": frame["used"]})]
    return (placed if frame["used"] else []) + release_unused(state, frame["p"], frame["left"], frame["from_lower"])


def _answer(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    kind = action["type"]
    if kind == "done":
        return finish(state, frame)
    if kind == "cash_capacity":
        kept, events = boats.virtual_capacity(state, frame["p"], frame)
        again(state, kept)
        return events
    kept, events, follow = ANSWERS[kind](state, frame, action)
    if kept["left"] == 0:
        events += finish(state, kept)
    else:
        push(state, kept)
    push(state, *follow)
    return events


def _register(action: str) -> None:
    decision(f"work_{action}", RULES[action], _options, lambda state, frame: {"left": frame["left"]})(_answer)


for _action in ("resources", "produce", "ship"):
    _register(_action)
