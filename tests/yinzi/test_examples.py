"""Every worked example of the Yinzi rulebook (RULES-Y = shared/rules/yinzi-rules-de.txt), played through
engine actions. Names: Angelika = 0, Marion = 1, Tanja = 2. Printed values that the rulebook only shows
as pictures are given as box-profile overrides so each test states exactly what the example shows."""

from __future__ import annotations

from companion.core.steps import FORCED
from companion.yinzi import emperor, feeding, taxation, war
from companion.yinzi.components import for_overrides as box_for
from companion.yinzi.engine import GAME

from .table import act, acts, arrange, at_actions, draw_first, new_game, only_options, settled, top, turn_of

NAMES = ["Angelika", "Marion", "Tanja"]
A, M, T = 0, 1, 2
RATES = {"exchange.rates": [6, 8, 10, 12, 14, 16]}  # rate 10 on die field 3
BOATS = {"boat.capacities": [1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7]}  # 3 steps from field 2 take 2 to 4


def _take_workers(state, p, **where):
    pl = state.players[p]
    for key, n in where.items():
        if key == "tableau":
            pl.tableau = dict(n)
            pl.workers -= sum(n.values())
        elif key == "boxes":
            pl.boxes = dict(n)
            pl.workers -= sum(n.values())
        else:
            setattr(pl, key, n)
            pl.workers -= n


def _give_factory(state, p, ware, color, province, level, wares=()):
    state.factories.append(
        {"ware": ware, "color": color, "province": province, "owner": p, "level": level, "wares": list(wares)}
    )
    state.players[p].discs -= level
    for q in wares:
        state.players[q].wares -= 1
    return len(state.factories) - 1


def test_marion_bonus_and_tea_tile():
    """RULES-Y 5A Beispiel: Marion, first in provisional order, takes 'feed workers', buys the tea tile
    above it for 1 copper and places it with two cubes in Jiangxi."""
    state = new_game(NAMES, {"crops.track_costs": [3, 2, 1, 1, 2, 3]})
    state.crop_track[2] = "tea"
    state.prov_order = [M, A, T]
    arrange(state, "bonus", *({"k": "bonus", "p": p} for p in state.prov_order), {"k": "bonus_crop_refill"})
    assert {"type": "bonus", "bonus": "feed_free", "crop": True} in only_options(state)
    state = acts(state, {"type": "bonus", "bonus": "feed_free", "crop": True})
    assert state.players[M].copper == 3
    state = acts(state, {"type": "place_crop", "province": "jiangxi"})
    assert state.tiles[-1] == {"province": "jiangxi", "good": "tea", "owner": M, "cubes": 2}
    assert state.bonus_of[M] == "feed_free" and state.players[M].cubes == 13
    assert GAME.decision(state).player == A  # the next in provisional order chooses
    assert {"type": "bonus", "bonus": "feed_free", "crop": False} not in only_options(state)  # one player per bonus


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
        {"type": "plant", "province": "zhejiang", "good": "rice"},
        {"type": "plant", "province": "zhejiang", "good": "fruit"},
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
    assert set(box.v("city_markets.tiles")["m1"]["goods"]) >= {"salt", "sugarcane"}
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
    other = _give_factory(state, A, "silk", "red", "zhejiang", 2)
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


def test_marion_resources():
    """RULES-Y 5B Ressourcen nehmen, Beispiel: three workers, two wood and one stone, three copper."""
    state = at_actions(NAMES)
    state = turn_of(state, M, actions_done=1, fate_used=["plant"])
    _take_workers(state, M, tableau={"plant": 3})
    pl = state.players[M]
    before = (pl.wood, pl.stone, pl.copper)
    state = acts(
        state,
        {"type": "worker", "action": "resources", "group": "plant"},
        {"type": "take", "resource": "wood"},
        {"type": "take", "resource": "wood"},
        {"type": "take", "resource": "stone"},
    )
    pl = state.players[M]
    assert (pl.wood, pl.stone, pl.copper) == (before[0] + 2, before[1] + 1, before[2] - 3)
    assert pl.boxes["resources"] == 3 and GAME.invariants(state) == []


def test_tanja_production_with_outsourcing():
    """RULES-Y 5B Waren produzieren, Beispiel: two workers plus one migrant; a red raw material from the
    Huguang market to her level-II porcelain factory in Zhejiang (two borders), one from the Nanzhili market
    to Marion's level-II paper factory in Nanzhili; capacity 3; she pays Marion 3 copper."""
    state = at_actions(NAMES, BOATS)
    state = turn_of(state, T, actions_done=1, fate_used=["plant"], boat=3)
    _take_workers(state, T, tableau={"plant": 2}, migr_lower=1)
    own = _give_factory(state, T, "porcelain", "red", "zhejiang", 2)
    marions = _give_factory(state, M, "paper", "red", "nanzhili", 2)
    state.markets["huguang"]["raw"].append([A, ""])  # Angelika plays red
    state.markets["nanzhili"]["raw"].append([A, ""])
    state.players[A].cubes -= 2
    copper_t, copper_m, cubes_a = state.players[T].copper, state.players[M].copper, state.players[A].cubes
    state = acts(state, {"type": "worker", "action": "produce", "group": "plant"})
    assert only_options(state)[-1] == {"type": "migrants", "count": 1}
    state = acts(
        state,
        {"type": "migrants", "count": 1},
        {"type": "produce", "factory": own, "raw": ["m/huguang/"]},
        {"type": "produce", "factory": marions, "raw": ["m/nanzhili/"]},
    )
    assert state.factories[own]["wares"] == [T] and state.factories[marions]["wares"] == [T]
    assert state.players[T].copper == copper_t - 3 and state.players[M].copper == copper_m + 3
    assert state.players[A].cubes == cubes_a + 2 and state.players[T].boxes["produce"] == 3
    assert GAME.invariants(state) == []


def test_marion_ships_delivery():
    """RULES-Y 5B Schiffe beliefern, Beispiel: three workers; porcelain from Huguang (2 borders) completes the
    Portuguese ship, which sails (Portugal's market then holds 3) and a Dutch ship arrives; porcelain from
    Nanzhili completes the Japanese ship, whose ware goes to the general market of the East; a ship from
    Brunei arrives and takes her salt pair from Zhejiang and Nanzhili. Three silver; capacity 5 needed."""
    state = at_actions(NAMES, BOATS)
    state = turn_of(state, M, actions_done=1, fate_used=["plant"], boat=7)
    _take_workers(state, M, tableau={"plant": 2}, migr_lower=1)
    hug = _give_factory(state, M, "porcelain", "green", "huguang", 1, wares=[M])
    nan = _give_factory(state, M, "porcelain", "green", "nanzhili", 1, wares=[M])
    state.players[M].fields = {"zhejiang/salt": 1, "nanzhili/salt": 1}
    state.players[M].cubes -= 2
    state.coast[0] = {
        "nation": "portugal",
        "slots": [
            {"need": "porcelain", "items": []},
            {"need": "silk", "items": [{"kind": "ware", "owner": A, "ware": "silk"}]},
            {"need": "salt", "items": [{"kind": "cube", "owner": T}, {"kind": "cube", "owner": T}]},
        ],
    }
    state.coast[1] = {
        "nation": "japan",
        "slots": [
            {"need": "tea", "items": [{"kind": "cube", "owner": T}]},
            {"need": "porcelain", "items": []},
        ],
    }
    state.ship_rows[0] = {"top": "netherlands", "hidden": 0}
    state.ship_rows[1] = {"top": "brunei", "hidden": 0}
    state.foreign["portugal"] = [A]
    state.foreign["japan"] = [T, T, T]
    state.players[A].wares -= 2
    state.players[T].wares -= 3
    state.players[T].cubes -= 3
    silver = state.players[M].silver
    state = acts(
        state,
        {"type": "worker", "action": "ship", "group": "plant"},
        {"type": "migrants", "count": 1},
        {"type": "ship", "row": 0, "slot": 0, "ware": hug},
    )
    assert sorted(state.foreign["portugal"]) == [A, A, M] and state.coast[0]["nation"] == "netherlands"
    state = acts(state, {"type": "ship", "row": 1, "slot": 1, "ware": nan})
    assert state.foreign["general_east"] == [M] and state.coast[1]["nation"] == "brunei"
    assert state.players[T].cubes == 15 - 0 - sum(state.players[T].fields.values())  # tea and salt went home
    state = acts(state, {"type": "ship", "row": 1, "slot": 0, "salt": ["f/nanzhili/salt", "f/zhejiang/salt"]})
    assert state.players[M].silver == silver + 3
    assert state.coast[1]["slots"][0]["items"] == [{"kind": "cube", "owner": M}] * 2
    assert GAME.invariants(state) == []


def test_ship_delivery_refused_beyond_capacity():
    """RULES-Y 5B: the same delivery with capacity 4 cannot also bring the salt pair (5 needed)."""
    state = at_actions(NAMES, BOATS)
    state = turn_of(state, M, actions_done=1, fate_used=["plant"], boat=5)
    _take_workers(state, M, tableau={"plant": 3})
    hug = _give_factory(state, M, "porcelain", "green", "huguang", 1, wares=[M])
    state.players[M].fields = {"zhejiang/salt": 1, "nanzhili/salt": 1}
    state.players[M].cubes -= 2
    state.coast[0] = {"nation": "japan", "slots": [{"need": "tea", "items": []}, {"need": "porcelain", "items": []}]}
    state = acts(
        state,
        {"type": "worker", "action": "ship", "group": "plant"},
        {"type": "ship", "row": 0, "slot": 1, "ware": hug},
    )  # 2 of 4
    assert [o for o in only_options(state) if o.get("salt")]  # 2 more fit
    state.players[M].boat = 4  # capacity 3
    assert not [o for o in only_options(state) if o.get("salt")]


def test_marion_emperor_project():
    """RULES-Y 5B Die Vorhaben des Kaisers, Beispiel: Angelika holds the third box; Marion takes three
    workers, uses the two-worker box (road) and puts the third in the upper migration area; in the
    execution phase she gets 3 copper and an infrastructure tile from the discard stack."""
    state = at_actions(NAMES)
    state.emperor["waterway"] = [A]
    _take_workers(state, A, boxes={"emperor": 3})
    state = turn_of(state, M, actions_done=1, fate_used=["plant"])
    _take_workers(state, M, tableau={"plant": 3})
    state = acts(state, {"type": "worker", "action": "emperor", "group": "plant"})
    boxes = {o["box"] for o in only_options(state)}
    assert "waterway" not in boxes and {"palace", "road"} <= boxes
    state = acts(state, {"type": "emperor", "box": "road", "extra_worker": False, "double": False})
    assert state.players[M].migr_upper == 1 and state.emperor["road"] == [M]
    copper = state.players[M].copper
    arrange(state, "emperor")
    emperor.rewards(state)
    assert state.players[M].copper == copper + 3
    # only face-down tiles are left: that one possible pick is taken for the table, which enters the tile
    assert top(state)["k"] == "draw_infra_hidden"
    state = draw_first(state)
    assert len(state.players[M].personal_infra) == 1


def test_marion_and_tanja_war_box():
    """RULES-Y 5B Krieg & Infrastruktur, Beispiel: Tanja put three workers on the leftmost field; Marion puts
    two on the second field and delivers a paper ware to the second infrastructure tile (2 copper)."""
    state = at_actions(NAMES)
    state.war_box = [[T, 3]]
    _take_workers(state, T, boxes={})
    state.players[T].workers -= 3
    state = turn_of(state, M, actions_done=1, fate_used=["plant"])
    _take_workers(state, M, tableau={"plant": 2})
    paper = _give_factory(state, M, "paper", "green", "jiangxi", 1, wares=[M])
    state.infra_rows[1]["top"] = 2  # profile tile 2: 'silk, sugar or paper ware: 2 copper, 2 VP'
    copper = state.players[M].copper
    state = acts(
        state,
        {"type": "worker", "action": "war", "group": "plant"},
        {"type": "war", "workers": 2},
    )
    state, events = act(state, {"type": "fulfil", "row": 1})
    # her paper ware is the only ware that meets the demand: delivered for her, reported as such
    assert [e.params["action"] for e in events if e.code == FORCED] == [{"type": "give", "ware": paper}]
    assert state.war_box == [[T, 3], [M, 2]]
    assert state.players[M].copper == copper + 2 and state.infra_rows[1]["by"] == M
    assert GAME.invariants(state) == []


def _war(workers: list[list[int]], war_values: list[int]):
    state = at_actions(NAMES)
    tiles = box_for(state.overrides).v("infra.tiles")
    for row, value in zip(state.infra_rows, war_values, strict=True):
        row["top"] = next(i for i, t in enumerate(tiles) if t["war"] == value)
    state.war_box = workers
    return state


def test_six_symbol_war():
    """RULES-Y 5D I Kriegsruhm, Beispiel: 6 war symbols, 8 workers: won. Marion and Tanja have 3 each;
    Tanja placed first and takes the 4-VP space, Marion the 2-VP space."""
    state = _war([[T, 3], [M, 3], [A, 2]], [3, 3, 0])
    assert war.war_symbols(state) == 6
    events = war.resolve_war(state)
    assert events[0].params == {"workers": 8, "symbols": 6, "won": True}
    assert state.players[T].war_discs == {"4": 1, "2": 0}
    assert state.players[M].war_discs == {"4": 0, "2": 1}
    assert state.players[A].war_discs == {"4": 0, "2": 0}


def test_lost_war_gives_only_the_2vp_space():
    """RULES-Y 5D I: fewer workers than symbols: only the player with most workers scores 2 VP."""
    state = _war([[T, 3], [M, 3], [A, 2]], [3, 3, 3])
    war.resolve_war(state)
    assert state.players[T].war_discs == {"4": 0, "2": 1}
    assert state.players[M].war_discs == {"4": 0, "2": 0}


def test_marion_feeding_with_11_workers():
    """RULES-Y 5C Arbeiter ernähren, Beispiel: 11 workers, 2 of them migrants: 4 food. Two rice and two fruit
    make 3; one food is missing: one misfortune tile."""
    state = at_actions(NAMES)
    _take_workers(state, M, boxes={"resources": 3, "produce": 3, "ship": 3}, migr_upper=2)
    state.players[M].fields = {"zhejiang/rice": 2, "zhejiang/fruit": 2}
    state.players[M].cubes -= 4
    arrange(state, "feeding")
    state.bonus_of = [None, None, None]
    feeding.feed_workers(state)
    assert state.stack[-1] == {"k": "feed", "p": M, "need": 4, "halves": 0}
    state = acts(state, {"type": "feed", "src": "f/zhejiang/fruit"})
    state, events = act(state, {"type": "feed", "src": "f/zhejiang/fruit"})
    # then only rice is left, then nothing: each a single possibility, taken for the table
    forced = [e.params["action"] for e in events if e.code == FORCED]
    assert forced == [{"type": "feed", "src": "f/zhejiang/rice"}] * 2 + [{"type": "feed_done"}]
    fed = next(e for e in events if e.code == "yinzi.fed")
    assert fed.params == {"player": M, "food": 4, "free": False, "misfortune": 1}
    assert state.players[M].misfortune == 1


def test_marion_taxes_at_rate_10():
    """RULES-Y 5D V Besteuerung, Beispiel: 2 silver due; she has 1 silver, 5 copper and one wheat cube; at
    10 copper per silver even selling the wheat would not buy the second: she pays the silver and the 5
    copper and takes one misfortune tile."""
    state = at_actions(NAMES, RATES)
    state.die = 3
    box = box_for(state.overrides)
    assert box.rate(state.die) == 10
    pl = state.players[M]
    pl.played = [{"action": a, "fate": 3, "workers": 1, "tax": False} for a in ("plant", "progress", "city_market")]
    pl.silver, pl.copper = 1, 5
    state.bank_silver -= 1
    state.bank_copper += state.players[M].copper - 5
    pl.fields = {"nanzhili/wheat": 1}
    pl.cubes -= 1
    arrange(state, "taxation")
    for q in (A, T):
        state.players[q].played = []
    taxation.taxation(state)
    assert {"type": "sell_local", "src": "f/nanzhili/wheat"} in only_options(state)
    state, events = act(state, {"type": "pay_tax"})
    taxed = next(e for e in events if e.code == "yinzi.taxed" and e.params["player"] == M)
    assert taxed.params["paid"] == 1 and taxed.params["misfortune"] == 1 and taxed.params["copper_lost"] == 5
    assert (state.players[M].silver, state.players[M].copper, state.players[M].misfortune) == (0, 0, 1)


def test_taxes_paid_by_forced_exchange():
    """RULES-Y 5D V and 5F: no silver but enough copper: exactly one silver's worth is exchanged."""
    state = at_actions(NAMES, RATES)
    state.die = 3
    assert box_for(state.overrides).rate(state.die) == 10
    pl = state.players[M]
    pl.played = [{"action": "plant", "fate": 2, "workers": 1, "tax": False}] * 3  # 6: one silver
    pl.copper = 13
    state.bank_copper -= 13 - 4
    arrange(state, "taxation")
    for q in (A, T):
        state.players[q].played = []
    taxation.taxation(state)
    events = settled(state)  # nothing to sell: paying is the one possibility, done for the table
    assert {"type": "pay_tax"} in [e.params["action"] for e in events if e.code == FORCED]
    assert (state.players[M].silver, state.players[M].copper, state.players[M].misfortune) == (0, 3, 0)
    assert GAME.invariants(state) == []
