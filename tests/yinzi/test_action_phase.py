"""5B Schicksals- und Arbeiteraktionen ausführen: six actions per round, three of each kind, each kind once,
a fate action first; progress discs cashed on the turn (virtual copper). Refusals name their rule and change nothing."""

from __future__ import annotations

from companion.yinzi import exchange
from companion.yinzi.engine import GAME

from .table import NAMES, acts, at_actions, first_turn, refused, run_until, top, turn_of


def test_worker_action_as_first_action_of_a_round():
    state, p, _ = first_turn()
    state.players[p].tableau = {"plant": 2}
    state.players[p].workers -= 2
    refused(state, {"type": "worker", "action": "resources", "group": "plant"}, "yinzi.worker_first", "5B")

def test_same_fate_action_twice():
    state, p, card = first_turn()
    state = turn_of(state, p, fate_used=["plant"], actions_done=1, hand=[card, card])
    err = refused(
        state, {"type": "fate", "action": "plant", "card": card, "tax": False}, "yinzi.fate_action_twice", "5B I"
    )
    assert err.params["action"] == "plant"

def test_same_worker_action_twice():
    state, p, _ = first_turn()
    state = turn_of(
        state, p, fate_used=["plant", "progress"], worker_used=["resources"], actions_done=3, tableau={"progress": 2}
    )
    state.players[p].workers -= 2
    refused(state, {"type": "worker", "action": "resources", "group": "progress"}, "yinzi.worker_action_twice", "5B II")

def test_worker_action_without_workers_on_the_tableau():
    state, p, _card = first_turn()
    state = turn_of(state, p, fate_used=["plant"], actions_done=1, tableau={})
    refused(state, {"type": "worker", "action": "resources", "group": "plant"}, "yinzi.no_workers_on_tableau", "5B")

def test_fourth_fate_action():
    state, p, card = first_turn()
    state = turn_of(state, p, fate_used=["plant", "progress", "build_boats"], actions_done=3, hand=[card],
                    tableau={"plant": 2})
    state.players[p].workers -= 2  # worker actions are possible: the turn is a real choice
    refused(
        state, {"type": "fate", "action": "city_market", "card": card, "tax": False}, "yinzi.three_fate_actions", "5B"
    )

def test_fourth_worker_action():
    state, p, _ = first_turn()
    state = turn_of(
        state,
        p,
        fate_used=["plant", "progress"],
        worker_used=["resources", "war", "ship"],
        actions_done=5,
        tableau={"plant": 1},
    )
    state.players[p].workers -= 1
    refused(state, {"type": "worker", "action": "produce", "group": "plant"}, "yinzi.three_worker_actions", "5B")

def test_card_not_in_hand():
    state, p, _ = first_turn()
    state = turn_of(state, p, hand=[[1, 4]])
    refused(state, {"type": "fate", "action": "plant", "card": [3, 1], "tax": False}, "yinzi.card_not_in_hand", "5B I")

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
    exchange.pay_copper(state, p, 1)  # one of the two virtual coins spent
    assert state.players[p].virtual_copper == 1 and GAME.invariants(state) == []
    card = state.players[p].hand[0]
    state = acts(state, {"type": "fate", "action": "progress", "card": card, "tax": False})
    state = run_until(state, lambda s: top(s)["k"] == "turn" and top(s)["p"] != p)
    assert state.players[p].copper == 5 and state.players[p].virtual_copper == 0  # the unspent coin lapsed
    assert GAME.invariants(state) == []


def test_war_bonds_are_cashed_on_the_player_s_turn():
    """RULES-Y 5B Fortschritte wählen (Y 512): discs are cashed "Immer, wenn er am Zug ist, aber nicht im selben
    Zug, in dem er die Scheibe gelegt hat, oder während der entsprechenden Spielphasen"; Y 558 limits "die Boni
    der unteren Reihe" to war glory, and of the war bonuses only veterans (Y 568 "Nachdem der Kriegsruhm
    ausgewertet wurde"), new levies and weakened enemy (Y 572, 574 "Während der Ausführungsphase") name a time;
    war bonds (Y 566: "Der Spieler erhält 1 Kupfermünze pro eigenem Arbeiter in der Kriegsbox") do not. Ruling
    31 (docs/rulings/yinzi.md): a player may cash them on a turn too; three own workers in the war box: 3 copper."""
    state, p, _ = first_turn()
    state = turn_of(state, p, actions_done=1, fate_used=["plant"])
    state.war_box = [[p, 3]]
    state.players[p].workers -= 3
    state.progress["war_bonds"] = p
    state.players[p].discs -= 1
    copper = state.players[p].copper
    state = acts(state, {"type": "cash", "field": "war_bonds"})
    assert state.players[p].copper == copper + 3 and "war_bonds" not in state.progress
    assert top(state)["k"] == "turn" and GAME.invariants(state) == []
