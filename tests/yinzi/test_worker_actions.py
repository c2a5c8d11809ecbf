"""5B II Arbeiteraktionen: take resources, produce wares, deliver ships, the emperor's projects, war &
infrastructure; migrants and the four-worker limit; veterans. Names: Angelika = 0, Marion = 1, Tanja = 2."""

from __future__ import annotations

from companion.core.steps import FORCED
from companion.yinzi import emperor
from companion.yinzi.engine import GAME

from .table import (
    BOATS,
    NAMES,
    A,
    M,
    T,
    act,
    acts,
    arrange,
    at_actions,
    draw_first,
    first_turn,
    give_factory,
    only_options,
    refused,
    take_workers,
    top,
    turn_of,
)


def test_marion_resources():
    """RULES-Y 5B Ressourcen nehmen, Beispiel: three workers, two wood and one stone, three copper."""
    state = at_actions(NAMES)
    state = turn_of(state, M, actions_done=1, fate_used=["plant"])
    take_workers(state, M, tableau={"plant": 3})
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
    take_workers(state, T, tableau={"plant": 2}, migr_lower=1)
    own = give_factory(state, T, "porcelain", "red", "zhejiang", 2)
    marions = give_factory(state, M, "paper", "red", "nanzhili", 2)
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
    take_workers(state, M, tableau={"plant": 2}, migr_lower=1)
    hug = give_factory(state, M, "porcelain", "green", "huguang", 1, wares=[M])
    nan = give_factory(state, M, "porcelain", "green", "nanzhili", 1, wares=[M])
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
    take_workers(state, M, tableau={"plant": 3})
    hug = give_factory(state, M, "porcelain", "green", "huguang", 1, wares=[M])
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

def test_a_fifth_worker():
    state, p, _ = first_turn()
    state = turn_of(state, p, fate_used=["plant"], actions_done=1, tableau={"plant": 3}, migr_lower=2)
    state.players[p].workers -= 5
    state = acts(state, {"type": "worker", "action": "resources", "group": "plant"})
    err = refused(state, {"type": "migrants", "count": 2}, "yinzi.max_four_workers", "5B II")
    assert err.params == {"workers": 3, "asked": 2, "limit": 4}

def test_marion_emperor_project():
    """RULES-Y 5B Die Vorhaben des Kaisers, Beispiel: Angelika holds the third box; Marion takes three
    workers, uses the two-worker box (road) and puts the third in the upper migration area; in the
    execution phase she gets 3 copper and an infrastructure tile from the discard stack."""
    state = at_actions(NAMES)
    state.emperor["waterway"] = [A]
    take_workers(state, A, boxes={"emperor": 3})
    state = turn_of(state, M, actions_done=1, fate_used=["plant"])
    take_workers(state, M, tableau={"plant": 3})
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

def test_double_occupation_needs_the_progress_disc():
    """RULES-Y 5B Vorhaben des Kaisers: road, waterway and bridge take one player each, unless the player
    uses the 'double-occupy' progress disc."""
    state = at_actions(NAMES)
    state.emperor["road"] = [0]
    state = turn_of(state, 1, actions_done=1, fate_used=["plant"], tableau={"plant": 3})
    state.players[1].workers -= 3
    state = acts(state, {"type": "worker", "action": "emperor", "group": "plant"})
    assert {o["box"] for o in only_options(state)} == {"palace", "waterway"}  # not the occupied road
    state.progress["double_occupy"] = 1
    assert {"type": "emperor", "box": "road", "extra_worker": False, "double": True} in only_options(state)

def test_marion_and_tanja_war_box():
    """RULES-Y 5B Krieg & Infrastruktur, Beispiel: Tanja put three workers on the leftmost field; Marion puts
    two on the second field and delivers a paper ware to the second infrastructure tile (2 copper)."""
    state = at_actions(NAMES)
    state.war_box = [[T, 3]]
    take_workers(state, T, boxes={})
    state.players[T].workers -= 3
    state = turn_of(state, M, actions_done=1, fate_used=["plant"])
    take_workers(state, M, tableau={"plant": 2})
    paper = give_factory(state, M, "paper", "green", "jiangxi", 1, wares=[M])
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

def test_veterans_join_new_workers_in_their_field():
    """RULES-Y 5B Fortschritte, Veteranen: "Sollte er in der nächsten Spielrunde die Krieg &
    Infrastruktur-Aktion ausführen und neue Arbeiter zur Box fügen, nimmt er die beiden auf die Seite
    gelegten Arbeiter und platziert sie im selben Bereich." """
    state = at_actions(NAMES)
    a, m = state.order[0], state.order[1]
    state.round = 2
    state.war_box = [[a, 3]]
    state.players[a].workers -= 3
    state = turn_of(state, m, actions_done=1, fate_used=["plant"], veterans=2, veterans_round=1)
    state.players[m].workers -= 4
    state.players[m].tableau = {"plant": 2}
    state = acts(state, {"type": "worker", "action": "war", "group": "plant"}, {"type": "war", "workers": 2})
    assert state.war_box == [[a, 3], [m, 4]] and state.players[m].veterans == 0
    assert GAME.invariants(state) == []


def test_a_level_iii_factory_holding_one_ware_produces_two_more():
    """RULES-Y 5B Waren produzieren (Y 632): "In einer Level-III-Fabrik kann sich ... bis zu drei [Waren
    befinden]"; Y 648: "Werden jedoch zwei „Rohstoffe“ der angegebenen Farbe ausgegeben, kann der Spieler auf
    einmal mit einem Arbeiter zwei Waren produzieren." One ware (Angelika's) already lies in Tanja's level-III
    factory: two more fit, so one worker and two raw materials make two wares."""
    state = at_actions(NAMES)
    state = turn_of(state, T, actions_done=1, fate_used=["plant"])
    take_workers(state, T, tableau={"plant": 1})
    own = give_factory(state, T, "silk", "red", "huguang", 3, wares=[A])
    state.markets["huguang"]["raw"] += [[A, ""], [A, ""]]  # Angelika plays red
    state.players[A].cubes -= 2
    state = acts(state, {"type": "worker", "action": "produce", "group": "plant"})
    assert {"type": "produce", "factory": own, "raw": ["m/huguang/", "m/huguang/"]} in only_options(state)
    state = acts(state, {"type": "produce", "factory": own, "raw": ["m/huguang/", "m/huguang/"]})
    assert state.factories[own]["wares"] == [A, T, T]
    assert GAME.invariants(state) == []
