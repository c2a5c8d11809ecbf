"""Issue 15: a box unlike the shipped profile is played entirely through table entry ("Something else…").

The same game is played by R (the owner's profile holds the real box) and by E (the shipped placeholders,
table entry on): E must end with R's final scores, keep its counts (38 gift cards, 32 travel tiles) after
every action, and hold every card the table entered where R holds it, with the value and action it showed.
"""

from __future__ import annotations

import pytest

from companion.gugong.engine import GAME
from companion.gugong.solo.engine import GAME as SOLO

from .table import JADE, play_mirrored, real_box


def _where(state, ids=None):
    """Each card's place: board slot, or (seat, hand|discard); ids mapped through `ids` when given."""
    m = (lambda c: c) if ids is None else ids.get
    out = {m(c): ("board", i) for i, c in enumerate(state.board) if c is not None}
    for p in state.players:
        out.update({m(c): (p.seat, "hand") for c in p.hand})
        out.update({m(c): (p.seat, "discard") for c in p.discard})
    return out


def _check(game):
    def check(real, entered, mirror):
        assert game.invariants(entered) == [] and game.invariants(real) == []
        assert len(entered.comp.cards) == 38
        reverse = {e: r for r, e in mirror.ids.items()}
        assert _where(entered, reverse) == {r: w for r, w in _where(real).items() if r in mirror.ids}
        for r, e in mirror.ids.items():
            shown = real.comp.cards[r]
            assert (entered.comp.cards[e].value, entered.comp.cards[e].action) == (shown.value, shown.action)
        assert entered.dice == real.dice and entered.cities == real.cities
    return check


@pytest.mark.parametrize("seed", [1, 2])
def test_three_players_with_a_different_box_end_with_the_real_scores(seed):
    players = ["Anna", "Lisa", "David"]
    real = {"players": players, "seed": seed, "profile": {"overrides": real_box()}}
    entered = {"players": players, "seed": seed, "table_entry": True, "profile": {"overrides": {"jade_houses": JADE}}}
    r, e, entries = play_mirrored(GAME, real, entered, seed, _check(GAME))
    assert entries >= 10  # the cards, faces, decrees and tiles the placeholder profile lacked
    assert GAME.score(e).totals == GAME.score(r).totals
    assert GAME.score(e).ranking == GAME.score(r).ranking
    seen = e.seen
    assert seen.get("cards") and seen.get("decrees") and seen.get("faces")


@pytest.mark.parametrize("seed", [3])
def test_solo_against_meng_with_a_different_box_ends_with_the_real_scores(seed):
    real = {"players": ["Anna"], "seed": seed, "profile": {"overrides": real_box()}}
    entered = {"players": ["Anna"], "seed": seed, "table_entry": True, "profile": {"overrides": {"jade_houses": JADE}}}
    r, e, entries = play_mirrored(SOLO, real, entered, seed, _check(SOLO))
    assert entries >= 5
    assert SOLO.score(e).totals == SOLO.score(r).totals
