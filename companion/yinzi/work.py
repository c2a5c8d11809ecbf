"""The worker actions: take resources, produce wares, deliver ships, war, emperor's projects."""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from companion.core import Event

from . import board, infra, ledger, ships
from .box import Box
from .frames import Ask, handler, pop, push, rule
from .state import YinziState
from .turn import MAX_WORKERS, release_unused

RULES = {
    "resources": rule("5B II Ressourcen nehmen"),
    "produce": rule("5B II Waren produzieren"),
    "ship": rule("5B II Schiffe beliefern"),
    "war": rule("5B II Krieg & Infrastruktur"),
    "emperor": rule("5B II Die Vorhaben des Kaisers"),
}


# -- producing wares ---------------------------------------------------------------------------
def raw_units(state: YinziState, box: Box, p: int, color: str, to_province: str) -> list[tuple[str, int, int]]:
    """(source, boat symbols, cubes there) for raw materials of `color` on city markets (+ the progress disc)."""
    out = []
    for market in box.provinces:
        counts: dict[str, int] = {}
        for owner, coin in state.markets[market]["raw"]:
            if state.players[owner].color == color:
                counts[coin] = counts.get(coin, 0) + 1
        for coin in sorted(counts):
            out.append((f"m/{market}/{coin}", box.distance[(market, to_province)], counts[coin]))
    if board.cashable(state, p, "free_raw"):
        out.append(("free_raw", 0, 1))
    return out


def production_options(state: YinziState, box: Box, frame: dict[str, Any]) -> list[dict[str, Any]]:
    p, left = frame["p"], frame["left"]
    pl = state.players[p]
    budget = board.capacity(state, box, p) - frame["transport"]
    opts = []
    for i, f in enumerate(state.factories):
        if f["level"] < 1 or f["owner"] is None or i in frame["used_f"] or len(f["wares"]) >= f["level"]:
            continue
        own = f["owner"] == p
        if own:
            workers = 2 if f["level"] == 1 else 1
        elif f["level"] == 2:
            workers = 2
            if not ledger.can_pay_copper(state, box, p, 3):
                continue
        elif f["level"] == 3:
            workers = 1
            if not ledger.can_pay_silver(state, box, p, 1):
                continue
        else:
            continue  # nobody outsources to a level-I factory
        if workers > left or pl.wares < 1:
            continue
        units = raw_units(state, box, p, f["color"], f["province"])
        for src, dist, _ in units:
            if dist <= budget:
                opts.append({"type": "produce", "factory": i, "raw": [src]})
        if own and f["level"] == 3 and not f["wares"] and pl.wares >= 2:
            for a, b in combinations_with_replacement(units, 2):
                if a[0] == b[0] and a[2] < 2:
                    continue
                if a[1] + b[1] <= budget:
                    opts.append({"type": "produce", "factory": i, "raw": [a[0], b[0]]})
    return opts


def produce(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    p = frame["p"]
    f = state.factories[action["factory"]]
    own = f["owner"] == p
    events = []
    workers = (2 if f["level"] == 1 else 1) if own else (2 if f["level"] == 2 else 1)
    if not own and f["level"] == 2:
        ledger.pay_copper(state, box, p, 3, to=f["owner"])
        events.append(Event("yinzi.outsourcing_paid", {"player": p, "owner": f["owner"], "copper": 3}))
    elif not own:
        ledger.pay_silver(state, box, p, 1, to=f["owner"])
        events.append(Event("yinzi.outsourcing_paid", {"player": p, "owner": f["owner"], "silver": 1}))
    for src in action["raw"]:
        if src == "free_raw":
            events.append(board.cash(state, p, "free_raw"))
            continue
        _, market, coin = src.split("/")
        raw = state.markets[market]["raw"]
        k = next(j for j, (owner, c) in enumerate(raw) if c == coin and state.players[owner].color == f["color"])
        owner, _ = raw.pop(k)
        ledger.return_cube(state, owner)  # a used raw material goes back to its colour's supply
        frame["transport"] += box.distance[(market, f["province"])]
    for _ in action["raw"]:
        f["wares"].append(p)
        state.players[p].wares -= 1
    frame["used_f"].append(action["factory"])
    frame["left"] -= workers
    frame["used"] += workers
    events.append(
        Event(
            "yinzi.ware_produced",
            {"player": p, "factory": action["factory"], "ware": f["ware"], "count": len(action["raw"])},
        )
    )
    return events


# -- the generic worker-action frame ---------------------------------------------------------------
def exec_options(state: YinziState, box: Box, frame: dict[str, Any]) -> list[dict[str, Any]]:
    p, action, left = frame["p"], frame["action"], frame["left"]
    if left < 1:
        return []
    if action == "war":
        return [{"type": "war"}]
    if action == "emperor":
        return emperor_options(state, box, p, left)
    if action == "resources":
        if not ledger.can_pay_copper(state, box, p, 1):
            return []
        return [
            {"type": "take", "resource": r} for r, n in (("wood", state.wood_box), ("stone", state.stone_box)) if n > 0
        ]
    if action == "produce":
        return production_options(state, box, frame)
    if action == "ship":
        return ships.delivery_options(state, box, p, board.capacity(state, box, p) - frame["transport"])
    return []


def _ask_work(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    opts = exec_options(state, box, frame)
    if frame["action"] in ("produce", "ship") and board.cashable(state, frame["p"], "virtual_capacity"):
        opts.append({"type": "cash_capacity"})
    if frame["used"] > 0 or not opts:
        opts = [*opts, {"type": "done"}]
    return Ask(
        frame["p"], f"yinzi.work_{frame['action']}", opts, RULES[frame["action"]], params={"left": frame["left"]}
    )


@handler("work", _ask_work)
def _work(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    p = frame["p"]
    state.players[p]
    events: list[Event] = []
    follow: list[dict[str, Any]] = []
    if action["type"] == "done":
        return _finish(state, frame)
    if action["type"] == "cash_capacity":
        from .fate import cash_capacity

        return cash_capacity(state, p, frame)
    if action["type"] == "take":
        ledger.pay_copper(state, box, p, 1)
        from .opening import take_resource

        events += take_resource(state, p, action["resource"])
        frame["left"] -= 1
        frame["used"] += 1
    elif action["type"] == "produce":
        events += produce(state, box, frame, action)
    elif action["type"] == "ship":
        events += ships.deliver(state, box, p, action, frame, follow)
        frame["left"] -= 1
        frame["used"] += 1
    if frame["left"] == 0:
        events += _finish(state, frame)
    push(state, *follow)
    return events


def _finish(state: YinziState, frame: dict[str, Any]) -> list[Event]:
    pop(state, frame)
    p = frame["p"]
    pl = state.players[p]
    pl.boxes[frame["action"]] = pl.boxes.get(frame["action"], 0) + frame["used"]
    return release_unused(state, p, frame["left"], frame["from_lower"])


# -- emperor's projects --------------------------------------------------------------------------
def emperor_options(state: YinziState, box: Box, p: int, n: int) -> list[dict[str, Any]]:
    opts = []
    extra_ok = board.cashable(state, p, "extra_worker")
    double_ok = board.cashable(state, p, "double_occupy")
    for name, spec in box.v("emperor.boxes").items():
        taken = state.emperor[name]
        occupied = len(taken) >= int(spec["fields"])
        if occupied and not double_ok:
            continue
        need = int(spec["workers"])
        for extra in (False, True):
            if extra and (not extra_ok or n >= need):
                continue
            if n + (1 if extra else 0) >= need:
                opts.append({"type": "emperor", "box": name, "extra_worker": extra, "double": occupied})
    return opts


def _ask_emperor(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    opts = emperor_options(state, box, frame["p"], frame["n"])
    if not opts:
        opts = [{"type": "emperor", "box": None}]
    return Ask(frame["p"], "yinzi.emperor_box", opts, RULES["emperor"], params={"workers": frame["n"]})


@handler("emperor_box", _ask_emperor)
def _emperor(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    pop(state, frame)
    p = frame["p"]
    if action["box"] is None:
        return release_unused(state, p, frame["n"], frame["from_lower"])
    events = []
    if action["extra_worker"]:
        events.append(board.cash(state, p, "extra_worker"))
    if action["double"]:
        events.append(board.cash(state, p, "double_occupy"))
    need = int(box.v("emperor.boxes")[action["box"]]["workers"])
    placed = need - (1 if action["extra_worker"] else 0)
    state.emperor[action["box"]].append(p)
    pl = state.players[p]
    pl.boxes["emperor"] = pl.boxes.get("emperor", 0) + placed
    events.append(Event("yinzi.emperor_project", {"player": p, "box": action["box"], "workers": placed}))
    return events + release_unused(state, p, frame["n"] - placed, frame["from_lower"])


# -- war & infrastructure ------------------------------------------------------------------------------
def _ask_war(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    # veterans laid aside join this group and count towards its four-worker limit
    most = max(1, min(frame["n"], MAX_WORKERS - state.players[frame["p"]].veterans))
    opts = [{"type": "war", "workers": k} for k in range(1, most + 1)]
    return Ask(frame["p"], "yinzi.war_workers", opts, RULES["war"], params={"workers": frame["n"]})


@handler("war_count", _ask_war)
def _war(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    pop(state, frame)
    p, k = frame["p"], action["workers"]
    pl = state.players[p]
    joining = pl.veterans if pl.veterans_round < state.round else 0
    pl.veterans -= joining
    state.war_box.append([p, k + joining])  # the leftmost unoccupied field; veterans laid aside join it
    events = [Event("yinzi.war_placed", {"player": p, "workers": k, "field": len(state.war_box)})]
    events += release_unused(state, p, frame["n"] - k, frame["from_lower"])
    push(state, {"k": "war_infra", "p": p})
    return events


def _ask_war_infra(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    p = frame["p"]
    opts = [
        {"type": "fulfil", "row": r}
        for r, row in enumerate(state.infra_rows)
        if row["top"] is not None
        and row["by"] is None
        and infra.feasible(state, box, p, infra.needs_of(box, row["top"]), infra.demand_of(box, row["top"])[0])
    ]
    return Ask(p, "yinzi.war_infra", [*opts, {"type": "skip"}], RULES["war"])


@handler("war_infra", _ask_war_infra)
def _war_infra(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    pop(state, frame)
    if action["type"] == "skip":
        return []
    row = state.infra_rows[action["row"]]
    infra.start_fill(state, box, frame["p"], {"row": action["row"]}, row["top"])
    return []
