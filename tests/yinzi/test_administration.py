"""5F Verwaltung: the exchange die, workers home, the new round."""

from __future__ import annotations

from companion.core.playout import playout
from companion.yinzi import administration
from companion.yinzi.engine import GAME
from companion.yinzi.exchange import move_die

from .table import NAMES, at_actions


def test_exchange_die_moves_at_most_one_field_and_stays_on_the_track():
    """RULES-Y 5F I: higher roll one field right, lower one left, equal stays."""
    for field in range(1, 7):
        for roll in range(1, 7):
            new = move_die(field, roll)
            assert 1 <= new <= 6 and abs(new - field) <= 1
            assert (new > field) == (roll > field) and (new < field) == (roll < field)
    seen = 0
    for i in range(6):  # 2, 3 and 4 players
        setup, seed = {"players": ["Ada", "Bo", "Cai", "Dee"][: 2 + i % 3], "seed": i}, i
        result = playout(GAME, setup, seed)
        history = result.state.die_history
        assert len(history) == 4  # one roll per round, also after the fourth (profile: inferred)
        assert history[0][0] == 2  # the die starts on field 2
        for (a, roll, b), nxt in zip(history, [*history[1:], [result.state.die]], strict=True):
            assert b == move_die(a, roll) and nxt[0] == b
            seen += 1
    assert seen == 24

def test_administration_returns_workers_and_prepares_the_round():
    """RULES-Y 5F II/III: workers home (lower migration too), upper migrants move down, taxation discs back,
    played cards out of the game, cylinders keep their order on the provisional track."""
    state = at_actions(NAMES)
    p = 0
    pl = state.players[p]
    pl.boxes, pl.migr_upper, pl.migr_lower = {"resources": 2}, 1, 2
    pl.workers -= 5
    pl.tax_discs, pl.discs = 1, pl.discs - 1
    pl.played = [{"action": "plant", "fate": 1, "workers": 2, "tax": True}]
    state.war_box = [[p, 1]]
    pl.workers -= 1
    administration.prepare_new_round(state)
    assert (pl.workers, pl.migr_upper, pl.migr_lower) == (11, 0, 1)
    assert pl.tax_discs == 0 and pl.played == [] and state.war_box == []
    assert state.prov_order == state.order == state.last_order
