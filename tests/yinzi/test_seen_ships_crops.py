"""Issue 22 point 3 for Yinzi: ships and two players' crop removal are recorded item by item.

A game proves the ships it turned up (each by its nation and places) and the sorts of crop tile the table showed
beyond the two-player removal; "Record what was seen" keeps exactly those, the rest of the fact stays as it was,
and the fact is seen as a whole only when every ship (every sort) was (rulings 38, 39 and 46).
"""

from __future__ import annotations

from collections import Counter

from companion.core import apply, seen_items
from companion.core.profile import load_default
from companion.core.seen_items import item_key
from companion.yinzi.components import for_overrides
from companion.yinzi.engine import GAME
from companion.yinzi.seen_items import items_seen

from .test_table_entry import NEW_SHIP, PLAYERS, _crop_entry, _ship_game

SHIPS, REMOVED = "ships.kinds", "crops.removed_2p"


def _record(found: dict) -> tuple[dict, list, list]:
    overrides, seen, partly, _proofs = seen_items.record(load_default("yinzi"), {}, found)
    return overrides, seen, partly


def test_ships_are_recorded_ship_by_ship_and_the_rest_keeps_its_layouts():
    setup, _state, log = _ship_game(4)
    found = items_seen(GAME, setup, log)
    japan = found[SHIPS]["japan"]
    assert japan[item_key(sorted(NEW_SHIP["slots"]))] == 1  # the ship the table entered
    turned_up = sum(n for nation in found[SHIPS].values() for n in nation.values())
    assert 0 < turned_up < 18  # the game turned up some ships, not all 18
    overrides, seen, partly = _record(found)
    assert SHIPS in partly and SHIPS not in seen  # still unverified: ships never turned up are the placeholder's
    layouts = overrides[SHIPS]["japan"]["layouts"]
    assert sorted(NEW_SHIP["slots"]) in layouts and len(layouts) == 4
    default = load_default("yinzi").value(SHIPS)
    for nation, spec in overrides[SHIPS].items():
        shown = Counter(found[SHIPS].get(nation, {}))
        if not shown - Counter(item_key(sorted(spec["slots"])) for _ in range(int(spec["count"]))):
            assert spec == default[nation]  # a nation whose ships showed nothing new keeps its value
    box = for_overrides(overrides, seen, partly)
    assert sum(int(s["count"]) for s in box.ship_kinds.values()) == 18
    assert box.profile.fact(SHIPS).status == "partly"


def test_a_proof_of_every_ship_makes_the_fact_seen_as_a_whole():
    default = load_default("yinzi").value(SHIPS)
    every = {n: {item_key(sorted(s["slots"])): int(s["count"])} for n, s in default.items()}
    every["japan"] = {item_key(sorted(NEW_SHIP["slots"])): 1, item_key(sorted(default["japan"]["slots"])): 3}
    overrides, seen, _partly = _record({SHIPS: every})
    assert SHIPS in seen and overrides[SHIPS]["japan"]["layouts"].count(sorted(NEW_SHIP["slots"])) == 1
    assert overrides[SHIPS]["korea"] == default["korea"]


def test_two_players_crop_removal_is_recorded_for_the_sorts_the_table_showed():
    state, _d, crops, log = next(r for seed in range(1, 30) if (r := _crop_entry(seed, PLAYERS[:2]))[1] is not None)
    crop = crops[0]["seen"]["crop"]
    log = [*log, crops[0]]
    after, _ = apply(GAME, state, crops[0])
    found = items_seen(GAME, GAME.normalize_setup({"players": PLAYERS[:2], "seed": state.seed, "table_entry": True}),
                       log)
    assert found[REMOVED] == {crop: for_overrides(after.overrides).profile.value(REMOVED)[crop]}
    overrides, seen, partly = _record(found)
    default = load_default("yinzi").value(REMOVED)
    assert overrides[REMOVED] == {**default, crop: default[crop] - 1}
    assert REMOVED in partly and REMOVED not in seen  # the other sorts were never shown
