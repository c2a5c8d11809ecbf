"""Infrastructure demands: delivering wares, cubes or an ambassador to a tile, one item at a time.

No boat capacity is needed (RULES-Y 5B Krieg & Infrastruktur). Revealed tiles are claimed at
execution step III; personal tiles (road building) are claimed as soon as they are complete.
"""

from __future__ import annotations

import pickle
from typing import Any

from companion.core import Event

from . import board, ledger, undo
from .box import Box
from .frames import Ask, handler, pop, push, rule
from .state import YinziState

RULE = rule("5B II Krieg & Infrastruktur: Nachfrage der Infrastrukturplättchen")
MARKET_OK = {"d3", "d4"}  # the demands whose food may come from the local market


def demand_of(box: Box, tile: int) -> tuple[str, dict[str, Any]]:
    d = box.v("infra.tiles")[tile]["demand"]
    return d, box.v("infra.demands")[d]


def needs_of(box: Box, tile: int) -> list[str]:
    return list(demand_of(box, tile)[1]["needs"])


def need_options(state: YinziState, box: Box, p: int, need: str, demand: str) -> list[dict[str, Any]]:
    kind, _, what = need.partition(":")
    opts: list[dict[str, Any]] = []
    market = demand in MARKET_OK and ledger.can_buy_local(state, box, p)
    if kind == "ware":
        allowed = None if what == "any" else set(what.split("|"))
        opts = [
            {"type": "give", "ware": i}
            for i in ledger.wares_in_factories(state, p)
            if allowed is None or state.factories[i]["ware"] in allowed
        ]
    elif kind == "cube":
        allowed = None if what == "any" else set(what.split("|"))
        opts = [{"type": "give", "src": s["src"]} for s in ledger.sources(state, p, allowed)]
        if market and allowed and allowed & {"cabbage", "fruit"}:
            opts.append({"type": "give", "src": "market"})
        opts += [{"type": "give", "src": d} for d in _discs(state, p, allowed)]
    elif kind == "pair":
        rice = [s["src"] for s in ledger.sources(state, p, {"rice"})] + _discs(state, p, {"rice"})
        other = [s["src"] for s in ledger.sources(state, p, {"wheat", "fruit"})] + (["market"] if market else [])
        other += _discs(state, p, {"wheat"})
        opts = [{"type": "give", "pair": [a, b]} for a in rice for b in other]
    elif kind == "ambassador":
        fields = box.v("progress.fields")["diplomacy"]
        opts = [{"type": "give", "disc": f} for f in fields if board.cashable(state, p, f)]
    return opts


DISC_GOODS = {"free_rice": "rice", "free_wheat": "wheat", "free_salt": "salt"}  # economy/emperor/war discs


def _discs(state: YinziState, p: int, allowed: set[str] | None) -> list[str]:
    """Progress discs that give a virtual cube of an allowed sort (no boat capacity needed anyway)."""
    return [d for d, good in DISC_GOODS.items() if (allowed is None or good in allowed) and board.cashable(state, p, d)]


def feasible(state: YinziState, box: Box, p: int, needs: list[str], demand: str = "") -> bool:
    """Can every need be met one after another? A search on scratch copies, so a delivery once started
    can always be completed (the abort is only a safety net)."""
    if not needs:
        return True
    for opt in need_options(state, box, p, needs[0], demand):
        if len(needs) == 1 or after(state, box, p, opt, needs[1:], demand):
            return True
    return False


def after(state: YinziState, box: Box, p: int, opt: dict[str, Any], rest: list[str], demand: str) -> bool:
    """Could the remaining needs still be met after giving `opt`?"""
    if not rest:
        return True
    scratch = pickle.loads(pickle.dumps(state))
    scratch.frames = []
    give(scratch, box, p, opt, [])
    return feasible(scratch, box, p, rest, demand)


def give(state: YinziState, box: Box, p: int, action: dict[str, Any], items: list[dict[str, Any]]) -> None:
    if "ware" in action:
        f = state.factories[action["ware"]]
        f["wares"].remove(p)
        items.append({"kind": "ware", "owner": p})
        return
    if "disc" in action:
        del state.progress[action["disc"]]
        items.append({"kind": "disc", "owner": p})
        return
    for src in action.get("pair") or [action["src"]]:
        if src in DISC_GOODS:
            board.cash(state, p, src)
            items.append({"kind": "virtual", "owner": p})
        elif src == "market":
            items.append({"kind": "cube", "owner": ledger.buy_local(state, box, p)})
        else:
            ledger.take_cube(state, p, src)
            items.append({"kind": "cube", "owner": p})


def return_items(state: YinziState, items: list[dict[str, Any]]) -> int:
    """Wares and cubes go back to their owners' supplies; ambassador discs stay on the tile."""
    discs = 0
    for it in items:
        if it["kind"] == "ware":
            state.players[it["owner"]].wares += 1
        elif it["kind"] == "cube":
            state.players[it["owner"]].cubes += 1
        elif it["kind"] == "disc":
            discs += 1
    return discs


def start_fill(state: YinziState, box: Box, p: int, target: dict[str, Any], tile: int) -> None:
    frame = {"k": "fill", "p": p, "target": target, "tile": tile, "needs": needs_of(box, tile), "items": []}
    push(state, {**frame, "undo": undo.snapshot(state)})


def _ask_fill(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    demand, _ = demand_of(box, frame["tile"])
    rest = frame["needs"][1:]
    opts = [
        o
        for o in need_options(state, box, frame["p"], frame["needs"][0], demand)
        if after(state, box, frame["p"], o, rest, demand)
    ]
    if not opts:
        opts = [{"type": "abort"}]
    return Ask(frame["p"], "yinzi.infra_deliver", opts, RULE, params={"need": frame["needs"][0], "demand": demand})


@handler("fill", _ask_fill)
def _fill(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    p = frame["p"]
    if action["type"] == "abort":  # could not complete: the table goes back exactly as it was
        pop(state, frame)
        undo.restore(state, frame["undo"])
        return [Event("yinzi.infra_aborted", {"player": p})]
    give(state, box, p, action, frame["items"])
    frame["needs"].pop(0)
    if frame["needs"]:
        return []
    pop(state, frame)
    del frame["undo"]
    demand, spec = demand_of(box, frame["tile"])
    ledger.gain_copper(state, p, int(spec["copper"]))
    ledger.gain_silver(state, p, int(spec["silver"]))
    state.players[p].delivered["infra"] += 1
    events = [
        Event(
            "yinzi.infra_fulfilled", {"player": p, "demand": demand, "copper": spec["copper"], "silver": spec["silver"]}
        )
    ]
    target = frame["target"]
    if "row" in target:
        row = state.infra_rows[target["row"]]
        row["by"], row["items"] = p, frame["items"]
    else:
        pl = state.players[p]
        pl.personal_infra = [t for t in pl.personal_infra if t["tile"] != frame["tile"]]
        discs = return_items(state, frame["items"])
        pl.infra_won.append({"tile": frame["tile"], "demand": demand, "vp": int(spec["vp"]), "discs": discs})
        events.append(Event("yinzi.infra_won", {"player": p, "demand": demand, "vp": spec["vp"]}))
    return events


def claim_rows(state: YinziState, box: Box) -> list[Event]:
    """Execution step III: fulfilled tiles go to their players, the rest to the discard stack."""
    events = []
    for r, row in enumerate(state.infra_rows):
        if row["top"] is None:
            continue
        if row["by"] is not None:
            demand, spec = demand_of(box, row["top"])
            discs = return_items(state, row["items"])
            state.players[row["by"]].infra_won.append(
                {"tile": row["top"], "demand": demand, "vp": int(spec["vp"]), "discs": discs}
            )
            events.append(Event("yinzi.infra_won", {"player": row["by"], "demand": demand, "vp": spec["vp"]}))
        else:
            state.discard_known.append(row["top"])
            events.append(Event("yinzi.infra_discarded", {"row": r + 1}))
        row["top"], row["by"], row["items"] = None, None, []
    return events


def personal_options(state: YinziState, box: Box, p: int) -> list[dict[str, Any]]:
    return [
        {"type": "fulfil_personal", "tile": t["tile"]}
        for t in state.players[p].personal_infra
        if feasible(state, box, p, needs_of(box, t["tile"]), demand_of(box, t["tile"])[0])
    ]
