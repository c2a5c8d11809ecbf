"""5B I Schicksalsaktionen: build boats, plant crops, sell at the city market, upgrade factories, choose
progress; the taxation disc. Names: Angelika = 0, Marion = 1, Tanja = 2 (the rulebook's examples)."""

from __future__ import annotations

from companion.yinzi import taxation
from companion.yinzi.components import for_overrides as box_for
from companion.yinzi.engine import GAME

from .table import BOATS, NAMES, A, M, act, acts, at_actions, draw_first, give_factory, only_options, turn_of


def test_marion_three_crop_planting():
    """RULES-Y 5B Pflanzen anbauen, Beispiel: a 3-card; she buys a bamboo tile for 2 copper (Jiangxi, two
    cubes), puts two cubes on a rice field and one on fruit in Zhejiang."""
    state = at_actions(NAMES, {"crops.track_costs": [3, 2, 1, 1, 2, 3]})
    state = turn_of(state, M, hand=[[3, 1], [1, 4], [2, 2]])
    state.crop_track[1] = "bamboo"
    cubes, copper = state.players[M].cubes, state.players[M].copper
    state = acts(
        state,
        {"type": "fate", "action": "plant", "card": [3, 1], "tax": False},
        {"type": "buy_crop", "slot": 1, "province": "jiangxi"},
    )
    state = draw_first(state)  # a new crop tile is drawn onto the rightmost field
    state = acts(
        state,
        {"type": "plant", "province": "zhejiang", "good": "rice", "fields": 1},
        {"type": "plant", "province": "zhejiang", "good": "fruit", "fields": 1},
    )
    pl = state.players[M]
    assert pl.copper == copper - 2 and pl.cubes == cubes - 5
    assert pl.fields == {"zhejiang/rice": 2, "zhejiang/fruit": 1}
    assert state.tiles[-1] == {"province": "jiangxi", "good": "bamboo", "owner": M, "cubes": 2}
    assert GAME.decision(state).kind == "yinzi.fate_plant"  # one execution left; buying was not one
    assert not [o for o in only_options(state) if o["type"] == "buy_crop"]  # only one purchase per action

def test_angelika_market_sales_of_7_copper():
    """RULES-Y 5B Auf dem städtischen Markt verkaufen, Beispiel: salt from Jiangxi to the Jiangxi market (2),
    two sugar cane from Huguang (3 on the coin field, then 2): 7 copper, boat capacity 2 needed."""
    state = at_actions(NAMES, BOATS)
    state = turn_of(state, A, hand=[[3, 1], [1, 4], [2, 2]], boat=2)
    state.markets["jiangxi"]["tile"] = "m1"
    box = box_for(state.overrides)
    assert set(box.city_markets.tiles["m1"]["goods"]) >= {"salt", "sugarcane"}
    state.players[A].fields = {"jiangxi/salt": 1}
    state.tiles.append({"province": "huguang", "good": "sugarcane", "owner": A, "cubes": 2})
    state.players[A].cubes -= 3
    copper = state.players[A].copper
    cane = f"t/{len(state.tiles) - 1}"
    state = acts(
        state,
        {"type": "fate", "action": "city_market", "card": [3, 1], "tax": False},
        {"type": "sell_city", "src": "f/jiangxi/salt", "market": "jiangxi", "coin": False},
        {"type": "sell_city", "src": cane, "market": "jiangxi", "coin": True},
    )
    assert {"type": "sell_city", "src": cane, "market": "jiangxi", "coin": True} not in only_options(state)
    state, events = act(state, {"type": "sell_city", "src": cane, "market": "jiangxi", "coin": False})
    assert state.players[A].copper == copper + 7
    assert [e.params["copper"] for e in events if e.code == "yinzi.sold_city"] == [2]
    assert len(state.markets["jiangxi"]["raw"]) == 3  # the cubes are now raw materials

def test_market_sale_needs_boat_capacity():
    """RULES-Y 5B: one capacity per cube and border; with capacity 1 only one sugar cane crosses."""
    state = at_actions(NAMES, BOATS)
    state = turn_of(state, A, hand=[[3, 1], [1, 4], [2, 2]], boat=1)
    state.markets["jiangxi"]["tile"] = "m1"
    state.tiles.append({"province": "huguang", "good": "sugarcane", "owner": A, "cubes": 2})
    state.players[A].cubes -= 2
    cane = f"t/{len(state.tiles) - 1}"
    state = acts(
        state,
        {"type": "fate", "action": "city_market", "card": [3, 1], "tax": False},
        {"type": "sell_city", "src": cane, "market": "jiangxi", "coin": True},
    )
    assert [o["type"] for o in only_options(state)] == ["sell_city", "done"]  # only to Huguang's own market
    assert only_options(state)[0]["market"] == "huguang"

def test_angelika_factory_upgrades():
    """RULES-Y 5B Fabriken ausbauen, Beispiel: a 3-card builds a new factory, raises it to level II and
    another of hers to level III: 1 stone and 8 copper (3 + 5)."""
    state = at_actions(NAMES)
    state = turn_of(state, A, hand=[[3, 1], [1, 4], [2, 2]], stone=1, copper=10)
    state.stone_box -= 1
    state.bank_copper -= 6
    other = give_factory(state, A, "silk", "red", "zhejiang", 2)
    kind = state.factory_display[0]
    state = acts(
        state,
        {"type": "fate", "action": "upgrade_factories", "card": [3, 1], "tax": False},
        {"type": "build_factory", "factory": kind, "province": "huguang", "pay": "stone"},
    )
    state = draw_first(state)  # the display is refilled from the stack
    new = len(state.factories) - 1
    state = acts(state, {"type": "upgrade", "factory": new}, {"type": "upgrade", "factory": other})
    pl = state.players[A]
    assert (pl.stone, pl.copper) == (0, 2)
    assert state.factories[new]["level"] == 2 and state.factories[other]["level"] == 3
    assert GAME.invariants(state) == []

def test_abandoned_factory_can_be_claimed_with_an_upgrade():
    """RULES-Y 5D II Flächenbrand: any player may later claim it with the Upgrade factories action."""
    state = at_actions(NAMES)
    p = state.order[0]
    state.factories.append(
        {"ware": "silk", "color": "red", "province": "jiangxi", "owner": None, "level": 0, "wares": []}
    )
    state = turn_of(state, p, hand=[[1, 4], [1, 4], [1, 4]])
    copper = state.players[p].copper
    state = acts(
        state,
        {"type": "fate", "action": "upgrade_factories", "card": [1, 4], "tax": False},
        {"type": "upgrade", "factory": len(state.factories) - 1},
    )
    assert state.factories[-1]["owner"] == p and state.factories[-1]["level"] == 1
    assert state.players[p].copper == copper

def test_taxation_disc_adds_an_execution_and_counts_for_taxes():
    """RULES-Y 5B I: a disc on the taxation field executes the action once more; 5D V counts it."""
    state = at_actions(NAMES)
    p = state.order[0]
    state = turn_of(state, p, hand=[[3, 1], [3, 1], [3, 1]], wood=4, boat=1)
    state.wood_box -= 4 - 0
    state.players[p].wood = 4
    state = acts(state, {"type": "fate", "action": "build_boats", "card": [3, 1], "tax": True})
    assert GAME.decision(state).params["left"] == 4
    for _ in range(4):
        state = acts(state, {"type": "build_boat", "pay": "wood"})
    assert state.players[p].boat == 5 and state.players[p].tax_discs == 1
    state.players[p].played = state.players[p].played * 3  # three 3-cards + 1 disc = 10: 2 silver
    assert taxation.tax_due(state, p) == 2
