"""6 Der lokale Markt."""

from __future__ import annotations

from companion.yinzi import local_market

from .table import NAMES, acts, at_actions, turn_of


def test_local_market_never_buy_and_sell_on_one_occasion():
    """RULES-Y 6: on one occasion a player either sells to or buys from the local market."""
    state = at_actions(NAMES)
    p = state.order[0]
    state = turn_of(state, p)
    state.players[p].fields = {"huguang/wheat": 2}
    state.players[p].cubes -= 2
    state = acts(state, {"type": "sell_local", "src": "f/huguang/wheat"})
    assert state.local_market[p] == 1
    assert not local_market.can_buy(state, p)
    assert local_market.can_sell(state)
