"""5B I Schicksalsaktionen: the five fate actions, each executed up to the card's fate value (+1 with
the taxation disc). One step kind per action ("fate_<action>"), answered once per execution until
the player is done; one function per kind of answer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.core import Event
from companion.core.steps import Frame, push

from . import boats, components, crops, editions, exchange, factories, goods, progress
from .draws import can_draw, draw_frame
from .state import CITY_GOODS, FATE_ACTIONS, YinziState
from .steps import STEPS, again, decision

RULES = {
    "build_boats": "5B Boote bauen",
    "plant": "5B Pflanzen anbauen",
    "city_market": "5B Auf dem städtischen Markt verkaufen",
    "upgrade_factories": "5B Fabriken ausbauen",
    "progress": "5B Fortschritte wählen",
}
RICE_CUBES = 2  # RULES-Y 5B Pflanzen anbauen: a rice field takes two cubes, every other field one


def fate_frame(p: int, action: str, left: int, **extra: Any) -> Frame:
    return {"k": f"fate_{action}", "p": p, "left": left, "transport": 0, "bought": False, "areas": [], **extra}


def action_of(frame: Frame) -> str:
    return frame["k"].removeprefix("fate_")


# -- what each action offers ------------------------------------------------------------------------
def _boat_options(state: YinziState, p: int, frame: Frame) -> list[dict[str, Any]]:
    pl = state.players[p]
    if pl.boat >= len(components.of(state).boat_capacity):
        return []
    opts = [{"type": "build_boat", "pay": "wood"}] if pl.wood > 0 else []
    if progress.cashable(state, p, "free_wood"):
        opts.append({"type": "build_boat", "pay": "free_wood"})
    return opts


def cubes_per_field(good: str) -> int:
    return RICE_CUBES if good == "rice" else 1


def _field_options(state: YinziState, p: int, frame: Frame) -> list[dict[str, Any]]:
    """Printed fields: one option per field (edition 2), or per crop and province with how many fields of it
    are planted at once, 1 up to the executions left and the cubes in the supply (edition 3)."""
    cubes, left = state.players[p].cubes, frame["left"]
    printed = components.of(state).map.printed_crops
    if not editions.EDITIONS.has(state, "plant_fields_at_once"):
        return [{"type": "plant", "province": prov, "good": good}
                for prov in printed for good in printed[prov] if cubes >= cubes_per_field(good)]
    return [{"type": "plant", "province": prov, "good": good, "fields": n}
            for prov in printed for good in printed[prov]
            for n in range(1, min(left, cubes // cubes_per_field(good)) + 1)]


def _plant_options(state: YinziState, p: int, frame: Frame) -> list[dict[str, Any]]:
    box = components.of(state)
    cubes = state.players[p].cubes
    opts: list[dict[str, Any]] = []
    if frame["left"] > 0:
        opts += _field_options(state, p, frame)
        if cubes >= 1:
            opts += [{"type": "plant_tile", "tile": i} for i, t in enumerate(state.tiles)
                     if t["owner"] is None and t["cubes"] == 0 and crops.on_board(t)]
    if not frame["bought"] and cubes >= crops.CUBES_ON_NEW_TILE:
        for slot, crop in enumerate(state.crop_track):
            if crop and exchange.can_pay_copper(state, p, box.crop_costs[slot]):
                opts += [{"type": "buy_crop", "slot": slot, "province": prov} for prov in box.provinces]
    return opts


def coin_taken(state: YinziState, market: str, good: str) -> bool:
    return any(coin == good for _, coin in state.markets[market]["raw"])


def city_sale_options(state: YinziState, p: int, budget: int) -> list[dict[str, Any]]:
    box = components.of(state)
    tiles = box.city_markets.tiles
    opts = []
    for s in goods.sources(state, p, CITY_GOODS):
        for market in box.provinces:
            tile = tiles[state.markets[market]["tile"]]
            if s["good"] not in tile["goods"] or box.distance[(s["province"], market)] > budget:
                continue
            opts.append({"type": "sell_city", "src": s["src"], "market": market, "coin": False})
            if s["good"] in tile["coin"] and not coin_taken(state, market, s["good"]):
                opts.append({"type": "sell_city", "src": s["src"], "market": market, "coin": True})
    return opts


def _market_options(state: YinziState, p: int, frame: Frame) -> list[dict[str, Any]]:
    if frame["left"] <= 0:
        return []
    opts = city_sale_options(state, p, boats.capacity(state, p) - frame["transport"])
    if progress.cashable(state, p, "virtual_capacity"):
        opts.append({"type": "cash_capacity"})
    return opts


def _factory_options(state: YinziState, p: int, frame: Frame) -> list[dict[str, Any]]:
    pl = state.players[p]
    if pl.discs <= 0:
        return []
    pay = [x for x in ("stone", "free_stone") if (pl.stone > 0 if x == "stone" else progress.cashable(state, p, x))]
    opts = [{"type": "build_factory", "factory": kind, "province": prov, "pay": x}
            for kind in sorted(set(state.factory_display)) for prov in components.of(state).provinces for x in pay]
    opts += [{"type": "upgrade", "factory": i} for i in factories.upgradeable(state, p)
             if exchange.can_pay_copper(state, p, factories.upgrade_cost(state, state.factories[i]))]
    return opts


def _progress_options(state: YinziState, p: int, frame: Frame) -> list[dict[str, Any]]:
    if state.players[p].discs <= 0:
        return []
    return [{"type": "progress", "field": f} for f in progress.free_fields(state, frame["areas"])]


OPTIONS: dict[str, Callable[[YinziState, int, Frame], list[dict[str, Any]]]] = {
    "build_boats": _boat_options,
    "plant": _plant_options,
    "city_market": _market_options,
    "upgrade_factories": _factory_options,
    "progress": _progress_options,
}


def options(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    return OPTIONS[action_of(frame)](state, frame["p"], frame)


# -- carrying out one answer ----------------------------------------------------------------------------
@dataclass
class Done:
    events: list[Event]
    frame: Frame  # the action's frame after this answer
    follow: list[Frame] = field(default_factory=list)  # steps that come first (a tile to draw)
    executions: int = 1  # the card's executions this answer uses (buying a crop tile uses none)


def _pay_material(state: YinziState, p: int, material: str, pay: str) -> list[Event]:
    """A building's wood or stone goes back to its box, unless the player cashes the free one from progress."""
    if pay != material:
        return [progress.cash(state, p, f"free_{material}")]
    player = state.players[p]
    setattr(player, material, getattr(player, material) - 1)
    setattr(state, f"{material}_box", getattr(state, f"{material}_box") + 1)
    return []


def _build_boat(state: YinziState, p: int, frame: Frame, action: dict[str, Any]) -> Done:
    events = _pay_material(state, p, "wood", action["pay"])
    boats.step(state, p)
    built = {"player": p, "field": state.players[p].boat, "capacity": boats.capacity(state, p), "pay": action["pay"]}
    events.append(STEPS.event("boat_built", components.tagged(state, built, capacity=components.BOATS)))
    return Done(events, frame)


def _plant(state: YinziState, p: int, frame: Frame, action: dict[str, Any]) -> Done:
    """One free field of the crop, or `fields` of them at once (edition 3): one execution each."""
    fields = int(action.get("fields", 1))
    n = cubes_per_field(action["good"]) * fields
    goods.put_on_field(state, p, action["province"], action["good"], n)
    planted = {"player": p, "crop": action["good"], "province": action["province"], "cubes": n, "on": "field"}
    if "fields" in action:
        planted["fields"] = fields
    return Done([STEPS.event("crop_planted", planted)], frame, executions=fields)


def _plant_tile(state: YinziState, p: int, frame: Frame, action: dict[str, Any]) -> Done:
    tile = state.tiles[action["tile"]]
    tile["owner"], tile["cubes"] = p, 1  # a reused empty crop tile gets one cube, not two
    state.players[p].cubes -= 1
    return Done([STEPS.event("crop_planted", {"player": p, "crop": tile["good"], "province": tile["province"],
                                              "cubes": 1, "on": "tile"})], frame)


def _buy_crop(state: YinziState, p: int, frame: Frame, action: dict[str, Any]) -> Done:
    cost = components.of(state).crop_costs[action["slot"]]
    crop = crops.take_from_track(state, action["slot"])
    bought = {"player": p, "crop": crop, "cost": cost, "slot": action["slot"] + 1}
    events = [exchange.pay(state, p, copper=cost, amount_from=(components.CROP_COSTS,)),
              STEPS.event("crop_bought", components.tagged(state, bought, cost=components.CROP_COSTS)),
              crops.place_tile(state, p, crop, action["province"])]
    follow = crops.covering(state, p, action["province"])
    follow += [draw_frame("crop", slot=len(state.crop_track) - 1)] if can_draw(state, "crop") else []
    return Done(events, {**frame, "bought": True}, follow, executions=0)


def _sell_city(state: YinziState, p: int, frame: Frame, action: dict[str, Any]) -> Done:
    src = goods.find_source(state, p, action["src"])
    assert src is not None
    transport = components.of(state).distance[(src["province"], action["market"])]
    goods.take_cube(state, p, action["src"])
    prices = components.of(state).city_markets.price
    copper = int(prices["base"])
    if action["coin"]:
        copper += int(prices["coin_field"])
    if state.bonus_of[p] == "better_sales":
        copper += int(prices["better_sales"])
    state.markets[action["market"]]["raw"].append([p, src["good"] if action["coin"] else ""])
    exchange.gain_copper(state, p, copper)
    state.players[p].delivered["city"] += 1
    event = STEPS.event("sold_city", {"player": p, "good": src["good"], "market": action["market"], "copper": copper,
                                      "src": action["src"], "coin": action["coin"]})
    return Done([event], {**frame, "transport": frame["transport"] + transport})


def _build_factory(state: YinziState, p: int, frame: Frame, action: dict[str, Any]) -> Done:
    events = _pay_material(state, p, "stone", action["pay"])
    events.append(factories.build(state, p, action["factory"], action["province"], action["pay"]))
    follow = crops.covering(state, p, action["province"])
    return Done(events, frame, follow + ([draw_frame("factory")] if can_draw(state, "factory") else []))


def _upgrade(state: YinziState, p: int, frame: Frame, action: dict[str, Any]) -> Done:
    cost = factories.upgrade_cost(state, state.factories[action["factory"]])
    paid = [exchange.pay(state, p, copper=cost)] if cost else []
    return Done([*paid, factories.add_disc(state, p, action["factory"])], frame)


def _progress(state: YinziState, p: int, frame: Frame, action: dict[str, Any]) -> Done:
    areas = [*frame["areas"], progress.area_of(state, action["field"])]
    return Done(progress.place(state, p, action["field"]), {**frame, "areas": areas})


EXECUTE: dict[str, Callable[[YinziState, int, Frame, dict[str, Any]], Done]] = {
    "build_boat": _build_boat,
    "plant": _plant,
    "plant_tile": _plant_tile,
    "buy_crop": _buy_crop,
    "sell_city": _sell_city,
    "build_factory": _build_factory,
    "upgrade": _upgrade,
    "progress": _progress,
}


def _answer(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    p, kind = frame["p"], action["type"]
    if kind == "done":
        return [STEPS.event("action_done", {"player": p, "unused": frame["left"]})] if frame["left"] else []
    if kind == "cash_capacity":
        kept, events = boats.virtual_capacity(state, p, frame)
        again(state, kept)
        return events
    out = EXECUTE[kind](state, p, frame, action)
    kept = {**out.frame, "left": out.frame["left"] - out.executions}
    over = out.executions > 0 and kept["left"] == 0 and (action_of(kept) != "plant" or not options(state, kept))
    if not over:
        push(state, kept)
    push(state, *out.follow)
    return out.events


def _register(action: str) -> None:
    decision(f"fate_{action}", RULES[action], lambda state, frame: [*options(state, frame), {"type": "done"}],
             lambda state, frame: {"left": frame["left"]})(_answer)


for _action in FATE_ACTIONS:
    _register(_action)
