"""6 Der lokale Markt."""

from __future__ import annotations

from companion.yinzi import local_market

from .table import NAMES, acts, arrange, at_actions, only_options, top, turn_of


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
    assert local_market.can_sell(state, p)


def test_an_occasion_belongs_to_one_player():
    """RULES-Y 6 (Y 976): "Ein Spieler darf nicht beim selben Anlass, sei es in seinem Spielzug oder in den
    Phasen am Rundenende, Güterwürfelchen an den lokalen Markt verkaufen *und* dort Würfelchen kaufen"; the
    taxation lets a player sell (Y 900: "Der Spieler kann zusätzlich ... auf dem lokalen Markt verkaufen").
    The last player to feed buys a cube; the first player to pay taxes may still sell."""
    state = at_actions(NAMES)
    first, last = state.order[0], state.order[-1]
    state.local_market[first] = 1
    state.players[first].cubes -= 1
    state.players[first].fields = {"huguang/wheat": 1}
    state.players[first].cubes -= 1
    state.players[first].played = [{"action": "plant", "fate": 3, "workers": 1, "tax": False}] * 3  # 9: 2 silver
    for q in state.order[1:]:
        state.players[q].played = []
    state.bonus_of = [None] * len(NAMES)
    state.players[last].fields = {"zhejiang/rice": 1}  # a choice: its own rice or a cube from the market
    state.players[last].cubes -= 1
    # feeding, then taxation right after it (the phases between change nothing here)
    arrange(state, "feeding", {"k": "feed", "p": last, "need": 1, "halves": 0}, {"k": "taxation"})
    state = acts(state, {"type": "feed", "src": "market"})
    assert state.players[last].misfortune == 0 and sum(state.local_market) == 0
    assert top(state) == {"k": "tax", "p": first, "due": 2}
    assert {"type": "sell_local", "src": "f/huguang/wheat"} in only_options(state)
