""""Something else…" at Yinzi's draws: the table enters a tile or card the box profile does not know.

As in Gùgōng (companion.gugong.table_entry), every draw whose fact is unverified also offers what the table
may actually see, by what the component shows; these options carry the key "seen", the app never draws
them (weight 0, core.chance), only the table enters them. The model of the box then grows while its
counts stay those of the box (docs/rulings/yinzi.md, "Something else…"):

- an infrastructure tile (demand, war symbols, disaster symbol): of the tiles not yet seen, the one most
  like it takes its identity (first the same disaster symbol, then the same demand, then the nearest war
  strength); 20 tiles stay 20;
- an action card (fate value, workers): the card of the player's deck not yet drawn most like it (first
  the same fate value, then the nearest number of workers) becomes that card; 12 cards stay 12;
- a city-market tile (three demanded goods, one with a coin field): of the tiles not yet drawn, the one
  sharing the most goods (then the same coin field) takes its identity; 8 tiles stay 8;
- a ship (its nation, two or three places for wares or tea): one of the nation's ships not yet drawn, the
  most like it, shows those places (`layouts` grows); the nation keeps its number of ships.

The grown fact is the game's own box-profile value (`state.overrides`, status "seen at the table"), so
every rule reads the box as the table saw it; what was entered is kept in `state.seen` (fact -> records).
Both are part of the state's JSON: a replay is byte-identical. `seen_facts` hands the grown facts to the
Box check, which offers to record them in the owner's profile ("seen at the table").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from companion.core import Event
from companion.core.actions import Action
from companion.core.profile import fact_schema
from companion.core.steps import Frame

from . import components
from .state import YinziState
from .steps import STEPS

SEEN = "seen"
INFRA = "infra.tiles"
CARDS = "cards.deck"
MARKETS = "city_markets.tiles"
SHIPS = "ships.kinds"
SHIP_SLOTS = (2, 3)  # the places of a ship the table may enter (docs/rulings/yinzi.md 38); Box check takes 1 to 4
MARKET_GOODS = 3  # the goods of a tile the table may enter (docs/rulings/yinzi.md 37); Box check takes 1 to 6
FATES = range(1, 4)  # RULES-Y 5B I: at most four executions, "dreimal mit einer 3er-Karte plus einmal durch
# Besteuerung": a card's fate value is 1, 2 or 3 (docs/rulings/yinzi.md)
NO_DISASTER = "none"  # the option's word for a tile without a disaster symbol (null in the profile)


def is_seen(action: Action) -> bool:
    return SEEN in action


def open_fact(state: YinziState, key: str) -> bool:
    """The table may enter what it sees for this fact: the game allows it and no owner has checked it."""
    return state.table_entry and not components.of(state).profile.fact(key).checked


def _schema(key: str, *path: str) -> dict[str, Any]:
    schema: dict[str, Any] = fact_schema(components.GAME, key)
    for part in path:
        schema = schema[part]
    return schema


def _whole(key: str, *path: str) -> range:
    schema = _schema(key, *path)
    return range(int(schema.get("minimum", 0)), int(schema.get("maximum", 9)) + 1)


def _grow(state: YinziState, fact: str, value: Any, record: dict[str, Any]) -> None:
    """The game's box now says `value` for `fact`, as the table saw it; `record` is what it entered."""
    state.overrides = {**state.overrides, fact: value}
    seen = dict(state.seen)
    seen[fact] = [*seen.get(fact, []), record]
    state.seen = seen


# -- infrastructure tiles --------------------------------------------------------------------------------
def _signature(tile: dict[str, Any]) -> tuple[str, int, str]:
    return tile["demand"], int(tile["war"]), tile["disaster"] or NO_DISASTER


def _infra_options(state: YinziState, frame: Frame) -> list[Action]:
    tiles = components.of(state).profile.value(INFRA)
    if not state.infra_pool:
        return []
    listed = {_signature(tiles[i]) for i in state.infra_pool}
    item = ("items", "properties")
    demands = _schema(INFRA, *item, "demand")["enum"]
    disasters = [d or NO_DISASTER for d in _schema(INFRA, *item, "disaster")["enum"]]
    return [{"type": "draw", SEEN: {"demand": d, "war": w, "disaster": x}}
            for d in demands for w in _whole(INFRA, *item, "war") for x in disasters if (d, w, x) not in listed]


def _take_infra(state: YinziState, frame: Frame, seen: dict[str, Any]) -> tuple[Any, list[Event]]:
    d, w, x = str(seen["demand"]), int(seen["war"]), str(seen["disaster"])
    tiles = [dict(t) for t in components.of(state).profile.value(INFRA)]
    idx = min(state.infra_pool, key=lambda i: ((tiles[i]["disaster"] or NO_DISASTER) != x,
                                               tiles[i]["demand"] != d, abs(int(tiles[i]["war"]) - w), i))
    was = _signature(tiles[idx])
    tiles[idx] = {"demand": d, "war": w, "disaster": None if x == NO_DISASTER else x}
    _grow(state, INFRA, tiles, {"tile": idx, "demand": d, "war": w, "disaster": x,
                                "instead": {"demand": was[0], "war": was[1], "disaster": was[2]}})
    return idx, [STEPS.event("infra_seen", {"tile": idx, "demand": d, "war": w, "disaster": x,
                                            "expected": {"demand": was[0], "war": was[1], "disaster": was[2]}})]


# -- action cards -----------------------------------------------------------------------------------------
def _card_options(state: YinziState, frame: Frame) -> list[Action]:
    listed = {tuple(c) for c in state.players[frame["p"]].deck}
    workers = _whole(CARDS, "items", "items")
    return [{"type": "draw", SEEN: {"fate": f, "workers": w}}
            for f in FATES for w in workers if (f, w) not in listed]


def cards_of(state: YinziState, p: int) -> list[list[int]]:
    """Every card of the player's colour: not yet drawn, in hand, played."""
    pl = state.players[p]
    return [list(c) for c in pl.deck] + [list(c) for c in pl.hand] + [[c["fate"], c["workers"]] for c in pl.history]


def _likeness(card: list[int], fate: int, workers: int) -> tuple[bool, int]:
    return card[0] != fate, abs(card[1] - workers)


def merged_deck(deck: list[list[int]], cards: list[list[int]]) -> list[list[int]]:
    """The box's deck (one design for every colour) made to hold what one colour showed: each card of
    `cards` the deck has too few of takes the place of the most like card it has too many of."""
    out = [list(c) for c in deck]
    for card in cards:
        while out.count(card) < cards.count(card):
            spare = [i for i, c in enumerate(out) if out.count(c) > cards.count(c)]
            i = min(spare, key=lambda i: (*_likeness(out[i], *card), i))
            out[i] = list(card)
    return out


def _take_card(state: YinziState, frame: Frame, seen: dict[str, Any]) -> tuple[Any, list[Event]]:
    p, fate, workers = frame["p"], int(seen["fate"]), int(seen["workers"])
    deck = state.players[p].deck
    i = min(range(len(deck)), key=lambda i: (*_likeness(deck[i], fate, workers), i))
    was = list(deck[i])
    deck[i] = [fate, workers]
    grown = merged_deck(components.of(state).profile.value(CARDS), cards_of(state, p))
    _grow(state, CARDS, grown, {"player": p, "fate": fate, "workers": workers, "instead": was})
    return f"{fate}/{workers}", [STEPS.event("card_seen", {"player": p, "fate": fate, "workers": workers,
                                                           "expected": was})]


# -- city-market tiles -------------------------------------------------------------------------------------
Layout = tuple[tuple[str, ...], tuple[str, ...]]


def market_layout(tile: dict[str, Any]) -> Layout:
    """A city-market tile as the table sees it: the goods it demands and those with a coin field beside."""
    return tuple(sorted(tile["goods"])), tuple(sorted(tile["coin"]))


def _market_options(state: YinziState, frame: Frame) -> list[Action]:
    """Three demanded goods, one of them with a coin field (every placeholder tile and Y 483's Jiangxi
    market are so shaped; docs/rulings/yinzi.md 37): 60 faces, less those the tiles left in the pool show."""
    if not state.market_pool:
        return []
    tiles = components.of(state).profile.value(MARKETS)
    listed = {market_layout(tiles[code]) for code in state.market_pool}
    tile_schema = next(iter(_schema(MARKETS, "properties").values()))
    sorts = sorted(tile_schema["properties"]["goods"]["items"]["enum"])
    return [{"type": "draw", SEEN: {"goods": list(goods), "coin": [coin]}}
            for goods in combinations(sorts, MARKET_GOODS) for coin in goods if (goods, (coin,)) not in listed]


def _take_market(state: YinziState, frame: Frame, seen: dict[str, Any]) -> tuple[Any, list[Event]]:
    """Of the tiles not yet drawn, the most alike (most goods shared, then the same coin fields, then the
    first) becomes the tile the table turned up; the box keeps its 8 tiles."""
    goods, coin = sorted(map(str, seen["goods"])), sorted(map(str, seen["coin"]))
    tiles = {code: dict(tile) for code, tile in components.of(state).profile.value(MARKETS).items()}
    code = min(state.market_pool, key=lambda c: (-len(set(tiles[c]["goods"]) & set(goods)),
                                                 sorted(tiles[c]["coin"]) != coin, c))
    was = {"goods": list(tiles[code]["goods"]), "coin": list(tiles[code]["coin"])}
    tiles[code] = {"goods": goods, "coin": coin}
    _grow(state, MARKETS, tiles, {"tile": code, "goods": goods, "coin": coin, "instead": was})
    return code, [STEPS.event("market_seen", {"tile": code, "goods": goods, "coin": coin, "expected": was})]


# -- ship tiles ---------------------------------------------------------------------------------------------
def _slot_sets(state: YinziState) -> list[tuple[str, ...]]:
    """What a ship may demand: 2 or 3 different places, each a ware or tea (no printed salt place: a salt
    pair goes "auf einen unbesetzten Waren- oder Teeplatz", Y 694; docs/rulings/yinzi.md 38)."""
    nation = next(iter(_schema(SHIPS, "properties").values()))
    sorts = sorted(s for s in nation["properties"]["slots"]["items"]["enum"] if s != "salt")
    return [c for n in SHIP_SLOTS for c in combinations(sorts, n)]


def _ship_options(state: YinziState, frame: Frame, allowed: set[str] | None) -> list[Action]:
    kinds = {k: s for k, s in components.of(state).ship_kinds.items()
             if state.ship_pool.get(k, 0) > 0 and (allowed is None or k in allowed)}
    listed = {(s["nation"], tuple(sorted(s["slots"]))) for s in kinds.values()}
    nations = sorted({s["nation"] for s in kinds.values()})
    return [{"type": "draw", SEEN: {"nation": n, "slots": list(c)}}
            for n in nations for c in _slot_sets(state) if (n, c) not in listed]


def _east(state: YinziState) -> set[str]:
    return {k for k, s in components.of(state).ship_kinds.items() if s["region"] == "east"}


def _grown_ships(state: YinziState, nation: str, was: list[str], slots: list[str]) -> dict[str, Any]:
    """ships.kinds with one ship of `nation` showing `was` (one not yet drawn) now showing `slots`."""
    nations = {n: dict(spec) for n, spec in components.of(state).profile.value(SHIPS).items()}
    spec = nations[nation]
    layouts = [list(lay) for lay in spec.get("layouts") or [spec["slots"]] * int(spec["count"])]
    layouts[max(i for i, lay in enumerate(layouts) if lay == was)] = slots
    spec["layouts"] = layouts
    return nations


def _rekeyed(state: YinziState, old: dict[str, dict[str, Any]]) -> None:
    """Ship kinds are named by layout (components.ship_kinds): when a nation's layouts change, the ships
    left face down and those on top of the stacks keep their layout under its new name."""
    name = {(s["nation"], tuple(s["slots"])): k for k, s in components.of(state).ship_kinds.items()}
    pool = dict.fromkeys(name.values(), 0)
    for kind, n in state.ship_pool.items():
        if n:
            pool[name[(old[kind]["nation"], tuple(old[kind]["slots"]))]] += n
    state.ship_pool = pool
    for row in state.ship_rows:
        if row["top"]:
            row["top"] = name[(old[row["top"]]["nation"], tuple(old[row["top"]]["slots"]))]


def _take_ship(state: YinziState, frame: Frame, seen: dict[str, Any]) -> tuple[Any, list[Event]]:
    """Of the nation's ships not yet drawn, the most alike (most places shared, then as many places, then
    the first kind) shows what the table saw; the nation keeps its number of ships."""
    nation, slots = str(seen["nation"]), sorted(map(str, seen["slots"]))
    old = components.of(state).ship_kinds
    kinds = [k for k, s in old.items() if s["nation"] == nation and state.ship_pool.get(k, 0) > 0]
    kind = min(kinds, key=lambda k: (-len(set(old[k]["slots"]) & set(slots)), len(old[k]["slots"]) != len(slots), k))
    was = list(old[kind]["slots"])
    state.ship_pool = {**state.ship_pool, kind: state.ship_pool[kind] - 1}  # that ship shows `slots` now
    _grow(state, SHIPS, _grown_ships(state, nation, was, slots),
          {"nation": nation, "slots": slots, "instead": was})
    _rekeyed(state, old)
    new = next(k for k, s in components.of(state).ship_kinds.items() if (s["nation"], s["slots"]) == (nation, slots))
    state.ship_pool[new] += 1
    return new, [STEPS.event("ship_seen", {"nation": nation, "slots": slots,
                                           "expected": {"nation": nation, "slots": was}})]


# -- crop tiles (two players) ---------------------------------------------------------------------------------
REMOVED_2P = "crops.removed_2p"  # inferred (RULES-Y 3 D): the tiles of each sort two players put back in the box


def _crop_options(state: YinziState, frame: Frame) -> list[Action]:
    """A sort the model has no face-down tile of left, though the setup put some back in the box: the real
    box may have put back fewer (two players only; three players' removal is the rulebook's)."""
    if len(state.players) != 2:
        return []
    removed = components.of(state).profile.value(REMOVED_2P)
    return [{"type": "draw", SEEN: {"crop": k}} for k in sorted(removed)
            if removed[k] > 0 and state.crop_pool.get(k, 0) <= 0]


def _take_crop(state: YinziState, frame: Frame, seen: dict[str, Any]) -> tuple[Any, list[Event]]:
    crop = str(seen["crop"])
    removed = dict(components.of(state).profile.value(REMOVED_2P))
    removed[crop] -= 1  # one tile of this sort stayed in the game: the pool holds it until it is placed
    _grow(state, REMOVED_2P, removed, {"crop": crop})
    state.crop_pool[crop] = state.crop_pool.get(crop, 0) + 1
    return crop, [STEPS.event("crop_seen", {"crop": crop, "removed": removed[crop]})]


# -- per draw ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Entry:
    fact: str
    options: Callable[[YinziState, Frame], list[Action]]
    take: Callable[[YinziState, Frame, dict[str, Any]], tuple[Any, list[Event]]]


ENTRIES: dict[str, Entry] = {
    "infra": Entry(INFRA, _infra_options, _take_infra),
    "infra_hidden": Entry(INFRA, _infra_options, _take_infra),
    "card": Entry(CARDS, _card_options, _take_card),
    "crop": Entry(REMOVED_2P, _crop_options, _take_crop),
    "market": Entry(MARKETS, _market_options, _take_market),
    "coast": Entry(SHIPS, lambda s, f: _ship_options(s, f, _east(s)), _take_ship),
    "ship_remove": Entry(SHIPS, lambda s, f: _ship_options(s, f, _east(s)), _take_ship),
    "ship_top": Entry(SHIPS, lambda s, f: _ship_options(s, f, None), _take_ship),
}


def options(state: YinziState, what: str, frame: Frame) -> list[Action]:
    """What the table may enter at this draw besides the listed options (none when the fact is checked)."""
    entry = ENTRIES.get(what)
    return entry.options(state, frame) if entry and open_fact(state, entry.fact) else []


def take(state: YinziState, what: str, frame: Frame, action: Action) -> tuple[Any, list[Event]]:
    """The value the draw places: the option's own, or the component that now carries what the table saw."""
    if not is_seen(action):
        return action["value"], []
    return ENTRIES[what].take(state, frame, action[SEEN])


def seen_facts(state: YinziState) -> dict[str, Any]:
    """What this table entered, as the box profile's own facts (for "seen at the table")."""
    return {fact: state.overrides[fact] for fact, records in state.seen.items() if records and fact in state.overrides}
