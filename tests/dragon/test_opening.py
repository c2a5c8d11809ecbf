"""Vor dem eigentlichen Spiel: the two opening persons, placing them, the person track."""

from __future__ import annotations

import pytest

from companion.core import RuleError, Session
from companion.dragon.engine import GAME

from .scenario import NAMES


def test_opening_picks_and_person_track_stacking():
    """Vor dem eigentlichen Spiel, Beispiele: Anna tax collector + scholar (7), Benno tax collector + farmer (7, his
    disc on Anna's), Clara scholar + farmer (8); Doro and Emil may take none of these pairs. Order: Clara, Benno,
    Anna."""
    s = Session.new(GAME, {"players": NAMES, "seed": 1})
    s.resolve_all_chance()
    assert s.decision.kind == "dragon.opening" and s.decision.player == 0
    for who, pair in ((0, ["tax_collector", "scholar"]), (1, ["tax_collector", "farmer"]), (2, ["farmer", "scholar"])):
        s.act({"type": "opening", "persons": pair})
        s.act({"type": "place", "palace": 1})  # the second person into the other palace
        assert s.state.players[who].palaces[0].persons and s.state.players[who].palaces[1].persons
    anna, benno, clara = s.state.players[:3]
    assert (anna.track, benno.track, clara.track) == (7, 7, 8)
    assert benno.stamp > anna.stamp  # Benno's disc lies on Anna's
    for pair in (["tax_collector", "scholar"], ["tax_collector", "farmer"], ["farmer", "scholar"]):
        before = GAME.to_json(s.state)
        with pytest.raises(RuleError) as err:
            s.act({"type": "opening", "persons": pair})
        assert err.value.code == "dragon.opening_pair_taken" and "Vor dem eigentlichen Spiel" in err.value.rule
        assert GAME.to_json(s.state) == before
    assert s.state.order()[:3] == [2, 1, 0]


def test_opening_persons_are_younger_and_different():
    """Vor dem eigentlichen Spiel: "aus der zweiten Reihe (= jüngere Personen) zwei beliebige verschiedene"."""
    s = Session.new(GAME, {"players": ["A", "B"], "seed": 4})
    s.resolve_all_chance()
    options = s.decision.options
    assert all(a != b for a, b in (o["persons"] for o in options))
    assert len(options) == 36  # nine types, every pair once
    with pytest.raises(RuleError) as err:
        s.act({"type": "opening", "persons": ["monk", "monk"]})
    assert err.value.code == "dragon.opening_distinct"


def test_opening_pair_in_either_order():
    """Vor dem eigentlichen Spiel (D 122, 124): a player takes "einen Steuereintreiber und einen Gelehrten" —
    a pair, whichever he names first; the rule forbids only "in ihrer Kombination" the pair of another player.
    ["scholar", "tax_collector"] is the same pair as ["tax_collector", "scholar"] (issue 14, point 16)."""
    forward = Session.new(GAME, {"players": NAMES, "seed": 1})
    backward = Session.new(GAME, {"players": NAMES, "seed": 1})
    for s in (forward, backward):
        s.resolve_all_chance()
    forward.act({"type": "opening", "persons": ["tax_collector", "scholar"]})
    backward.act({"type": "opening", "persons": ["scholar", "tax_collector"]})
    assert GAME.to_json(backward.state) == GAME.to_json(forward.state)  # one pair, one state
    assert backward.state.players[0].opening == ["tax_collector", "scholar"]
    backward.act({"type": "place", "palace": 1})
    before = GAME.to_json(backward.state)
    with pytest.raises(RuleError) as err:  # Benno names Anna's pair the other way round: still her pair
        backward.act({"type": "opening", "persons": ["scholar", "tax_collector"]})
    assert err.value.code == "dragon.opening_pair_taken"
    assert GAME.to_json(backward.state) == before


def test_opening_pair_either_order_survives_a_save():
    """A log that names the pair the other way round replays and encodes into a token like the option."""
    from companion.core.codec import dumps, from_token, loads, to_token
    from companion.core.replay import replay_log

    s = Session.new(GAME, {"players": ["A", "B"], "seed": 4})
    s.resolve_all_chance()
    s.act({"type": "opening", "persons": s.decision.options[0]["persons"][::-1]})
    again = replay_log(GAME, s.setup, s.log)
    assert GAME.to_json(again.state) == GAME.to_json(s.state)
    assert GAME.to_json(loads(dumps(s)).state) == GAME.to_json(s.state)
    assert GAME.to_json(from_token(to_token(s)).state) == GAME.to_json(s.state)
