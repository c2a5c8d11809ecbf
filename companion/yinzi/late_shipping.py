"""5E Spätes Verschiffen: once per player, in turn order, a pair of two different foods to a free
place on a ship at the coast, for one silver (boat capacity as usual; local market and progress
discs may help)."""

from __future__ import annotations

from typing import Any

from companion.core import Event
from companion.core.steps import Frame, push

from . import boats, components, editions, exchange, goods, local_market, progress, undo
from .ships import free_slots, sail_if_full
from .state import FOODS, YinziState
from .steps import STEPS, again, bookkeeping, decision

RULE_LATE = "5E Spätes Verschiffen"
FOOD_DISCS = (("free_rice", "rice"), ("free_wheat", "wheat"))


@bookkeeping("late_shipping_round", RULE_LATE)
def late_shipping(state: YinziState) -> list[Event]:
    local_market.open_occasion(state, state.order)
    push(state, *({"k": "late_shipping", "p": p} for p in state.order))
    return []


def food_units(state: YinziState, p: int, budget: int, other_than: str | None) -> list[dict[str, Any]]:
    """One food cube for a late-shipping pair: from a field (boat capacity), the local market or a disc."""
    coast = components.of(state).coast_distance
    out = [{"type": "late_food", "src": s["src"], "food": s["good"]}
           for s in goods.sources(state, p, set(FOODS))
           if s["good"] != other_than and coast[s["province"]] <= budget]
    if local_market.can_buy(state, p):
        out += [{"type": "late_food", "src": "market", "food": f} for f in FOODS if f not in ("rice", other_than)]
    for disc, food in FOOD_DISCS:
        if food != other_than and progress.cashable(state, p, disc):
            out.append({"type": "late_food", "src": disc, "food": food})
    return out


def _distance(state: YinziState, p: int, unit: dict[str, Any]) -> int:
    src = goods.find_source(state, p, unit["src"])
    return components.of(state).coast_distance[src["province"]] if src else 0


def _room(state: YinziState, p: int, src: str) -> int:
    """How many cubes one source can give to a pair."""
    if src == "market":
        two = exchange.can_pay_copper(state, p, 2 * local_market.price(state, "buy"))
        return min(sum(state.local_market), 2 if two else 1)
    if src in ("free_rice", "free_wheat"):
        return 1
    return goods.count_at(state, p, src)


def first_foods(state: YinziState, p: int, budget: int) -> list[dict[str, Any]]:
    """First cubes of a pair that leave a different second food within the boat capacity."""
    units = food_units(state, p, budget, None)
    dist = [_distance(state, p, u) for u in units]
    return [
        u
        for i, u in enumerate(units)
        if any(
            v["food"] != u["food"] and dist[i] + dist[j] <= budget
            and (v["src"] != u["src"] or _room(state, p, u["src"]) >= 2)
            for j, v in enumerate(units)
        )
    ]


def _budget(state: YinziState, frame: Frame) -> int:
    return boats.capacity(state, frame["p"]) - frame.get("transport", 0)


def _slots(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    opts: list[dict[str, Any]] = [{"type": "late_pass"}]
    if first_foods(state, frame["p"], _budget(state, frame)):
        opts += [{"type": "late_slot", "row": r, "slot": j} for r, j, _ in free_slots(state)]
    return opts


@decision("late_shipping", RULE_LATE, _slots)
def _choose_slot(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    frame = local_market.first_answer(state, frame)
    if action["type"] == "late_slot":
        push(state, {**frame, "k": "late_food", "slot": [action["row"], action["slot"]], "transport": 0,
                     "first": None, "items": [], "undo": undo.snapshot(state)})
    return []


def _foods(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    budget = _budget(state, frame)
    if frame["first"] is None:
        opts = first_foods(state, frame["p"], budget)
    else:
        opts = food_units(state, frame["p"], budget, frame["first"])
    opts = opts or [{"type": "late_abort"}]
    if progress.cashable(state, frame["p"], "virtual_capacity"):
        opts.append({"type": "cash_capacity"})
    return opts


@decision("late_food", RULE_LATE, _foods, lambda state, frame: {"first": frame["first"]})
def _food(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    frame = local_market.first_answer(state, frame)
    p, kind = frame["p"], action["type"]
    if kind == "cash_capacity":
        kept, events = boats.virtual_capacity(state, p, frame)
        again(state, kept)
        return events
    if kind == "late_abort":  # could not complete the pair: the table goes back exactly as it was
        undo.restore(state, frame["undo"])
        return [STEPS.event("late_aborted", {"player": p})]
    item, transport, events = _load(state, p, action["src"])
    items = [*frame["items"], {**item, "src": action["src"]}]
    if frame["first"] is None:
        again(state, frame, first=action["food"], items=items, transport=frame["transport"] + transport)
        row, j = frame["slot"]  # the first food is taken now: the table is told so at this step
        return [*events, STEPS.event("late_food_chosen", {"player": p, "src": action["src"], "food": action["food"],
                                                          "row": row + 1, "slot": j + 1})]
    return events + _shipped(state, p, frame["slot"], items, [frame["first"], action["food"]])


def _load(state: YinziState, p: int, src: str) -> tuple[dict[str, Any], int, list[Event]]:
    """One food cube for the pair from its source; returns the item, the boat capacity it used, the events."""
    if src == "market":
        owner, events = local_market.buy(state, p)  # the cube's colour goes home after sailing; p delivered it
        by = {"by": p} if editions.EDITIONS.has(state, "ambassador_follows_delivery") else {}
        return {"kind": "cube", "owner": owner, **by}, 0, events
    if src in ("free_rice", "free_wheat"):
        return {"kind": "virtual", "owner": p}, 0, [progress.cash(state, p, src)]
    prov, _ = goods.take_cube(state, p, src)
    return {"kind": "cube", "owner": p}, components.of(state).coast_distance[prov], []


def _shipped(state: YinziState, p: int, slot: list[int], items: list[dict[str, Any]],
             foods: list[str]) -> list[Event]:
    row, j = slot
    cubes = [{k: v for k, v in it.items() if k != "src"} for it in items if it["kind"] == "cube"]
    state.coast[row]["slots"][j]["items"] = cubes or [{"kind": "virtual", "owner": p}]
    exchange.gain_silver(state, p, 1)
    state.players[p].delivered["ships"] += 1
    events = [STEPS.event("late_shipped", {"player": p, "foods": foods, "silver": 1, "row": row + 1, "slot": j + 1,
                                           "srcs": [it["src"] for it in items]})]
    follow: list[Frame] = []
    events += sail_if_full(state, row, follow)
    push(state, *follow)
    return events
