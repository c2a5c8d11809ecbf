"""5E Spätes Verschiffen."""

from __future__ import annotations

from companion.core.steps import FORCED, unsettle
from companion.yinzi.engine import GAME

from .table import NAMES, A, M, T, act, acts, arrange, at_actions


def test_late_shipping_pair_of_different_foods():
    """RULES-Y 5E: once per player, two different foods to a free ship slot: 1 silver."""
    state = at_actions(NAMES)
    p = 1
    state.players[p].fields = {"nanzhili/rice": 2, "zhejiang/fruit": 1}
    state.players[p].cubes -= 3
    state.players[p].boat = 3  # capacity 3 in the placeholder track: enough for two cubes one border away
    arrange(state, "late_shipping", {"k": "late_shipping", "p": p})
    r, j = next((r, j) for r, s in enumerate(state.coast) if s for j, _ in enumerate(s["slots"]))
    silver = state.players[p].silver
    state = acts(state, {"type": "late_slot", "row": r, "slot": j})
    state, events = act(state, {"type": "late_food", "src": "f/nanzhili/rice", "food": "rice"})
    # a second rice is no pair: the fruit is the one possible second food, shipped for the table
    second = next(e.params["action"] for e in events if e.code == FORCED)
    assert second == {"type": "late_food", "src": "f/zhejiang/fruit", "food": "fruit"}
    assert state.players[p].silver == silver + 1
    assert any(e.code == "yinzi.late_shipped" for e in events)


def test_the_ambassador_follows_who_delivered_not_the_cube_s_colour():
    """RULES-Y 5B Diplomatie (Y 516): the ambassador "einer Ware oder einem Gut des Spielers folgt, wenn es zu
    einem Schiff ... transferiert wird ... sofern der Spieler mindestens ein Würfelchen oder eine Ware auf dem
    entsprechenden Schiff hat". Marion buys two of Tanja's cubes at the local market for her late-shipping
    pair (Y 972: they need no boat capacity); the ship sails and Marion, who delivered, may send her
    ambassador; Tanja, whose colour the cubes have, delivered nothing."""
    state = at_actions(NAMES)
    state.local_market[T] = 2
    state.players[T].cubes -= 2
    cubes = state.players[T].cubes
    state.progress["amb_japan"] = M
    state.players[M].discs -= 1
    state.coast[0] = {"nation": "japan", "slots": [{"need": "tea", "items": [{"kind": "virtual", "owner": A}]},
                                                   {"need": "porcelain", "items": []}]}
    arrange(state, "late_shipping", {"k": "late_shipping", "p": M})
    state = acts(state, {"type": "late_slot", "row": 0, "slot": 1},
                 {"type": "late_food", "src": "market", "food": "wheat"})
    state, events = act(state, {"type": "late_food", "src": "market", "food": "fruit"})
    assert any(e.code == "yinzi.ship_sailed" for e in events)
    unsettle(state)
    d = GAME.decision(state)
    assert (d.kind, d.player) == ("yinzi.send_ambassador", M)
    assert state.local_market[T] == 0 and state.players[T].cubes == cubes + 2  # Tanja's cubes went home
    assert GAME.invariants(state) == []
