"""5E Spätes Verschiffen."""

from __future__ import annotations

from companion.core.steps import FORCED

from .table import NAMES, act, acts, arrange, at_actions


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
