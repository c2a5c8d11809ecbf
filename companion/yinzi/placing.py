"""Where a drawn tile, ship, card or die roll goes once the table has seen it."""

from __future__ import annotations

from typing import Any

from companion.core import Event

from .box import Box, nation_of
from .state import YinziState


def new_ship(box: Box, kind: str) -> dict[str, Any]:
    """A ship tile at the coast; `kind` is a nation or, when its ships differ, "nation#layout"."""
    spec = box.ship_kinds[kind]
    return {"nation": spec["nation"], "slots": [{"need": s, "items": []} for s in spec["slots"]]}


def move_die(field: int, roll: int) -> int:
    """RULES-Y 5F I: higher roll one field right, lower one left, equal stays (fields 1-6)."""
    if roll > field:
        return min(6, field + 1)
    if roll < field:
        return max(1, field - 1)
    return field


def place_draw(state: YinziState, box: Box, frame: dict[str, Any], value: Any) -> list[Event]:
    what = frame["what"]
    if what == "market":
        state.market_pool.remove(value)
        state.markets[frame["province"]] = {"tile": value, "raw": []}
        return [Event("yinzi.market_placed", {"province": frame["province"], "tile": value})]
    if what == "order":
        state.prov_order.append(value)
        return [Event("yinzi.order_drawn", {"player": value, "position": len(state.prov_order)})]
    if what == "crop":
        state.crop_pool[value] -= 1
        state.crop_track[frame["slot"]] = value
        return [Event("yinzi.crop_revealed", {"slot": frame["slot"] + 1, "crop": value})]
    if what == "ship_remove":
        state.ship_pool[value] -= 1
        return [Event("yinzi.ship_removed", {"nation": nation_of(value)})]
    if what == "coast":
        state.ship_pool[value] -= 1
        state.coast[frame["row"]] = new_ship(box, value)
        return [Event("yinzi.ship_arrived", {"nation": nation_of(value), "row": frame["row"] + 1})]
    if what == "ship_top":
        state.ship_pool[value] -= 1
        row = state.ship_rows[frame["row"]]
        row["top"] = value
        row["hidden"] -= 1
        return [Event("yinzi.ship_sighted", {"nation": nation_of(value), "row": frame["row"] + 1})]
    if what == "factory":
        state.factory_pool[value] -= 1
        state.factory_display.append(value)
        return [Event("yinzi.factory_revealed", {"factory": value})]
    if what == "infra":
        state.infra_pool.remove(value)
        row = state.infra_rows[frame["row"]]
        row["top"] = value
        row["hidden"] -= 1
        return [Event("yinzi.infra_revealed", {"row": frame["row"] + 1, "tile": value})]
    if what == "infra_hidden":
        state.infra_pool.remove(value)
        state.discard_hidden -= 1
        state.players[frame["p"]].personal_infra.append({"tile": value})
        return [Event("yinzi.personal_infra_taken", {"player": frame["p"], "tile": value})]
    if what == "card":
        f, w = (int(x) for x in value.split("/"))
        pl = state.players[frame["p"]]
        pl.deck.remove([f, w])
        pl.hand.append([f, w])
        return [Event("yinzi.card_drawn", {"player": frame["p"], "fate": f, "workers": w})]
    if what == "die":
        before = state.die
        state.die = move_die(before, value)
        state.die_history.append([before, value, state.die])
        return [
            Event(
                "yinzi.die_rolled",
                {"roll": value, "from": before, "to": state.die, "rate": box.rate(state.die)},
            )
        ]
    raise AssertionError(what)
