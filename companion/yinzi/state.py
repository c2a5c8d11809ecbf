"""The table as plain data: one ledger per player plus the shared board, all JSON-able.

Counts of the box (discs, cubes, workers, coins in the bank) are not defaults here: the setup
reads them from the box profile (companion.yinzi.components). Copies are written from these fields
(companion.core.copies): a new field needs no copy code.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from companion.core.steps import Stack

from .editions import CURRENT

BONUSES = ("free_progress", "better_sales", "feed_free", "no_taxation", "boat", "factory_upgrade")
FATE_ACTIONS = ("build_boats", "plant", "city_market", "upgrade_factories", "progress")
WORKER_ACTIONS = ("resources", "emperor", "produce", "war", "ship")
WHOLE_FOOD = ("rice", "wheat", "grain")
HALF_FOOD = ("fruit", "cabbage", "potato")
FOODS = ("rice", "wheat", "grain", "fruit", "cabbage", "potato")
LOCAL_SELLABLE = ("wheat", "cabbage", "fruit", "grain", "potato")
CITY_GOODS = ("ramie", "sugarcane", "cotton", "tea", "salt", "bamboo")
DISASTERS = ("wildfire", "flood", "drought")
PROGRESS_AREAS = ("diplomacy", "economy", "emperor", "war")
NATION_OF_AMBASSADOR = {
    "amb_brunei": "brunei",
    "amb_korea": "korea",
    "amb_japan": "japan",
    "amb_portugal": "portugal",
    "amb_spain": "spain",
    "amb_netherlands": "netherlands",
}


@dataclass
class Player:
    name: str
    color: str
    copper: int = 0
    silver: int = 0
    virtual_copper: int = 0  # of `copper`, the part from the virtual-copper disc: lapses at the end of the turn
    wood: int = 0
    stone: int = 0
    boat: int = 1  # field on the boat track (1 = leftmost)
    discs: int = 0  # in the player's supply
    cubes: int = 0
    wares: int = 0
    workers: int = 0  # in the player's supply
    tableau: dict[str, int] = field(default_factory=dict)  # fate action -> workers lying under it
    boxes: dict[str, int] = field(default_factory=dict)  # worker action -> workers on the board (not war)
    migr_upper: int = 0
    migr_lower: int = 0
    veterans: int = 0  # workers laid aside in the war box (progress: veterans)
    veterans_round: int = 0  # the round in which they were laid aside
    fields: dict[str, int] = field(default_factory=dict)  # "province/good" -> cubes on printed fields
    deck: list[list[int]] = field(default_factory=list)  # [fate, workers] cards not yet drawn
    hand: list[list[int]] = field(default_factory=list)
    played: list[dict[str, Any]] = field(default_factory=list)  # this round: {action, fate, workers, tax}
    history: list[dict[str, Any]] = field(default_factory=list)  # every card played in the game
    tax_discs: int = 0
    fate_used: list[str] = field(default_factory=list)
    worker_used: list[str] = field(default_factory=list)
    actions_done: int = 0
    misfortune: int = 0
    war_discs: dict[str, int] = field(default_factory=lambda: {"4": 0, "2": 0})
    infra_won: list[dict[str, Any]] = field(default_factory=list)  # {"demand", "vp"}
    personal_infra: list[dict[str, Any]] = field(default_factory=list)  # open tiles to fulfil
    ambassadors_abroad: int = 0
    delivered: dict[str, int] = field(default_factory=lambda: {"ships": 0, "infra": 0, "city": 0, "local": 0})


@dataclass
class YinziState:
    players: list[Player]
    overrides: dict[str, Any]
    seed: int
    phase: str = "setup"  # the phase now running (companion.yinzi.flow)
    round: int = 0
    stack: Stack = field(default_factory=Stack)  # pending steps (companion.core.steps)
    die: int = 0  # field of the exchange die
    die_history: list[list[int]] = field(default_factory=list)  # [from, roll, to]
    prov_order: list[int] = field(default_factory=list)
    order: list[int] = field(default_factory=list)
    bonus_of: list[str | None] = field(default_factory=list)
    crop_track: list[str | None] = field(default_factory=list)  # one field per crop-track cost
    crop_pool: dict[str, int] = field(default_factory=dict)  # face-down crop tiles by sort
    crop_reserve: dict[str, int] = field(default_factory=dict)  # potatoes and grain until Europe arrives
    europe_arrived: bool = False
    tiles: list[dict[str, Any]] = field(default_factory=list)  # crop tiles on the board
    markets: dict[str, dict[str, Any]] = field(default_factory=dict)  # province -> {tile, raw: [[owner, coin]]}
    market_pool: list[str] = field(default_factory=list)
    local_market: list[int] = field(default_factory=list)  # cubes per owner colour
    coast: list[dict[str, Any] | None] = field(default_factory=list)  # ship at the coast per row
    ship_rows: list[dict[str, Any]] = field(default_factory=list)  # {"top": kind|None, "hidden": n}
    ship_pool: dict[str, int] = field(default_factory=dict)  # face-down ships by nation
    foreign: dict[str, list[int]] = field(default_factory=dict)  # nation / general_east|europe -> owners
    factories: list[dict[str, Any]] = field(default_factory=list)
    factory_display: list[str] = field(default_factory=list)  # "ware/colour" face up beside the board
    factory_pool: dict[str, int] = field(default_factory=dict)
    infra_rows: list[dict[str, Any]] = field(default_factory=list)  # {"top", "hidden", "by", "items"}
    infra_pool: list[int] = field(default_factory=list)  # tile indices not yet seen
    discard_known: list[int] = field(default_factory=list)
    discard_hidden: int = 0
    war_box: list[list[int]] = field(default_factory=list)  # [player, workers] left to right
    weakened: int = 0
    levies: list[int] = field(default_factory=list)  # players whose new-levies disc stands in the war box
    emperor: dict[str, list[int]] = field(default_factory=dict)
    progress: dict[str, int] = field(default_factory=dict)  # field -> owner
    progress_fresh: list[str] = field(default_factory=list)  # placed this turn: not cashable yet
    wood_box: int = 0
    stone_box: int = 0
    bank_copper: int = 0  # a signed ledger: players + bank = the box's coins
    bank_silver: int = 0
    turn: int = 0  # index into order during the action phase
    # per seat: sold to / bought from the local market on that player's occasion now open (RULES-Y 6)
    occasion: list[dict[str, bool]] = field(default_factory=list)
    last_order: list[int] = field(default_factory=list)
    rules: int = CURRENT  # the edition of the rules this game is played by (companion.yinzi.editions); not in to_json
    # the table may enter tiles and cards the box profile does not know (companion.yinzi.table_entry)
    table_entry: bool = False
    seen: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # fact -> what the table entered
    # facts of the owner's profile only partly seen at earlier tables (core.seen_items): still unverified
    partly: list[str] = field(default_factory=list)


def from_json(data: dict[str, Any]) -> YinziState:
    """A state back from its JSON data (the engine's to_json)."""
    known = {f.name for f in fields(YinziState)}
    values = {k: v for k, v in data.items() if k in known}
    values["players"] = [Player(**p) for p in data.get("players", [])]
    values["stack"] = Stack(data.get("stack") or [])
    return YinziState(**values)
