"""The rule constants of one game, read from the box profile (data/dragon/profile/*.yaml).

Nothing about components is written in code: the profile holds every number, this module
only turns it into fast lookups for one player count and option set. Rules objects are
cached by their key so states never carry them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.core.profile import load_default

WILD = "wild"
YOUNG, OLD = "young", "old"


def tile_id(kind: str, age: str) -> str:
    return f"{kind}:{age}"


def tile_kind(tile: str) -> str:
    return tile.split(":", 1)[0]


def tile_age(tile: str) -> str:
    return tile.split(":", 1)[1]


@dataclass(frozen=True)
class Rules:
    players: int
    great_wall: bool
    types: tuple[str, ...]
    young_only: frozenset[str]
    tiles: tuple[str, ...]  # canonical order: by type, young before old
    value: dict[str, int]
    symbols: dict[str, int]
    supply: dict[str, int]  # tiles in play for this player count
    hand: tuple[str, ...]  # the 11 person cards, sorted
    cards: tuple[str, ...]  # action cards in play (7, or 8 with the wall)
    base: dict[str, int]
    multiplier: dict[str, str]  # action card -> person type whose symbols add
    group_sizes: tuple[int, ...]
    join_cost: int
    top_up_to: int
    small_cost: int
    small_dragons: int
    large_cost: int
    large_dragons: int
    fixed_events: tuple[str, ...]
    random_events: dict[str, int]
    tribute: int
    drought_rice: int
    festival_points: tuple[int, int]
    contagion: int
    palace_point: int
    per_person: int
    sell_price: int
    yuan_per_point: int
    start_yuan: int
    start_palaces: tuple[int, ...]
    max_floors: int
    months: int
    opening_tiles: int
    wall_tiles: dict[str, int]
    wall_length: int
    wall_card: str
    super_events: tuple[str, ...]
    super_month: int
    earthquake_floors: int
    tornado_cards: int

    @property
    def event_kinds(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys((*self.fixed_events, *self.random_events)))

    def young_tiles(self) -> tuple[str, ...]:
        return tuple(t for t in self.tiles if tile_age(t) == YOUNG)


def rules_key(players: int, great_wall: bool, edition: str, overrides: dict[str, Any]) -> str:
    return json.dumps([players, great_wall, edition, overrides], sort_keys=True, separators=(",", ":"))


@cache
def rules_for(key: str) -> Rules:
    players, great_wall, edition, overrides = json.loads(key)
    profile = load_default("dragon").with_overrides(overrides)
    v = profile.value
    types = tuple(v("person.types"))
    young_only = frozenset(v("person.young_only"))
    printed = v("person.tiles")
    at5, removed = v("person.count_at_5"), v("person.removed_per_missing_player")
    missing = 5 - players
    tiles: list[str] = []
    value: dict[str, int] = {}
    symbols: dict[str, int] = {}
    supply: dict[str, int] = {}
    for kind in types:
        for age in (YOUNG, OLD):
            if age not in printed[kind]:
                continue
            t = tile_id(kind, age)
            tiles.append(t)
            value[t] = int(printed[kind][age]["value"])
            symbols[t] = int(printed[kind][age]["symbols"])
            slot = "young_only" if kind in young_only else age
            supply[t] = int(at5[slot]) - missing * int(removed[slot])
    cards_per = v("person.cards")
    typed = [k for k in types for _ in range(int(cards_per["per_type"]))]
    hand = tuple(sorted(typed + [WILD] * int(cards_per["wild"])))
    cards = tuple(v("action.cards")) + ((v("wall.card"),) if great_wall else ())
    sizes = v("action.group_sizes")[str(len(cards))][str(players)]
    return Rules(
        players=players,
        great_wall=great_wall,
        types=types,
        young_only=young_only,
        tiles=tuple(tiles),
        value=value,
        symbols=symbols,
        supply=supply,
        hand=hand,
        cards=cards,
        base=dict(v("action.base_symbols")),
        multiplier=dict(v("action.multiplier_type")),
        group_sizes=tuple(int(s) for s in sizes),
        join_cost=int(v("action.join_cost")),
        top_up_to=int(v("action.top_up_to")),
        small_cost=int(v("privilege.small")["cost"]),
        small_dragons=int(v("privilege.small")["dragons"]),
        large_cost=int(v("privilege.large_cost")[edition]),
        large_dragons=int(v("privilege.large")["dragons"]),
        fixed_events=tuple(v("events.fixed_start")),
        random_events=dict(v("events.random")),
        tribute=int(v("event.tribute_yuan")),
        drought_rice=int(v("event.drought_rice_per_palace")),
        festival_points=tuple(v("event.festival_points")),
        contagion=int(v("event.contagion_releases")),
        palace_point=int(v("score.round")["palace"]),
        per_person=int(v("score.final")["per_person"]),
        sell_price=int(v("score.final")["sell_price"]),
        yuan_per_point=int(v("score.final")["yuan_per_point"]),
        start_yuan=int(v("start.yuan")),
        start_palaces=tuple(v("start.palaces")),
        max_floors=int(v("palace.max_floors")),
        months=int(v("months")),
        opening_tiles=int(v("person.opening_tiles")),
        wall_tiles=dict(v("wall.tiles")),
        wall_length=int(v("wall.length")),
        wall_card=v("wall.card"),
        super_events=tuple(v("super.events")),
        super_month=int(v("super.month")),
        earthquake_floors=int(v("super.earthquake_floors")),
        tornado_cards=int(v("super.tornado_cards")),
    )
