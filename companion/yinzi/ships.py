"""Ships at the coast: deliveries, sailing to the foreign markets, new arrivals, late shipping."""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from companion.core import Event

from . import board, ledger, undo
from .box import Box, nation_of
from .draws import draw_frame
from .frames import Ask, handler, pop, push, rule
from .placing import new_ship
from .state import FOODS, NATION_OF_AMBASSADOR, YinziState

RULE_SHIP = rule("5B II Schiffe beliefern")
RULE_LATE = rule("5E Spätes Verschiffen")


def free_slots(state: YinziState) -> list[tuple[int, int, str]]:
    return [
        (r, j, slot["need"])
        for r, ship in enumerate(state.coast)
        if ship
        for j, slot in enumerate(ship["slots"])
        if not slot["items"]
    ]


def delivery_options(state: YinziState, box: Box, p: int, budget: int) -> list[dict[str, Any]]:
    wares = box.v("factories.wares")
    salt = [(s["src"], box.coast_distance[s["province"]]) for s in ledger.sources(state, p, {"salt"})]
    salt_count = {s: _count(state, p, s) for s, _ in salt}
    if board.cashable(state, p, "free_salt"):  # a virtual salt, no boat capacity needed
        salt.append(("free_salt", 0))
        salt_count["free_salt"] = 1
    tea = [(s["src"], box.coast_distance[s["province"]]) for s in ledger.sources(state, p, {"tea"})]
    opts = []
    for r, j, need in free_slots(state):
        if need in wares:
            for i in ledger.wares_in_factories(state, p):
                f = state.factories[i]
                if f["ware"] == need and box.coast_distance[f["province"]] <= budget:
                    opts.append({"type": "ship", "row": r, "slot": j, "ware": i})
        if need == "tea":
            opts += [{"type": "ship", "row": r, "slot": j, "tea": s} for s, d in tea if d <= budget]
        for (a, da), (b, db) in combinations_with_replacement(salt, 2):
            if (a != b or salt_count[a] >= 2) and da + db <= budget:
                opts.append({"type": "ship", "row": r, "slot": j, "salt": [a, b]})
    return opts


def _count(state: YinziState, p: int, src: str) -> int:
    kind, _, rest = src.partition("/")
    if kind == "f":
        return state.players[p].fields.get(rest, 0)
    return state.tiles[int(rest)]["cubes"]


def deliver(
    state: YinziState, box: Box, p: int, action: dict[str, Any], frame: dict[str, Any], follow: list[dict[str, Any]]
) -> list[Event]:
    slot = state.coast[action["row"]]["slots"][action["slot"]]
    if "ware" in action:
        f = state.factories[action["ware"]]
        f["wares"].remove(p)
        frame["transport"] += box.coast_distance[f["province"]]
        slot["items"] = [{"kind": "ware", "owner": p, "ware": f["ware"]}]
        what = f["ware"]
    else:
        srcs = action.get("salt") or [action["tea"]]
        for src in srcs:
            if src == "free_salt":
                board.cash(state, p, src)
                slot["items"].append({"kind": "virtual", "owner": p})
                continue
            prov, _good = ledger.take_cube(state, p, src)
            frame["transport"] += box.coast_distance[prov]
            slot["items"].append({"kind": "cube", "owner": p})
        what = "salt" if "salt" in action else "tea"
    ledger.gain_silver(state, p, 1)
    state.players[p].delivered["ships"] += 1
    events = [
        Event(
            "yinzi.ship_delivered",
            {"player": p, "what": what, "nation": state.coast[action["row"]]["nation"], "silver": 1},
        )
    ]
    return events + sail_if_full(state, box, action["row"], follow)


def sail_if_full(state: YinziState, box: Box, row: int, follow: list[dict[str, Any]]) -> list[Event]:
    ship = state.coast[row]
    if any(not s["items"] for s in ship["slots"]):
        return []
    nation = ship["nation"]
    region = box.v("ships.kinds")[nation]["region"]
    wares = [it["owner"] for s in ship["slots"] for it in s["items"] if it["kind"] == "ware"]
    there = len(state.foreign[nation])
    cap = int(box.v("foreign_markets.capacity"))
    if there + len(wares) <= cap or (len(wares) == 2 and there == 2) or (len(wares) == 3 and there in (1, 2)):
        stay = len(wares)
    else:
        stay = max(0, cap - there)
    state.foreign[nation] += wares[:stay]
    state.foreign[f"general_{region}"] += wares[stay:]
    aboard = sorted({it["owner"] for s in ship["slots"] for it in s["items"]})
    for s in ship["slots"]:
        for it in s["items"]:
            if it["kind"] == "cube":
                state.players[it["owner"]].cubes += 1  # tea, salt and food cubes go home, without VP
    events = [Event("yinzi.ship_sailed", {"nation": nation, "wares": len(wares), "general": len(wares) - stay})]
    for q in state.order or range(len(state.players)):
        field = next((f for f, n in NATION_OF_AMBASSADOR.items() if n == nation), None)
        if q in aboard and field and board.cashable(state, q, field):
            follow.append({"k": "ambassador", "p": q, "field": field, "nation": nation})
    state.coast[row] = None
    top = state.ship_rows[row]["top"]
    if top:
        state.coast[row] = new_ship(box, top)
        state.ship_rows[row]["top"] = None
        events.append(Event("yinzi.ship_arrived", {"nation": nation_of(top), "row": row + 1}))
        if box.ship_kinds[top]["region"] == "europe" and not state.europe_arrived:
            state.europe_arrived = True
            for crop, n in state.crop_reserve.items():
                state.crop_pool[crop] = state.crop_pool.get(crop, 0) + n
            state.crop_reserve = {}
            events.append(Event("yinzi.potatoes_and_grain_added", {}))
        if state.ship_rows[row]["hidden"] > 0:
            follow.append(draw_frame("ship_top", row=row))
    return events


def _ask_ambassador(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    opts = [{"type": "ambassador", "send": True}, {"type": "ambassador", "send": False}]
    return Ask(
        frame["p"],
        "yinzi.send_ambassador",
        opts,
        rule("5B Fortschritte wählen: Diplomatie"),
        params={"nation": frame["nation"]},
    )


@handler("ambassador", _ask_ambassador)
def _ambassador(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    pop(state, frame)
    if not action["send"] or state.progress.get(frame["field"]) != frame["p"]:
        return []
    del state.progress[frame["field"]]
    state.players[frame["p"]].ambassadors_abroad += 1
    return [Event("yinzi.ambassador_sent", {"player": frame["p"], "nation": frame["nation"]})]


# -- late shipping ---------------------------------------------------------------------------------
def food_units(state: YinziState, box: Box, p: int, budget: int, other_than: str | None) -> list[dict[str, Any]]:
    """One food cube for a late-shipping pair: from a field (boat capacity), the local market or a disc."""
    out = []
    for s in ledger.sources(state, p, set(FOODS)):
        if s["good"] != other_than and box.coast_distance[s["province"]] <= budget:
            out.append({"type": "late_food", "src": s["src"], "food": s["good"]})
    if ledger.can_buy_local(state, box, p):
        out += [{"type": "late_food", "src": "market", "food": f} for f in FOODS if f not in ("rice", other_than)]
    for disc, food in (("free_rice", "rice"), ("free_wheat", "wheat")):
        if food != other_than and board.cashable(state, p, disc):
            out.append({"type": "late_food", "src": disc, "food": food})
    return out


def _distance(state: YinziState, box: Box, p: int, unit: dict[str, Any]) -> int:
    src = ledger.find_source(state, p, unit["src"])
    return box.coast_distance[src["province"]] if src else 0


def first_foods(state: YinziState, box: Box, p: int, budget: int) -> list[dict[str, Any]]:
    """First cubes of a pair that leave a different second food within the boat capacity."""
    units = food_units(state, box, p, budget, None)
    dist = [_distance(state, box, p, u) for u in units]

    def room(src: str) -> int:  # how many cubes one source can give
        if src == "market":
            two = ledger.can_pay_copper(state, box, p, 2 * int(box.v("local_market.price")["buy"]))
            return min(sum(state.local_market), 2 if two else 1)
        if src in ("free_rice", "free_wheat"):
            return 1
        return _count(state, p, src)

    return [
        u
        for i, u in enumerate(units)
        if any(
            v["food"] != u["food"] and dist[i] + dist[j] <= budget and (v["src"] != u["src"] or room(u["src"]) >= 2)
            for j, v in enumerate(units)
        )
    ]


def _ask_late(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    p = frame["p"]
    opts: list[dict[str, Any]] = [{"type": "late_pass"}]
    budget = board.capacity(state, box, p) - frame.get("transport", 0)
    if frame.get("slot") is None:
        if first_foods(state, box, p, budget):
            opts += [{"type": "late_slot", "row": r, "slot": j} for r, j, _ in free_slots(state)]
        return Ask(p, "yinzi.late_shipping", opts, RULE_LATE)
    if frame.get("first") is None:
        opts = first_foods(state, box, p, budget)
    else:
        opts = food_units(state, box, p, budget, frame["first"])
    opts = opts or [{"type": "late_abort"}]
    if board.cashable(state, p, "virtual_capacity"):
        opts.append({"type": "cash_capacity"})
    return Ask(p, "yinzi.late_food", opts, RULE_LATE, params={"first": frame.get("first")})


@handler("late", _ask_late)
def _late(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    p = frame["p"]
    kind = action["type"]
    if kind == "late_pass":
        pop(state, frame)
        return []
    if kind == "late_slot":
        frame.update(slot=[action["row"], action["slot"]], transport=0, first=None, items=[], undo=undo.snapshot(state))
        return []
    if kind == "cash_capacity":
        from .fate import cash_capacity

        return cash_capacity(state, p, frame)
    if kind == "late_abort":  # could not complete the pair: the table goes back exactly as it was
        pop(state, frame)
        undo.restore(state, frame["undo"])
        return [Event("yinzi.late_aborted", {"player": p})]
    src = action["src"]
    if src == "market":
        frame["items"].append({"kind": "cube", "owner": ledger.buy_local(state, box, p)})
    elif src in ("free_rice", "free_wheat"):
        board.cash(state, p, src)
        frame["items"].append({"kind": "virtual", "owner": p})
    else:
        prov, _ = ledger.take_cube(state, p, src)
        frame["transport"] += box.coast_distance[prov]
        frame["items"].append({"kind": "cube", "owner": p})
    if frame["first"] is None:
        frame["first"] = action["food"]
        return []
    pop(state, frame)
    row, j = frame["slot"]
    state.coast[row]["slots"][j]["items"] = [it for it in frame["items"] if it["kind"] == "cube"] or [
        {"kind": "virtual", "owner": p}
    ]
    ledger.gain_silver(state, p, 1)
    state.players[p].delivered["ships"] += 1
    events = [Event("yinzi.late_shipped", {"player": p, "foods": [frame["first"], action["food"]], "silver": 1})]
    follow: list[dict[str, Any]] = []
    events += sail_if_full(state, box, row, follow)
    push(state, *follow)
    return events
