"""gugong-de "Nachtphase" (Solo): Meng counts as having 1/2/3/4 matches (NL: at least), his servants,
the majority, then his boats; each test quotes the rule it checks."""

from __future__ import annotations

import pytest

from companion.core import steps
from companion.gugong.night import matches
from companion.gugong.solo.engine import GAME
from companion.gugong.solo.night import meng_matches
from companion.gugong.state import Boat
from companion.i18n import labels

from .helpers import first_turn, flush, human, meng, run


@pytest.mark.parametrize("rule", ["as_if", "at_least"])
def test_night_meng_counts_as_having_day_matches(rule):
    """Nachtphase (Solo): 'als hätte er 1 passende Zahl am 1. Tag, 2 ... am 2. Tag ...'; NL 'minstens'. The same
    numbers decide the most matches."""
    s = first_turn(night_rule=rule)
    values = [s.comp.cards[c].value for c in meng(s).hand]
    s.dice = [values[0]] * 3  # his first card matches all three dice
    meng(s).discard, meng(s).hand = meng(s).hand[:1], meng(s).hand[1:]
    for day in (1, 2, 3, 4):
        s.day = day
        expected = day if rule == "as_if" else max(day, 3)
        assert meng_matches(s, matches(s, s.meng.seat)) == expected
    assert matches(s, 0) == sum(s.dice.count(s.comp.cards[c].value) for c in human(s).discard)


def test_night_majority_uses_mengs_fixed_count():
    s = first_turn()
    s.day = 2
    human(s).discard = [c for c in human(s).hand]
    s.dice = [s.comp.cards[human(s).discard[0]].value] * 3  # the human has at least 3 matches
    vp = human(s).vp
    after, codes = run(s, {"k": "night_dice"})
    assert human(after).vp == vp + 3 and "meng.event.night.matches" in codes
    s.dice = [10, 10, 10]  # nobody matches a 10: Meng's 2 win the majority
    after, _ = run(s, {"k": "night_dice"})
    assert meng(after).vp == 3 and meng(after).envoy == 1


@pytest.mark.parametrize("rule", ["as_if", "at_least"])
def test_night_matches_servants_majority_and_boats(rule):
    """Nachtphase (Solo): fixed matches by the chosen rule, his servants and the majority, then his boats move
    (a boat in the last port leaves the canal)."""
    s = first_turn(night_rule=rule)
    flush(s)
    human(s).discard = []
    meng(s).boats = [Boat(route=0, port=1, servants=1), Boat(route=1, port=s.comp.ports, servants=2)]
    meng(s).pool -= 3
    s.meng.dusk = False
    _, codes = run(s, {"k": "night_dice"}, {"k": "night_boats"})
    codes = [c.removeprefix("meng.event.") for c in codes if c.startswith("meng.event.")]
    night = "night.matches" if rule == "as_if" else "night.matches_at_least"
    assert codes == [night, "night.majority_meng", "servants.night", "night.boat_moves", "night.boat_lost"]


def test_night_boat_names_the_one_route_of_the_solo_board():
    """Nachtphase, Schritt 2 and Kaiserkanal (gugong-de): "beim Spiel mit 4-5 Personen gibt es 2 Routen"; the solo
    board (2 players) has one. Meng's boat moves on route 1, and the text says so (not "route 2")."""
    s = first_turn()
    flush(s)
    meng(s).boats = [Boat(route=0, port=1, servants=1)]
    meng(s).pool -= 1
    s2 = GAME.clone(s)
    steps.push(s2, {"k": "night_boats"})
    events = [e for e in steps.settle(GAME.steps, s2) if e.code == "meng.event.night.boat_moves"]
    describe = labels.describer(GAME.name, {}, s2.to_json(), "en")
    text = labels.event_text(events[0], "en", ["Anna", "Meng"], describe)
    assert "route 1 " in text and "route 2" not in text
