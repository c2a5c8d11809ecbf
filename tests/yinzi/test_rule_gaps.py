"""Rule gaps closed after the first engine round: virtual copper, veterans, exact undo, ship layouts, colours."""

from __future__ import annotations

from companion.yinzi import ledger, round_end, undo
from companion.yinzi.box import box_for
from companion.yinzi.engine import GAME
from companion.yinzi.placing import new_ship

from .table import acts, at_actions, run_until, turn_of

NAMES = ["Angelika", "Marion", "Tanja"]


def test_virtual_copper_is_spent_first_and_lapses_at_the_end_of_the_turn():
    """RULES-Y 5B Fortschritte wählen, Wirtschaft: "Wenn er ... Kupfermünzen einsetzt, nimmt er diese nicht,
    sondern „virtuelle“ Gegenstände" / "Virtuelle Kupfermünzen: Der Spieler gibt 2 Kupfermünzen aus." The
    coins exist only to be spent: what is not spent in that turn goes back to the bank."""
    state = at_actions(NAMES)
    p = state.order[0]
    state.bank_copper -= 5 - state.players[p].copper
    state = turn_of(state, p, copper=5)
    state.progress["virtual_copper"] = p
    state.players[p].discs -= 1
    state = acts(state, {"type": "cash", "field": "virtual_copper"})
    assert state.players[p].copper == 7 and state.players[p].virtual_copper == 2
    box = box_for(state.overrides)
    ledger.pay_copper(state, box, p, 1)  # one of the two virtual coins spent
    assert state.players[p].virtual_copper == 1 and GAME.invariants(state) == []
    card = state.players[p].hand[0]
    state = acts(state, {"type": "fate", "action": "progress", "card": card, "tax": False})
    state = run_until(state, lambda s: s.frames and s.frames[-1]["k"] == "turn" and s.frames[-1]["p"] != p)
    assert state.players[p].copper == 5 and state.players[p].virtual_copper == 0  # the unspent coin lapsed
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


def test_veterans_without_new_workers_stand_up_at_the_end_of_the_action_phase():
    """RULES-Y 5B Veteranen: "Sollte er keine neuen Arbeiter platzieren, stellt er ganz am Ende der
    Ausführungsphase die zur Seite gelegten Arbeiter aufrecht auf den unbesetzten Bereich am weitesten
    links"; 5D I: "Befinden sich hier noch auf die Seite gelegte Arbeiter, werden sie nun aufgestellt".
    They stand after every group placed in phase B, so they lose a tie to those groups."""
    state = at_actions(NAMES)
    a, m = state.order[0], state.order[1]
    state.round = 2
    state.war_box = [[a, 2]]
    state.players[a].workers -= 2
    state.players[m].veterans, state.players[m].veterans_round = 2, 1
    state.players[m].workers -= 2
    state.step = "actions"
    state.frames = []
    box = box_for(state.overrides)
    round_end.enter_feeding(state, box)
    assert state.war_box == [[a, 2], [m, 2]] and state.players[m].veterans == 0
    strength = sorted(round_end.war_strength(state), key=lambda t: (-t[1], t[2]))
    assert strength[0][0] == a  # a placed first: wins the tie
    assert GAME.invariants(state) == []


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
    ledger.take_cube(state, p, "f/huguang/rice")
    del state.progress["free_wheat"]
    state.players[p].discs += 1
    undo.restore(state, snap)
    assert GAME.to_json(state) == before


def test_ships_of_one_nation_may_differ():
    """RULES-Y 2 Spielmaterial: four ships of each eastern power; the profile may give each ship its own
    slots (`layouts`), and the draws then tell the different tiles apart."""
    box = box_for({})
    kinds = dict(box.v("ships.kinds"))
    assert "japan" in box.ship_kinds  # default: one layout per nation, keyed by the nation
    kinds["japan"] = {**kinds["japan"], "layouts": [["tea", "porcelain"]] * 3 + [["silk", "tea"]]}
    box2 = box_for({"ships.kinds": kinds})
    assert box2.ship_kinds["japan#1"]["count"] == 3 and box2.ship_kinds["japan#2"]["count"] == 1
    assert new_ship(box2, "japan#2") == {
        "nation": "japan",
        "slots": [{"need": "silk", "items": []}, {"need": "tea", "items": []}],
    }
    state = at_actions(NAMES, overrides={"ships.kinds": kinds})
    assert GAME.invariants(state) == []
    assert all(ship["nation"] in kinds for ship in state.coast if ship)
