"""The five fate actions, executed up to the card's fate value (+1 with the taxation disc)."""

from __future__ import annotations

from typing import Any

from companion.core import Event

from . import board, ledger
from .box import Box
from .draws import can_draw, draw_frame
from .frames import Ask, handler, pop, push, rule
from .state import CITY_GOODS, YinziState

RULES = {
    "build_boats": rule("5B Boote bauen"),
    "plant": rule("5B Pflanzen anbauen"),
    "city_market": rule("5B Auf dem städtischen Markt verkaufen"),
    "upgrade_factories": rule("5B Fabriken ausbauen"),
    "progress": rule("5B Fortschritte wählen"),
}


def coin_taken(state: YinziState, market: str, good: str) -> bool:
    return any(coin == good for _, coin in state.markets[market]["raw"])


def city_sale_options(state: YinziState, box: Box, p: int, budget: int) -> list[dict[str, Any]]:
    tiles = box.v("city_markets.tiles")
    opts = []
    for s in ledger.sources(state, p, CITY_GOODS):
        for market in box.provinces:
            tile = tiles[state.markets[market]["tile"]]
            if s["good"] not in tile["goods"] or box.distance[(s["province"], market)] > budget:
                continue
            opts.append({"type": "sell_city", "src": s["src"], "market": market, "coin": False})
            if s["good"] in tile["coin"] and not coin_taken(state, market, s["good"]):
                opts.append({"type": "sell_city", "src": s["src"], "market": market, "coin": True})
    return opts


def _options(state: YinziState, box: Box, frame: dict[str, Any]) -> list[dict[str, Any]]:
    p, action = frame["p"], frame["action"]
    pl = state.players[p]
    opts: list[dict[str, Any]] = []
    if action == "build_boats" and pl.boat < len(box.boat_capacity):
        if pl.wood > 0:
            opts.append({"type": "build_boat", "pay": "wood"})
        if board.cashable(state, p, "free_wood"):
            opts.append({"type": "build_boat", "pay": "free_wood"})
    elif action == "plant":
        printed = box.v("map.printed_crops") if frame["left"] > 0 else {}
        for prov in printed:
            for good in printed[prov]:
                if pl.cubes >= (2 if good == "rice" else 1):
                    opts.append({"type": "plant", "province": prov, "good": good})
        if pl.cubes >= 1 and frame["left"] > 0:
            opts += [
                {"type": "plant_tile", "tile": i}
                for i, t in enumerate(state.tiles)
                if t["owner"] is None and t["cubes"] == 0
            ]
        if not frame["bought"] and pl.cubes >= 2:
            for slot, crop in enumerate(state.crop_track):
                if crop and ledger.can_pay_copper(state, box, p, box.crop_costs[slot]):
                    opts += [{"type": "buy_crop", "slot": slot, "province": prov} for prov in box.provinces]
    elif action == "city_market" and frame["left"] > 0:
        opts = city_sale_options(state, box, p, board.capacity(state, box, p) - frame["transport"])
        if board.cashable(state, p, "virtual_capacity"):
            opts.append({"type": "cash_capacity"})
    elif action == "upgrade_factories" and pl.discs > 0:
        pay = [x for x in ("stone", "free_stone") if (pl.stone > 0 if x == "stone" else board.cashable(state, p, x))]
        for kind in sorted(set(state.factory_display)):
            for prov in box.provinces:
                opts += [{"type": "build_factory", "factory": kind, "province": prov, "pay": x} for x in pay]
        for i in board.upgradeable(state, p):
            if ledger.can_pay_copper(state, box, p, board.upgrade_cost(box, state.factories[i])):
                opts.append({"type": "upgrade", "factory": i})
    elif action == "progress" and pl.discs > 0:
        opts = [{"type": "progress", "field": f} for f in board.free_progress_fields(state, box, frame["areas"])]
    return opts


def _ask(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    opts = [*_options(state, box, frame), {"type": "done"}]
    return Ask(
        frame["p"], f"yinzi.fate_{frame['action']}", opts, RULES[frame["action"]], params={"left": frame["left"]}
    )


@handler("fate", _ask)
def _act(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    p = frame["p"]
    pl = state.players[p]
    kind = action["type"]
    if kind == "done":
        pop(state, frame)
        return [Event("yinzi.action_done", {"player": p, "unused": frame["left"]})] if frame["left"] else []
    events: list[Event] = []
    follow: list[dict[str, Any]] = []
    if kind == "cash_capacity":
        return cash_capacity(state, p, frame)
    if kind == "build_boat":
        if action["pay"] == "wood":
            pl.wood -= 1
            state.wood_box += 1
        else:
            events.append(board.cash(state, p, "free_wood"))
        board.boat_step(state, box, p)
        events.append(
            Event("yinzi.boat_built", {"player": p, "field": pl.boat, "capacity": board.capacity(state, box, p)})
        )
    elif kind == "plant":
        n = 2 if action["good"] == "rice" else 1
        ledger.put_on_field(state, p, action["province"], action["good"], n)
        events.append(
            Event(
                "yinzi.crop_planted", {"player": p, "crop": action["good"], "province": action["province"], "cubes": n}
            )
        )
    elif kind == "plant_tile":
        tile = state.tiles[action["tile"]]
        tile["owner"], tile["cubes"] = p, 1  # a reused empty crop tile gets one cube, not two
        pl.cubes -= 1
        events.append(
            Event("yinzi.crop_planted", {"player": p, "crop": tile["good"], "province": tile["province"], "cubes": 1})
        )
    elif kind == "buy_crop":
        cost = box.crop_costs[action["slot"]]
        crop = board.take_crop_from_track(state, action["slot"])
        ledger.pay_copper(state, box, p, cost)
        events.append(Event("yinzi.crop_bought", {"player": p, "crop": crop, "cost": cost}))
        events.append(board.place_crop_tile(state, p, crop, action["province"]))
        frame["bought"] = True
        slot = len(state.crop_track) - 1
        if can_draw(state, box, "crop"):
            follow.append(draw_frame("crop", slot=slot))
        push(state, *follow)
        return events  # buying the tile is part of the action, not one of its executions
    elif kind == "sell_city":
        events += sell_city(state, box, p, action, frame)
    elif kind == "build_factory":
        if action["pay"] == "stone":
            pl.stone -= 1
            state.stone_box += 1
        else:
            events.append(board.cash(state, p, "free_stone"))
        events.append(board.build_factory(state, p, action["factory"], action["province"]))
        if can_draw(state, box, "factory"):
            follow.append(draw_frame("factory"))
    elif kind == "upgrade":
        cost = board.upgrade_cost(box, state.factories[action["factory"]])
        ledger.pay_copper(state, box, p, cost)
        events.append(board.add_disc(state, p, action["factory"]))
    elif kind == "progress":
        frame["areas"].append(board.area_of(box, action["field"]))
        events += board.place_progress(state, p, action["field"])
    frame["left"] -= 1
    if frame["left"] == 0 and (frame["action"] != "plant" or not _options(state, box, frame)):
        pop(state, frame)
    push(state, *follow)
    return events


def sell_city(state: YinziState, box: Box, p: int, action: dict[str, Any], frame: dict[str, Any]) -> list[Event]:
    src = ledger.find_source(state, p, action["src"])
    assert src is not None
    frame["transport"] += box.distance[(src["province"], action["market"])]
    ledger.take_cube(state, p, action["src"])
    prices = box.v("city_markets.price")
    copper = int(prices["base"])
    if action["coin"]:
        copper += int(prices["coin_field"])
    if state.bonus_of[p] == "better_sales":
        copper += int(prices["better_sales"])
    state.markets[action["market"]]["raw"].append([p, src["good"] if action["coin"] else ""])
    ledger.gain_copper(state, p, copper)
    state.players[p].delivered["city"] += 1
    return [Event("yinzi.sold_city", {"player": p, "good": src["good"], "market": action["market"], "copper": copper})]


def cash_capacity(state: YinziState, p: int, frame: dict[str, Any]) -> list[Event]:
    """Economy disc: one virtual boat capacity for this action (never marked on the boat track)."""
    frame["transport"] -= 1
    return [board.cash(state, p, "virtual_capacity")]
