"""5D Ausführung: I Kriegsruhm, II Naturkatastrophen, III Infrastruktur, IV Vorhaben des Kaisers
(V Besteuerung: test_taxation.py, as companion/yinzi/taxation.py). Names: Angelika = 0, Marion = 1, Tanja = 2."""

from __future__ import annotations

from companion.yinzi import disasters, emperor, goods, infra, undo, war
from companion.yinzi.components import for_overrides as box_for
from companion.yinzi.engine import GAME

from .table import (
    NAMES,
    A,
    M,
    T,
    acts,
    arrange,
    at_actions,
    give_factory,
    only_options,
    top,
    war_with,
)


def test_six_symbol_war():
    """RULES-Y 5D I Kriegsruhm, Beispiel: 6 war symbols, 8 workers: won. Marion and Tanja have 3 each;
    Tanja placed first and takes the 4-VP space, Marion the 2-VP space."""
    state = war_with([[T, 3], [M, 3], [A, 2]], [3, 3, 0])
    assert war.war_symbols(state) == 6
    events = war.resolve_war(state)
    outcome = events[0].params
    assert {k: v for k, v in outcome.items() if k != "unverified"} == {"workers": 8, "symbols": 6, "won": True}
    # the war symbols are read off the placeholder tile list: the outcome says so (core.provenance)
    assert outcome["unverified"] == {"symbols": ["infra.tiles"]}
    assert state.players[T].war_discs == {"4": 1, "2": 0}
    assert state.players[M].war_discs == {"4": 0, "2": 1}
    assert state.players[A].war_discs == {"4": 0, "2": 0}

def test_lost_war_gives_only_the_2vp_space():
    """RULES-Y 5D I: fewer workers than symbols: only the player with most workers scores 2 VP."""
    state = war_with([[T, 3], [M, 3], [A, 2]], [3, 3, 3])
    war.resolve_war(state)
    assert state.players[T].war_discs == {"4": 0, "2": 1}
    assert state.players[M].war_discs == {"4": 0, "2": 0}

def test_wildfire_flood_and_drought():
    """RULES-Y 5D II: wildfire takes a disc (a level-I factory stays, unowned, its ware removed); flood moves
    every boat one field left (not beyond field 1); drought takes one cube per province."""
    state = at_actions(NAMES)
    tiles = box_for(state.overrides).infra.tiles
    for row, disaster in zip(state.infra_rows, ("wildfire", "flood", "drought"), strict=True):
        row["top"] = next(i for i, t in enumerate(tiles) if t["disaster"] == disaster)
    a, m, t = 0, 1, 2
    fa = next(i for i, f in enumerate(state.factories) if f["owner"] == a)
    state.factories[fa]["wares"] = [a]
    state.players[a].wares -= 1
    state.players[m].boat, state.players[t].boat = 3, 1
    state.players[t].fields = {"jiangxi/rice": 2, "huguang/salt": 1}
    state.players[t].cubes -= 3
    arrange(state, "disasters")
    disasters.disasters(state)
    while top(state)["k"] == "wildfire":
        state = acts(state, only_options(state)[0])
    assert state.factories[fa]["owner"] is None and state.factories[fa]["level"] == 0
    assert state.factories[fa]["wares"] == [] and state.players[a].wares == 8
    assert state.players[m].boat == 2 and state.players[t].boat == 1
    while top(state)["k"] == "drought":
        state = acts(state, only_options(state)[0])
    assert state.players[t].fields == {"jiangxi/rice": 1}

def test_infrastructure_step_claims_discards_and_reveals():
    """RULES-Y 5D III: fulfilled tiles go to their players (VP at the end), the rest to the discard stack,
    the next tiles are turned up."""
    state = at_actions(NAMES)
    state.infra_rows[0]["by"], state.infra_rows[0]["items"] = 1, [{"kind": "ware", "owner": 1}]
    state.players[1].wares -= 1
    tops = [row["top"] for row in state.infra_rows]
    arrange(state, "infrastructure")
    infra.infrastructure(state)
    assert state.players[1].infra_won[0]["tile"] == tops[0] and state.players[1].wares == 8
    assert state.discard_known == tops[1:]
    assert [f["k"] for f in state.stack[1:]] == ["draw_infra"] * 3

def test_aborted_delivery_restores_the_table_exactly():
    """Ruling (docs/rulings/yinzi.md): a delivery that cannot be completed leaves the table exactly as it
    was, with cubes back on their fields and a cashed progress disc back on its field."""
    state = at_actions(NAMES)
    p = state.order[0]
    state.players[p].fields = {"huguang/rice": 1}
    state.players[p].cubes -= 1
    state.progress["free_wheat"] = p
    state.players[p].discs -= 1
    before = GAME.to_json(state)
    snap = undo.snapshot(state)
    goods.take_cube(state, p, "f/huguang/rice")
    del state.progress["free_wheat"]
    state.players[p].discs += 1
    undo.restore(state, snap)
    assert GAME.to_json(state) == before

def test_emperor_rewards_palace_waterway_bridge():
    """RULES-Y 5D IV: palace 2 copper (every player), waterway 4 copper and a boat step, bridge 1 silver and
    a free factory upgrade."""
    state = at_actions(NAMES)
    state.emperor = {"palace": [0, 2], "road": [], "waterway": [1], "bridge": [2]}
    before = [(p.copper, p.silver, p.boat) for p in state.players]
    arrange(state, "emperor")
    emperor.rewards(state)
    after = [(p.copper, p.silver, p.boat) for p in state.players]
    assert after[0] == (before[0][0] + 2, before[0][1], before[0][2])
    assert after[1] == (before[1][0] + 4, before[1][1], before[1][2] + 1)
    assert after[2] == (before[2][0] + 2, before[2][1] + 1, before[2][2])
    assert state.stack[-1] == {"k": "bridge_upgrade", "p": 2}

def test_a_personal_infrastructure_tile_fulfilled_in_part():
    """RULES-Y 5D III Infrastruktur (Y 862): "Hat ein Spieler ein oder mehrere Infrastrukturplättchen
    aufgedeckt vor sich liegen ..., darf er sie nun ganz oder in Teilen erfüllen"; Y 866: "Wurde die Nachfrage
    auf den Infrastrukturplättchen komplett erfüllt, legen die Spieler es mit der Rückseite nach oben vor sich
    ab." Marion's tile wants a ware and a cube; she has only the ware: it stays on the tile, and in a later
    execution phase her cube completes the tile (3 copper, 2 VP)."""
    state = at_actions(NAMES)
    tile = next(i for i in state.infra_pool if infra.demand_of(state, i)[0] == "d5")  # ware + cube: 3 copper
    state.infra_pool.remove(tile)
    state.players[M].personal_infra = [{"tile": tile}]
    paper = give_factory(state, M, "paper", "green", "jiangxi", 1, wares=[M])
    copper = state.players[M].copper
    arrange(state, "infrastructure", {"k": "personal", "p": M})
    assert {"type": "fulfil_personal", "tile": tile} in only_options(state)
    state = acts(state, {"type": "fulfil_personal", "tile": tile})
    assert only_options(state) == [{"type": "give", "ware": paper}, {"type": "stop"}]  # she may also stop
    state = acts(state, {"type": "give", "ware": paper})  # no cube to give: she stops, the ware stays there
    assert state.factories[paper]["wares"] == [] and state.players[M].copper == copper
    assert state.players[M].personal_infra == [{"tile": tile, "met": [0], "items": [{"kind": "ware", "owner": M}]}]
    assert infra.open_needs(state, state.players[M].personal_infra[0]) == ["cube:any"]
    assert state.players[M].infra_won == [] and GAME.invariants(state) == []

    state.players[M].fields = {"huguang/salt": 1}  # a later round: now she has a cube
    state.players[M].cubes -= 1
    arrange(state, "infrastructure", {"k": "personal", "p": M})
    state = acts(state, {"type": "fulfil_personal", "tile": tile}, {"type": "give", "src": "f/huguang/salt"})
    assert state.players[M].personal_infra == [] and state.players[M].fields == {}
    assert [t["tile"] for t in state.players[M].infra_won] == [tile] and state.players[M].copper == copper + 3
    assert GAME.invariants(state) == []
