"""What a Yinzi table saw of its box in one game, component by component (companion.core.seen_items).

Read from the game's log: each draw the table resolved (core.seen_items.table_entries) shows one component
as it is printed: an infrastructure tile (demand, war symbols, disaster), a city-market tile (goods and coin
fields), an action card of a player's colour (fate value, workers); a reading of the exchange track shows
the rate above one die field (companion.yinzi.corrections), a reading of a boat-track or crop-track field or of
a foreign market the number printed there (companion.yinzi.readings); a crop tile of a sort two players' setup
had put back shows that sort's count put back as the game ended with it (only the sorts the table entered); a
ship turned up (at the setup or when a new ship arrives) shows its nation and places. Each of these piles is
drawn through once per game, so a component is never counted twice; action cards are counted per colour (every
colour has the same design), the proof per card being the most one colour showed.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.core.actions import Action
from companion.core.game import Game
from companion.core.seen_items import item_key, table_entries

from . import components
from .corrections import RATES
from .readings import READINGS
from .table_entry import CARDS, INFRA, MARKETS, NO_DISASTER, REMOVED_2P, SEEN, SHIPS


def items_seen(game: Game, setup: dict[str, Any], log: list[dict[str, Any]]) -> dict[str, Any]:
    """{fact: proof} of what the table drew in this game (only facts with something seen)."""
    tiles: Counter[str] = Counter()
    markets: Counter[str] = Counter()
    cards: dict[int, Counter[str]] = {}
    rates: dict[str, int] = {}  # die field (from 1) -> the rate the table read above it (corrections.py)
    read: dict[str, dict[str, int]] = {}  # fact -> {field from 1 or market: the number read} (readings.py)
    removed: dict[str, int] = {}  # a sort two players' setup put back -> how many, once the table showed one more
    ships: dict[str, Counter[str]] = {}  # nation -> the places each ship turned up shows (sorted, canonical JSON)
    for step, action, events, before, after in table_entries(game, setup, log):
        if step in ("draw_infra", "draw_infra_hidden"):
            tiles[item_key(_infra(action, before))] += 1
        elif step == "draw_market":
            markets[item_key(_market(action, before))] += 1
        elif step == "rate_read":
            rates[str(before.die)] = int(action["n"])
        elif step in READINGS:
            reading = READINGS[step]
            place = before.stack[-1][reading.place]
            read.setdefault(reading.fact, {})[str(place)] = int(action["n"])
        elif step == "draw_crop" and SEEN in action:
            crop = str(action[SEEN]["crop"])
            removed[crop] = int(components.of(after).profile.value(REMOVED_2P)[crop])
        elif step in SHIP_DRAWS:
            nation, slots = _ship(action, before)
            ships.setdefault(nation, Counter())[item_key(slots)] += 1
        elif step == "draw_card":
            drawn = next(e.params for e in events if e.code == "yinzi.card_drawn")
            cards.setdefault(int(drawn["player"]), Counter())[item_key([drawn["fate"], drawn["workers"]])] += 1
    out: dict[str, Any] = {}
    if tiles:
        out[INFRA] = dict(sorted(tiles.items()))
    if markets:
        out[MARKETS] = dict(sorted(markets.items()))
    if rates:
        out[RATES] = dict(sorted(rates.items()))
    out |= {fact: dict(sorted(proof.items())) for fact, proof in sorted(read.items())}
    if removed:
        out[REMOVED_2P] = dict(sorted(removed.items()))
    if ships:
        out[SHIPS] = {nation: dict(sorted(c.items())) for nation, c in sorted(ships.items())}
    if cards:
        most: Counter[str] = Counter()
        for colour in cards.values():
            most |= colour  # the most of each card one colour showed
        out[CARDS] = dict(sorted(most.items()))
    return out


SHIP_DRAWS = ("draw_ship_remove", "draw_coast", "draw_ship_top")  # each ship tile turned up once per game


def _ship(action: Action, before: Any) -> tuple[str, list[str]]:
    """A ship as printed: its nation and its places (in any order), entered or the listed kind's."""
    if SEEN in action:
        return str(action[SEEN]["nation"]), sorted(map(str, action[SEEN]["slots"]))
    kind = components.of(before).ship_kinds[action["value"]]
    return str(kind["nation"]), sorted(kind["slots"])


def _infra(action: Action, before: Any) -> dict[str, Any]:
    """The tile as printed: what the table entered, else the listed tile of the box before the draw."""
    if SEEN in action:
        seen = action[SEEN]
        disaster = None if seen["disaster"] == NO_DISASTER else str(seen["disaster"])
        return {"demand": str(seen["demand"]), "war": int(seen["war"]), "disaster": disaster}
    return dict(components.of(before).profile.value(INFRA)[action["value"]])


def _market(action: Action, before: Any) -> dict[str, Any]:
    if SEEN in action:
        return {"goods": sorted(map(str, action[SEEN]["goods"])), "coin": sorted(map(str, action[SEEN]["coin"]))}
    tile = components.of(before).profile.value(MARKETS)[action["value"]]
    return {"goods": sorted(tile["goods"]), "coin": sorted(tile["coin"])}

