"""Infrastructure: delivering wares, cubes or an ambassador to a tile's demand, one item at a time
(5B II Krieg & Infrastruktur), and execution step 5D III Infrastruktur.

No boat capacity is needed. A tile in the rows is fulfilled completely in one go and claimed at step III;
a personal tile (road building, the progress disc) may be fulfilled in part, its items wait on it, and it
is won as soon as it is complete.
"""

from __future__ import annotations

from typing import Any

from companion.core import Event, copies
from companion.core.steps import Frame, Stack, push

from . import components, editions, exchange, goods, local_market, progress, undo
from .draws import draw_frame
from .state import YinziState
from .steps import STEPS, again, bookkeeping, decision

RULE = "5B II Krieg & Infrastruktur: Nachfrage der Infrastrukturplättchen"
RULE_STEP = "5D III Infrastruktur"
MARKET_OK = {"d3", "d4"}  # the demands whose food may come from the local market
DISC_GOODS = {"free_rice": "rice", "free_wheat": "wheat", "free_salt": "salt"}  # economy/emperor/war discs
IN_PART = "personal_in_part"


def on_tile(state: YinziState, params: dict[str, Any], *names: str) -> dict[str, Any]:
    """Event parameters that come from a tile's demand rest on which tile has which demand (infra.tiles)."""
    return components.tagged(state, params, **dict.fromkeys(names, components.TILES))


def demand_of(state: YinziState, tile: int) -> tuple[str, dict[str, Any]]:
    box = components.of(state)
    d = box.infra.tiles[tile]["demand"]
    return d, box.infra.demands[d]


def needs_of(state: YinziState, tile: int) -> list[str]:
    return list(demand_of(state, tile)[1]["needs"])


def _allowed(what: str) -> set[str] | None:
    return None if what == "any" else set(what.split("|"))


def _wares(state: YinziState, p: int, what: str, market: bool) -> list[dict[str, Any]]:
    allowed = _allowed(what)
    return [{"type": "give", "ware": i} for i in goods.wares_in_factories(state, p)
            if allowed is None or state.factories[i]["ware"] in allowed]


def _cubes(state: YinziState, p: int, what: str, market: bool) -> list[dict[str, Any]]:
    allowed = _allowed(what)
    opts: list[dict[str, Any]] = [{"type": "give", "src": s["src"]} for s in goods.sources(state, p, allowed)]
    if market and allowed and allowed & {"cabbage", "fruit"}:
        opts.append({"type": "give", "src": "market"})
    return opts + [{"type": "give", "src": d} for d in _discs(state, p, allowed)]


def _pair(state: YinziState, p: int, what: str, market: bool) -> list[dict[str, Any]]:
    rice = [s["src"] for s in goods.sources(state, p, {"rice"})] + _discs(state, p, {"rice"})
    other = [s["src"] for s in goods.sources(state, p, {"wheat", "fruit"})] + (["market"] if market else [])
    other += _discs(state, p, {"wheat"})
    return [{"type": "give", "pair": [a, b]} for a in rice for b in other]


def _ambassador(state: YinziState, p: int, what: str, market: bool) -> list[dict[str, Any]]:
    fields = components.of(state).progress.fields["diplomacy"]
    return [{"type": "give", "disc": f} for f in fields if progress.cashable(state, p, f)]


NEEDS = {"ware": _wares, "cube": _cubes, "pair": _pair, "ambassador": _ambassador}  # by the need's kind


def need_options(state: YinziState, p: int, need: str, demand: str) -> list[dict[str, Any]]:
    kind, _, what = need.partition(":")
    market = demand in MARKET_OK and local_market.can_buy(state, p)
    return NEEDS[kind](state, p, what, market) if kind in NEEDS else []


def _discs(state: YinziState, p: int, allowed: set[str] | None) -> list[str]:
    """Progress discs that give a virtual cube of an allowed sort (no boat capacity needed anyway)."""
    return [d for d, good in DISC_GOODS.items()
            if (allowed is None or good in allowed) and progress.cashable(state, p, d)]


def feasible(state: YinziState, p: int, needs: list[str], demand: str = "") -> bool:
    """Can every need be met one after another? A search on scratch copies, so a delivery once started
    can always be completed (the abort is only a safety net)."""
    if not needs:
        return True
    return any(len(needs) == 1 or after(state, p, opt, needs[1:], demand)
               for opt in need_options(state, p, needs[0], demand))


def after(state: YinziState, p: int, opt: dict[str, Any], rest: list[str], demand: str) -> bool:
    """Could the remaining needs still be met after giving `opt`?"""
    if not rest:
        return True
    scratch = copies.copy(state)
    scratch.stack = Stack()
    give(scratch, p, opt, [])
    return feasible(scratch, p, rest, demand)


def give(state: YinziState, p: int, action: dict[str, Any], items: list[dict[str, Any]]) -> list[Event]:
    """Hand one item to the tile (a ware, a cube or a pair, an ambassador); returns the events."""
    given = {k: v for k, v in action.items() if k != "type"}
    given["load"] = next(iter(given.values()))  # what goes onto the tile, in the table's words at the edge
    if "ware" in action:
        state.factories[action["ware"]]["wares"].remove(p)
        items.append({"kind": "ware", "owner": p})
        return [STEPS.event("tile_item", {"player": p, **given})]
    if "disc" in action:
        del state.progress[action["disc"]]
        items.append({"kind": "disc", "owner": p})
        return [STEPS.event("tile_item", {"player": p, **given})]
    events: list[Event] = []
    for src in action.get("pair") or [action["src"]]:
        if src in DISC_GOODS:
            events.append(progress.cash(state, p, src))
            items.append({"kind": "virtual", "owner": p})
        elif src == "market":
            owner, bought = local_market.buy(state, p)
            events += bought
            items.append({"kind": "cube", "owner": owner})
        else:
            goods.take_cube(state, p, src)
            items.append({"kind": "cube", "owner": p})
        events.append(STEPS.event("tile_item", {"player": p, "src": src, "load": src}))
    return events


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


def start_fill(state: YinziState, p: int, target: dict[str, Any], tile: int) -> None:
    """Start delivering to `tile` (a row's face-up tile or a personal one); the table can go back exactly."""
    frame = {"k": "fill", "p": p, "target": target, "tile": tile, "needs": needs_of(state, tile), "items": []}
    push(state, {**frame, "undo": undo.snapshot(state)})


def _fill_options(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    demand, _ = demand_of(state, frame["tile"])
    rest = frame["needs"][1:]
    opts = [o for o in need_options(state, frame["p"], frame["needs"][0], demand)
            if after(state, frame["p"], o, rest, demand)]
    return opts or [{"type": "abort"}]


def _fill_params(state: YinziState, frame: Frame) -> dict[str, Any]:
    return on_tile(state, {"need": frame["needs"][0], "demand": demand_of(state, frame["tile"])[0]}, "need", "demand")


@decision("fill", RULE, _fill_options, _fill_params, decision_kind="yinzi.infra_deliver")
def _fill(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    p = frame["p"]
    if action["type"] == "abort":  # could not complete: the table goes back exactly as it was
        undo.restore(state, frame["undo"])
        return [STEPS.event("infra_aborted", {"player": p})]
    items = list(frame["items"])
    events = give(state, p, action, items)
    if len(frame["needs"]) > 1:
        again(state, frame, needs=frame["needs"][1:], items=items)
        return events
    return events + _fulfilled(state, p, frame["tile"], frame["target"], items)


def _fulfilled(state: YinziState, p: int, tile: int, target: dict[str, Any],
               items: list[dict[str, Any]]) -> list[Event]:
    demand, spec = demand_of(state, tile)
    exchange.gain_copper(state, p, int(spec["copper"]))
    exchange.gain_silver(state, p, int(spec["silver"]))
    state.players[p].delivered["infra"] += 1
    paid = {"player": p, "demand": demand, "copper": spec["copper"], "silver": spec["silver"], "tile": tile, **target}
    events = [STEPS.event("infra_fulfilled", on_tile(state, paid, "demand", "copper", "silver"))]
    if "row" in target:
        row = state.infra_rows[target["row"]]
        row["by"], row["items"] = p, items
        return events
    pl = state.players[p]
    pl.personal_infra = [t for t in pl.personal_infra if t["tile"] != tile]
    discs = return_items(state, items)
    pl.infra_won.append({"tile": tile, "demand": demand, "vp": int(spec["vp"]), "discs": discs})
    won = {"player": p, "demand": demand, "vp": spec["vp"]}
    return [*events, STEPS.event("infra_won", on_tile(state, won, "demand", "vp"))]


# -- 5D III: tiles claimed, discarded and turned up; personal tiles fulfilled -------------------------
def claim_rows(state: YinziState) -> list[Event]:
    """Fulfilled tiles go to their players, the rest to the discard stack."""
    events = []
    for r, row in enumerate(state.infra_rows):
        if row["top"] is None:
            continue
        if row["by"] is not None:
            demand, spec = demand_of(state, row["top"])
            discs = return_items(state, row["items"])
            state.players[row["by"]].infra_won.append(
                {"tile": row["top"], "demand": demand, "vp": int(spec["vp"]), "discs": discs}
            )
            won = {"player": row["by"], "demand": demand, "vp": spec["vp"]}
            events.append(STEPS.event("infra_won", on_tile(state, won, "demand", "vp")))
        else:
            state.discard_known.append(row["top"])
            events.append(STEPS.event("infra_discarded", {"row": r + 1}))
        row["top"], row["by"], row["items"] = None, None, []
    return events


@bookkeeping("infrastructure", RULE_STEP)
def infrastructure(state: YinziState) -> list[Event]:
    events = claim_rows(state)
    frames = []
    pool = len(state.infra_pool) - state.discard_hidden  # the face-down discard stack is never revealed
    for r, row in enumerate(state.infra_rows):
        if row["hidden"] > 0 and pool > 0:
            frames.append(draw_frame("infra", row=r))
            pool -= 1
    push(state, *frames)
    return events


@bookkeeping("infrastructure_personal", RULE_STEP)
def personal_tiles(state: YinziState) -> list[Event]:
    players = [p for p in state.order if state.players[p].personal_infra]
    local_market.open_occasion(state, players)
    push(state, *({"k": "personal", "p": p} for p in players))
    return []


# -- personal tiles: fulfilled whole or in part (5D III "ganz oder in Teilen"; 7) ----------------------
def open_needs(state: YinziState, entry: dict[str, Any]) -> list[str]:
    """What a personal tile still wants: its needs but those met ("met", by position); what was given
    stays on the tile ("items")."""
    met = entry.get("met", [])
    return [need for i, need in enumerate(needs_of(state, entry["tile"])) if i not in met]


def part_options(state: YinziState, p: int, entry: dict[str, Any]) -> list[dict[str, Any]]:
    """The items player p could give now towards any open need of a personal tile."""
    demand = demand_of(state, entry["tile"])[0]
    opts: list[dict[str, Any]] = []
    for need in dict.fromkeys(open_needs(state, entry)):
        opts += [o for o in need_options(state, p, need, demand) if o not in opts]
    return opts


def personal_options(state: YinziState, p: int) -> list[dict[str, Any]]:
    if not editions.EDITIONS.has(state, IN_PART):  # edition 1: a personal tile only as a whole
        return [{"type": "fulfil_personal", "tile": t["tile"]} for t in state.players[p].personal_infra
                if feasible(state, p, needs_of(state, t["tile"]), demand_of(state, t["tile"])[0])]
    return [{"type": "fulfil_personal", "tile": t["tile"]}
            for t in state.players[p].personal_infra if part_options(state, p, t)]


def start_part(state: YinziState, p: int, tile: int) -> None:
    """Start giving items to one of player p's personal tiles."""
    if not editions.EDITIONS.has(state, IN_PART):
        start_fill(state, p, {"personal": True}, tile)
        return
    push(state, {"k": "fill_part", "p": p, "tile": tile})


def personal_entry(state: YinziState, p: int, tile: int) -> dict[str, Any]:
    return next(t for t in state.players[p].personal_infra if t["tile"] == tile)


@decision("personal", RULE_STEP, lambda state, frame: [*personal_options(state, frame["p"]), {"type": "done"}],
          decision_kind="yinzi.personal_infra")
def _personal(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    if action["type"] != "done":
        again(state, frame)
        start_part(state, frame["p"], action["tile"])
    return []


def _part_options(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    return [*part_options(state, frame["p"], personal_entry(state, frame["p"], frame["tile"])), {"type": "stop"}]


def _part_params(state: YinziState, frame: Frame) -> dict[str, Any]:
    entry = personal_entry(state, frame["p"], frame["tile"])
    return on_tile(state, {"need": open_needs(state, entry), "demand": demand_of(state, frame["tile"])[0]},
                   "need", "demand")


@decision("fill_part", RULE_STEP, _part_options, _part_params, decision_kind="yinzi.infra_deliver")
def _fill_part(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    """One item onto a personal tile; the player may stop at any time, what was given stays on the tile."""
    p, tile = frame["p"], frame["tile"]
    entry = personal_entry(state, p, tile)
    if action["type"] == "stop":
        left = {"player": p, "tile": tile, "need": open_needs(state, entry)}
        return [STEPS.event("infra_in_part", on_tile(state, left, "need"))]
    demand, met = demand_of(state, tile)[0], entry.get("met", [])
    needs = needs_of(state, tile)
    i = next(i for i, need in enumerate(needs) if i not in met and action in need_options(state, p, need, demand))
    items = list(entry.get("items", []))
    events = give(state, p, action, items)
    entry["met"], entry["items"] = sorted([*met, i]), items
    if len(entry["met"]) < len(needs):
        again(state, frame)
        return events
    return events + _fulfilled(state, p, tile, {"personal": True}, items)
