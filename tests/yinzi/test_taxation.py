"""5D Ausführung, V Besteuerung (companion/yinzi/taxation.py). Names: Angelika = 0, Marion = 1, Tanja = 2."""

from __future__ import annotations

from companion.core.steps import FORCED
from companion.yinzi import taxation
from companion.yinzi.components import for_overrides as box_for
from companion.yinzi.engine import GAME

from .table import NAMES, RATES, A, M, T, act, arrange, at_actions, only_options, settled


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
