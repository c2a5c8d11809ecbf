"""5B II Schiffe beliefern: deliveries to the ships at the coast, sailing to the foreign markets,
new arrivals from the ship stacks, and ambassadors travelling along."""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from companion.core import Event
from companion.core.steps import Frame

from . import components, exchange, goods, progress
from .components import nation_of
from .draws import draw_frame, new_ship
from .state import NATION_OF_AMBASSADOR, YinziState
from .steps import STEPS, decision


def free_slots(state: YinziState) -> list[tuple[int, int, str]]:
    return [
        (r, j, slot["need"])
        for r, ship in enumerate(state.coast)
        if ship
        for j, slot in enumerate(ship["slots"])
        if not slot["items"]
    ]


def _salt(state: YinziState, p: int) -> tuple[list[tuple[str, int]], dict[str, int]]:
    coast = components.of(state).coast_distance
    salt = [(s["src"], coast[s["province"]]) for s in goods.sources(state, p, {"salt"})]
    count = {s: goods.count_at(state, p, s) for s, _ in salt}
    if progress.cashable(state, p, "free_salt"):  # a virtual salt, no boat capacity needed
        salt.append(("free_salt", 0))
        count["free_salt"] = 1
    return salt, count


def delivery_options(state: YinziState, p: int, budget: int) -> list[dict[str, Any]]:
    box = components.of(state)
    wares = box.factories.wares
    salt, salt_count = _salt(state, p)
    tea = [(s["src"], box.coast_distance[s["province"]]) for s in goods.sources(state, p, {"tea"})]
    opts = []
    for r, j, need in free_slots(state):
        if need in wares:
            for i in goods.wares_in_factories(state, p):
                f = state.factories[i]
                if f["ware"] == need and box.coast_distance[f["province"]] <= budget:
                    opts.append({"type": "ship", "row": r, "slot": j, "ware": i})
        if need == "tea":
            opts += [{"type": "ship", "row": r, "slot": j, "tea": s} for s, d in tea if d <= budget]
        for (a, da), (b, db) in combinations_with_replacement(salt, 2):
            if (a != b or salt_count[a] >= 2) and da + db <= budget:
                opts.append({"type": "ship", "row": r, "slot": j, "salt": [a, b]})
    return opts


def deliver(state: YinziState, p: int, action: dict[str, Any], follow: list[Frame]) -> tuple[int, list[Event]]:
    """Deliver a ware, a tea cube or a pair of salt; returns the boat capacity used and the events."""
    coast = components.of(state).coast_distance
    slot = state.coast[action["row"]]["slots"][action["slot"]]
    transport = 0
    load: Any = action.get("ware")
    if "ware" in action:
        f = state.factories[action["ware"]]
        f["wares"].remove(p)
        transport += coast[f["province"]]
        slot["items"] = [{"kind": "ware", "owner": p, "ware": f["ware"]}]
        what = f["ware"]
    else:
        for src in action.get("salt") or [action["tea"]]:
            if src == "free_salt":
                progress.cash(state, p, src)
                slot["items"].append({"kind": "virtual", "owner": p})
                continue
            prov, _good = goods.take_cube(state, p, src)
            transport += coast[prov]
            slot["items"].append({"kind": "cube", "owner": p})
        what = "salt" if "salt" in action else "tea"
        load = action.get("salt") or [action["tea"]]
    exchange.gain_silver(state, p, 1)
    state.players[p].delivered["ships"] += 1
    nation = state.coast[action["row"]]["nation"]
    events = [STEPS.event("ship_delivered", {"player": p, "what": what, "nation": nation, "silver": 1,
                                             "row": action["row"] + 1, "slot": action["slot"] + 1, "load": load})]
    return transport, events + sail_if_full(state, action["row"], follow)


def _stay(there: int, wares: int, cap: int) -> int:
    """How many of a ship's wares fit on its nation's market field (the rest go to the general field)."""
    if there + wares <= cap or (wares == 2 and there == 2) or (wares == 3 and there in (1, 2)):
        return wares
    return max(0, cap - there)


def sail_if_full(state: YinziState, row: int, follow: list[Frame]) -> list[Event]:
    ship = state.coast[row]
    if any(not s["items"] for s in ship["slots"]):
        return []
    box = components.of(state)
    nation = ship["nation"]
    region = box.ships.kinds[nation]["region"]
    wares = [it["owner"] for s in ship["slots"] for it in s["items"] if it["kind"] == "ware"]
    stay = _stay(len(state.foreign[nation]), len(wares), int(box.foreign_markets.capacity))
    state.foreign[nation] += wares[:stay]
    state.foreign[f"general_{region}"] += wares[stay:]
    # an ambassador follows the goods its player delivered (RULES-Y 5B Diplomatie), whatever their colour
    aboard = sorted({it.get("by", it["owner"]) for s in ship["slots"] for it in s["items"]})
    for s in ship["slots"]:
        for it in s["items"]:
            if it["kind"] == "cube":
                state.players[it["owner"]].cubes += 1  # tea, salt and food cubes go home, without VP
    events = [STEPS.event("ship_sailed", {"nation": nation, "wares": len(wares), "general": len(wares) - stay})]
    field = next((f for f, n in NATION_OF_AMBASSADOR.items() if n == nation), None)
    for q in state.order or range(len(state.players)):
        if q in aboard and field and progress.cashable(state, q, field):
            follow.append({"k": "ambassador", "p": q, "field": field, "nation": nation})
    state.coast[row] = None
    return events + _next_ship(state, row, follow)


def _next_ship(state: YinziState, row: int, follow: list[Frame]) -> list[Event]:
    """The top ship of the row's stack comes to the coast; the first European one brings potatoes
    and grain into the crop supply (RULES-Y 3 D)."""
    top = state.ship_rows[row]["top"]
    if not top:
        return []
    state.coast[row] = new_ship(state, top)
    state.ship_rows[row]["top"] = None
    events = [STEPS.event("ship_arrived", {"nation": nation_of(top), "row": row + 1})]
    if components.of(state).ship_kinds[top]["region"] == "europe" and not state.europe_arrived:
        state.europe_arrived = True
        for crop, n in state.crop_reserve.items():
            state.crop_pool[crop] = state.crop_pool.get(crop, 0) + n
        state.crop_reserve = {}
        events.append(STEPS.event("potatoes_and_grain_added", {}))
    if state.ship_rows[row]["hidden"] > 0:
        follow.append(draw_frame("ship_top", row=row))
    return events


@decision("ambassador", "5B Fortschritte wählen: Diplomatie",
          lambda state, frame: [{"type": "ambassador", "send": True}, {"type": "ambassador", "send": False}],
          lambda state, frame: {"nation": frame["nation"]}, decision_kind="yinzi.send_ambassador")
def _ambassador(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    if not action["send"] or state.progress.get(frame["field"]) != frame["p"]:
        return []
    del state.progress[frame["field"]]
    state.players[frame["p"]].ambassadors_abroad += 1
    return [STEPS.event("ambassador_sent", {"player": frame["p"], "nation": frame["nation"]})]
