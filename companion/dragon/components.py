"""The facts of the box for one game, read from the box profile (data/dragon/profile/*.yaml).

Nothing about components is written in code: the profile holds every number, this module
only turns it into fast lookups for one player count and option set. `Components` are
cached by their key, so states carry only the key (`state.comp` looks them up).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.core import box
from companion.core.profile import BoxProfile
from companion.core.profile_checks import refuse

GAME = "dragon"

WILD = "wild"
YOUNG, OLD = "young", "old"


def tile_id(kind: str, age: str) -> str:
    return f"{kind}:{age}"


def tile_kind(tile: str) -> str:
    return tile.split(":", 1)[0]


def tile_age(tile: str) -> str:
    return tile.split(":", 1)[1]


@dataclass(frozen=True)
class Components:
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


def components_key(players: int, great_wall: bool, edition: str, overrides: dict[str, Any]) -> str:
    """The text a state carries to name its box (saved in every state: its form never changes)."""
    return json.dumps([players, great_wall, edition, overrides], sort_keys=True, separators=(",", ":"))


def _parse(key: str) -> tuple[dict[str, Any], tuple[Any, ...]]:
    players, great_wall, edition, overrides = json.loads(key)
    return overrides, (players, great_wall, edition)


def components_for(key: str) -> Components:
    """The Components a state's key names (core.box)."""
    return box.at(GAME, key)


FULL_TABLE = 5  # person.count_at_5 counts the tiles for five players

# Whole-number facts read as they are: field -> profile fact
COUNTS = {
    "join_cost": "action.join_cost",
    "top_up_to": "action.top_up_to",
    "tribute": "event.tribute_yuan",
    "drought_rice": "event.drought_rice_per_palace",
    "contagion": "event.contagion_releases",
    "start_yuan": "start.yuan",
    "max_floors": "palace.max_floors",
    "months": "months",
    "opening_tiles": "person.opening_tiles",
    "wall_length": "wall.length",
    "super_month": "super.month",
    "earthquake_floors": "super.earthquake_floors",
    "tornado_cards": "super.tornado_cards",
}
Value = Callable[[str], Any]


def build(profile: BoxProfile, players: int, great_wall: bool, edition: str) -> Components:
    """The typed facts of one box for a player count, Great Wall or not and a rules edition (core.box builds
    each once)."""
    v = profile.value
    _check_event_tiles(v)
    cards = tuple(v("action.cards")) + ((v("wall.card"),) if great_wall else ())
    sizes = v("action.group_sizes")[str(len(cards))][str(players)]
    return Components(
        players=players,
        great_wall=great_wall,
        **_persons(v, players),
        cards=cards,
        base=dict(v("action.base_symbols")),
        multiplier=dict(v("action.multiplier_type")),
        group_sizes=tuple(int(s) for s in sizes),
        **{name: int(v(fact)) for name, fact in COUNTS.items()},
        **_privileges(v, edition),
        fixed_events=tuple(v("events.fixed_start")),
        random_events=dict(v("events.random")),
        festival_points=tuple(v("event.festival_points")),
        palace_point=int(v("score.round")["palace"]),
        per_person=int(v("score.final")["per_person"]),
        sell_price=int(v("score.final")["sell_price"]),
        yuan_per_point=int(v("score.final")["yuan_per_point"]),
        start_palaces=tuple(v("start.palaces")),
        wall_tiles=dict(v("wall.tiles")),
        wall_card=v("wall.card"),
        super_events=tuple(v("super.events")),
    )


def _check_event_tiles(v: Value) -> None:
    """Every field of the event track after the fixed ones gets one random tile, and no two neighbours show
    the same event (Spielvorbereitung): the tiles must match the fields, none more than every other field."""
    fields = int(v("months")) - len(v("events.fixed_start"))
    counts = [int(n) for n in dict(v("events.random")).values()]
    if sum(counts) != fields or max(counts, default=0) > (fields + 1) // 2:
        most = (fields + 1) // 2
        raise refuse("dragon", "event_tiles", f"the event tiles add up to {sum(counts)}; the event track needs "
                     f"exactly {fields}, no event more than {most} times", "events.random",
                     ["events.random", "months", "events.fixed_start"], got=sum(counts), want=fields, most=most)


def _persons(v: Value, players: int) -> dict[str, Any]:
    """The person tiles in play for this player count (Spielvorbereitung, Achtung), their values and symbols,
    and the hand of person cards."""
    types = tuple(v("person.types"))
    young_only = frozenset(v("person.young_only"))
    printed = v("person.tiles")
    at5, removed = v("person.count_at_5"), v("person.removed_per_missing_player")
    missing = FULL_TABLE - players
    tiles: list[str] = []
    value: dict[str, int] = {}
    symbols: dict[str, int] = {}
    supply: dict[str, int] = {}
    for kind in types:
        for age in (a for a in (YOUNG, OLD) if a in printed[kind]):
            t = tile_id(kind, age)
            tiles.append(t)
            value[t] = int(printed[kind][age]["value"])
            symbols[t] = int(printed[kind][age]["symbols"])
            slot = "young_only" if kind in young_only else age
            supply[t] = int(at5[slot]) - missing * int(removed[slot])
    cards_per = v("person.cards")
    typed = [k for k in types for _ in range(int(cards_per["per_type"]))]
    hand = tuple(sorted(typed + [WILD] * int(cards_per["wild"])))
    return {"types": types, "young_only": young_only, "tiles": tuple(tiles), "value": value, "symbols": symbols,
            "supply": supply, "hand": hand}


def _privileges(v: Value, edition: str) -> dict[str, int]:
    return {
        "small_cost": int(v("privilege.small")["cost"]),
        "small_dragons": int(v("privilege.small")["dragons"]),
        "large_cost": int(v("privilege.large_cost")[edition]),
        "large_dragons": int(v("privilege.large")["dragons"]),
    }


box.register(GAME, build, parse=_parse)
