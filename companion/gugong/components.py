"""The box's printed facts, read once from the box profile (data/gugong/profile/*.yaml).

Logic never hard-codes a printed value: it reads a `Components` built from the default profile
plus the owner's overrides stored in the setup. Components are immutable and shared between
states (a clone copies the reference, never the data).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache
from typing import Any

from companion.core import box
from companion.core.profile import BoxProfile
from companion.core.profile_checks import refuse

GAME = "gugong"

BASE_TILES = ("servant1", "servant2", "envoy", "intrigue", "jade_card", "vp2", "swap", "recover", "canal", "wall",
              "jade_pay", "double")
BONUS_TILES = ("bonus_value", "bonus_vp", "bonus_follow")
CARD_ACTIONS = ("palace", "canal", "wall", "decree", "intrigue", "servant1", "servant2", "swap", "none")
CARD_SETS = ("start", "deck", "p1", "p2", "p3", "p4", "p5")


@dataclass(frozen=True)
class Card:
    id: int
    value: int
    set: str
    action: str


@dataclass(frozen=True)
class Decree:
    id: str
    level: int
    vp: int
    cost: int
    cost_fact: str = "decree_costs"  # the fact the printed cost comes from ("decrees" where the rules state it)


@dataclass(frozen=True)
class Actions:
    """Fact action_values: costs and steps of the location actions, decrees and tiles (rule text)."""

    exchange_servants: int
    travel_b_cost: int
    wall_b_cost: int
    intrigue_a_steps: int
    intrigue_b_cost: int
    intrigue_b_steps: int
    palace_a_steps: int
    palace_b_cost: int
    palace_b_steps: int
    palace_b_intrigue: int
    canal_b_cost: int
    discount: int
    morning_intrigue_steps: int
    tile_vp: int
    tile_jade_cost: int
    tile_jade_card_min: int
    tile_envoy_steps: int
    tile_intrigue_steps: int
    wall_envoy_steps: int
    dice_envoy_steps: int
    morning_envoy_steps: int
    morning_servants: int
    bonus_servants: int
    bonus_vp: int


@dataclass(frozen=True)
class MengActions:
    """Fact meng.action_values: costs and steps of Meng's dusk actions and special cards (solo rule text)."""

    swap_vp: int
    special_travel_steps: int
    special_intrigue_steps: int
    special_palace_steps: int
    special_palace_intrigue: int
    special_wall_servants: int
    special_canal_servants: int
    dusk_wall_cost: int
    dusk_intrigue_cost: int
    dusk_intrigue_steps: int
    dusk_palace_cost: int
    dusk_palace_steps: int
    dusk_palace_intrigue: int
    dusk_canal_cost: int


@dataclass(frozen=True)
class MengFacts:
    """Facts meng.*: Meng's pieces, deck and path (solo), as the profile holds them (fact meng.<field>)."""

    name: str
    automa_cards: dict[str, int]
    dusk_actions: dict[str, str]
    difficulty_special_cards: dict[str, int]
    hard_extra_cards: int
    card_sets: dict[str, list[str]]
    fixed_matches: dict[str, int]
    port_reward_cards: int
    path: list[int]
    blue_arrows: dict[str, int]
    decree_lower_slot: int


@dataclass(frozen=True)
class Components:
    profile: BoxProfile
    cards: tuple[Card, ...]
    locations: tuple[str, ...]
    decrees: dict[str, Decree]
    days: int
    servants: int
    start_pool: int
    income: dict[int, int]
    wall_size: dict[int, int]
    wall_vp: int
    intrigue_max: int
    benefits: dict[str, int]
    palace_steps: int
    palace_overflow_vp: int  # VP for each envoy step beyond the palace
    dice_count: int
    dice_faces: tuple[int, ...]
    dice_vp: int
    jade_total: int
    jade_houses: tuple[tuple[int, int], ...]  # (cost, jade fields)
    jade_square_price: int
    routes: dict[int, int]
    ports: int
    boats: int
    boat_capacity: int
    port_rewards: dict[int, tuple[str, ...]]
    port_vp: int
    reward_slots: dict[str, int]
    tiles: dict[str, int]
    bonus_tiles: dict[str, int]
    tile_limit: int
    trades: dict[str, int]
    trade_vp: int
    cities: int
    roads: tuple[tuple[int, int], ...]
    map_verified: bool
    decree_spaces: int
    decrees_per_level: int  # tiles laid out per decree level at setup
    act: Actions  # costs and steps of the location actions, decrees and tiles (rule text)
    meng_act: MengActions  # Meng's (solo): the same for his dusk actions and special cards
    meng: MengFacts

    def neighbours(self) -> dict[int, tuple[int, ...]]:
        return _neighbours(self.roads, self.cities)

    @property
    def decree_levels(self) -> int:
        return max(d.level for d in self.decrees.values())

    @property
    def decree_slots(self) -> int:
        """Decree spaces on the board: `decrees_per_level` for each level."""
        return self.decree_levels * self.decrees_per_level

    def decree_level(self, slot: int) -> int:
        """The level of a decree space (1-based), the spaces ordered level by level."""
        return slot // self.decrees_per_level + 1

    def level_slots(self, level: int) -> list[int]:
        first = (level - 1) * self.decrees_per_level
        return list(range(first, first + self.decrees_per_level))


@cache
def _neighbours(roads: tuple[tuple[int, int], ...], cities: int) -> dict[int, tuple[int, ...]]:
    out: dict[int, list[int]] = {c: [] for c in range(cities)}
    for a, b in roads:
        out[a].append(b)
        out[b].append(a)
    return {c: tuple(sorted(v)) for c, v in out.items()}


def _int_keys(d: dict[Any, Any]) -> dict[int, Any]:
    return {int(k): v for k, v in d.items()}


def build(profile: BoxProfile) -> Components:
    v = profile.value
    raw_cards = v("gift_cards")
    cards = tuple(Card(i, int(c["value"]), str(c["set"]), str(c["action"])) for i, c in enumerate(raw_cards))
    locations = tuple(v("board_locations"))
    _check_cards(cards, int(v("gift_card_count")), int(v("player_set_size")), len(locations))
    decrees = {d["id"]: _decree(d, v("decree_costs")) for d in v("decrees")}
    return Components(
        profile=profile,
        cards=cards,
        locations=locations,
        decrees=decrees,
        days=int(v("days")),
        servants=int(v("servants_per_player")),
        start_pool=int(v("start_pool")),
        income=_int_keys(v("day_income")),
        wall_size=_int_keys(v("wall_size")),
        wall_vp=int(v("wall_majority_vp")),
        intrigue_max=int(v("intrigue_track_length")),
        benefits=dict(v("intrigue_benefits")),
        palace_steps=int(v("palace_steps")),
        palace_overflow_vp=int(v("final_scoring.palace_overflow_vp_per_step")),
        dice_count=int(v("dice_count")),
        dice_faces=tuple(int(x) for x in v("dice_faces")),
        dice_vp=int(v("dice_majority_vp")),
        jade_total=int(v("jade_total")),
        jade_houses=tuple((int(h["cost"]), int(h["jade"])) for h in v("jade_houses")),
        jade_square_price=int(v("jade_square_price")),
        decree_spaces=int(v("decree_spaces")),
        decrees_per_level=int(v("decrees_per_level")),
        act=box.record(Actions, v("action_values")),
        meng_act=box.record(MengActions, v("meng.action_values")),
        meng=MengFacts(**{f.name: v(f"meng.{f.name}") for f in fields(MengFacts)}),
        **_canal(profile),
        **_travel(profile),
    )


def _canal(profile: BoxProfile) -> dict[str, Any]:
    v = profile.value
    return {
        "routes": _int_keys(v("canal_routes")),
        "ports": int(v("canal_ports")),
        "boats": int(v("boats_per_player")),
        "boat_capacity": int(v("boat_capacity")),
        "port_rewards": {int(k): tuple(x) for k, x in v("port_rewards").items()},
        "port_vp": int(v("port_reward_vp")),
        "reward_slots": dict(v("reward_slots")),
    }


def _travel(profile: BoxProfile) -> dict[str, Any]:
    """Travel tiles, trades and the map, checked against the box's tile count and the map's shape."""
    v = profile.value
    roads = tuple((int(a), int(b)) for a, b in v("map_roads"))
    cities = int(v("map_cities"))
    tiles = {k: int(v("travel_tiles").get(k, 0)) for k in BASE_TILES}
    bonus = {k: int(v("bonus_tiles").get(k, 0)) for k in BONUS_TILES}
    total = int(v("travel_tile_total"))
    if sum(tiles.values()) + sum(bonus.values()) != total:
        raise refuse("gugong", "sum", f"the travel tiles add up to {sum(tiles.values()) + sum(bonus.values())}; "
                     f"the box has {total}", "travel_tiles", ["travel_tiles", "bonus_tiles", "travel_tile_total"],
                     added=["travel_tiles", "bonus_tiles"], got=sum(tiles.values()) + sum(bonus.values()),
                     want=total, other="travel_tile_total")
    _check_map(cities, roads)
    return {
        "tiles": tiles,
        "bonus_tiles": bonus,
        "tile_limit": int(v("tile_limit")),
        "trades": dict(v("tile_trades")),
        "trade_vp": int(v("tile_trade_vp")),
        "cities": cities,
        "roads": roads,
        "map_verified": profile.fact("map_roads").verified and profile.fact("map_cities").verified,
    }


def _check_map(cities: int, roads: tuple[tuple[int, int], ...]) -> None:
    if cities % 2 or cities < 2:
        raise refuse("gugong", "even", "the map needs an even number of cities", "map_cities", ["map_cities"],
                     got=cities)
    for a, b in roads:
        if not (0 <= a < cities and 0 <= b < cities):
            raise refuse("gugong", "below", f"a road names city {max(a, b)}", "map_roads", ["map_roads", "map_cities"],
                         bad=max(a, b), top=cities - 1, other="map_cities")


def _check_cards(cards: tuple[Card, ...], total: int, set_size: int, officials: int) -> None:
    read = ["gift_cards", "gift_card_count", "player_set_size", "board_locations"]
    if len(cards) != total:
        raise refuse("gugong", "length", f"the card table lists {len(cards)} gift cards; the box has {total}",
                     "gift_cards", read, got=len(cards), want=total, other="gift_card_count")
    for c in cards:
        if c.set not in CARD_SETS or c.action not in CARD_ACTIONS or not 1 <= c.value <= 9:
            raise refuse("gugong", "card", f"gift card {c.id + 1} is not valid", "gift_cards", read, n=c.id + 1)
    start = [c.value for c in cards if c.set == "start"]
    if len(start) != officials or len(set(start)) != officials:
        raise refuse("gugong", "start_cards", f"the {officials} start cards need {officials} different values",
                     "gift_cards", read, want=officials)
    for s in CARD_SETS[2:]:
        got = sum(1 for c in cards if c.set == s)
        if got != set_size:
            raise refuse("gugong", "set_size", f"player set {s} has {got} cards; each has {set_size}", "gift_cards",
                         read, n=CARD_SETS.index(s) - 1, got=got, want=set_size)


def _decree(record: dict[str, Any], costs: dict[str, Any]) -> Decree:
    """A decree tile: its cost is in its record where the rules state it, else in the owner-checked decree_costs."""
    level, vp = int(record["level"]), int(record["vp"])
    if "cost" in record:
        return Decree(record["id"], level, vp, int(record["cost"]), "decrees")
    return Decree(record["id"], level, vp, int(costs[record["id"]]))


def current_overrides(overrides: dict[str, Any]) -> dict[str, Any]:
    """The owner's overrides in today's fact keys. An old "decrees" override held every tile's cost in its records
    (id, level, vp, cost): the costs become "decree_costs", the ids, levels and VP stay under "decrees"."""
    old = overrides.get("decrees")
    if not isinstance(old, list) or not any(isinstance(d, dict) and "cost" in d for d in old):
        return overrides
    out = {k: v for k, v in overrides.items() if k != "decrees"}
    out["decrees"] = [{k: v for k, v in d.items() if k != "cost"} if isinstance(d, dict) else d for d in old]
    costs = {str(d["id"]): d["cost"] for d in old if isinstance(d, dict) and "cost" in d and "id" in d}
    out.setdefault("decree_costs", costs)
    return out


box.register(GAME, build, migrate=current_overrides)


def components(overrides: dict[str, Any] | None = None, seen: Any = (), partly: Any = ()) -> Components:
    """Components for the default profile with the owner's overrides (core.box: cached per distinct box);
    the facts named in `seen` were recorded from what a table saw (status "seen"), in `partly` only in part."""
    return box.components(GAME, overrides, seen or (), partly or ())


def for_setup(setup: dict[str, Any] | None) -> Components:
    """The box a game was set up with: the default profile, the owner's overrides and what tables saw (a part
    of the setup that is not of the right shape counts as absent; normalize_setup refuses it for a new game)."""
    profile = (setup or {}).get("profile") or {}
    if not isinstance(profile, dict):
        return components()
    overrides, seen, partly = profile.get("overrides"), profile.get("seen"), profile.get("partly")
    return components(overrides if isinstance(overrides, dict) else {}, seen if isinstance(seen, list) else (),
                      partly if isinstance(partly, list) else ())
