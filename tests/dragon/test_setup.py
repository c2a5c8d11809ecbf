"""Spielvorbereitung: options, the person tiles by player count, each player's material, the event track."""

from __future__ import annotations

import pytest

from companion.core import Session, SetupError
from companion.core.playout import playout
from companion.dragon.components import components_for, components_key
from companion.dragon.engine import GAME


@pytest.mark.parametrize(
    ("setup", "code"),
    [
        ({"players": ["A"]}, "dragon.setup.players"),
        ({"players": list("ABCDEF")}, "dragon.setup.players"),
        ({"players": ["A", "A"]}, "dragon.setup.names"),
        ({"players": ["A", " "]}, "dragon.setup.names"),
        ({"players": ["A", "B"], "seed": 1.5}, "dragon.setup.seed"),
        ({"players": ["A", "B"], "edition": "1999"}, "dragon.setup.edition"),
        ({"players": ["A", "B"], "super_event": "meteor"}, "dragon.setup.super_event"),
        ({"players": ["A", "B"], "profile": {"overrides": {"no.such.fact": 1}}}, "unknown_fact"),
        ({"players": ["A", "B"], "profile": {"overrides": [1]}}, "dragon.setup.profile"),
    ],
)
def test_bad_setups_are_refused_with_a_reason(setup, code):
    with pytest.raises(SetupError) as err:
        GAME.normalize_setup(setup)
    assert err.value.code == code


@pytest.mark.parametrize(("n", "young_only", "young", "old"), [(5, 10, 6, 4), (4, 8, 5, 3), (3, 6, 4, 2), (2, 4, 3, 1)])
def test_person_tiles_by_player_count(n, young_only, young, old):
    """Spielvorbereitung, Achtung: "bei vier Spielern mit 8 Personenplättchen pro Art, bei drei Spielern mit 6 und
    bei zwei Spielern mit 4": 10 per kind at five, two fewer per kind for each missing player."""
    comp = components_for(components_key(n, False, "2017", {}))
    assert comp.supply["craftsman:young"] == young_only and comp.supply["tax_collector:young"] == young_only
    assert comp.supply["monk:young"] == young and comp.supply["monk:old"] == old
    assert "craftsman:old" not in comp.supply and len(comp.hand) == 11 and comp.hand.count("wild") == 2


def test_setup_material_and_chance_steps():
    """Spielvorbereitung: two 2-floor palaces, 6 yuan, 11 cards; two peace first, ten events drawn by chance."""
    s = Session.new(GAME, {"players": ["A", "B", "C"], "seed": 3, "super_event": "random"})
    assert s.decision.kind == "dragon.event_field" and s.decision.is_chance
    assert sum(s.decision.weights) == 10  # every remaining tile is a copy in the bag
    for pl in s.state.players:
        assert [p.floors for p in pl.palaces] == [2, 2] and pl.yuan == 6 and len(pl.hand) == 11
    s.resolve_all_chance()
    assert s.state.events[:2] == ["peace", "peace"] and s.state.super_event is not None
    ev = s.state.events
    assert all(ev[i] != ev[i + 1] for i in range(2, 11))
    assert s.decision.kind == "dragon.opening"


def test_event_layout_never_reaches_an_unavoidable_repeat():
    """Spielvorbereitung: no equal events side by side. Fields 3-9 are T D F C T D F: of M, M, C left, C on
    field 10 would force M next to M, so only M is offered (docs/rulings/dragon.md, D1)."""
    laid = ["imperial_tribute", "drought", "dragon_festival", "contagion", "imperial_tribute", "drought",
            "dragon_festival"]
    state = GAME.clone(Session.new(GAME, {"players": ["A", "B"], "seed": 1}).state)
    state.events[2:9] = laid
    field = {"k": "event_field", "i": 9}
    step = GAME.steps.kinds["event_field"]
    options = step.options(state, field)
    assert [o["event"] for o in options] == ["mongol_invasion"]
    decision = GAME.steps.decision(state, field, step, options)  # as if the table were asked (it is not: D6)
    err = GAME.explain_refusal(state, {"type": "event", "field": 10, "event": "contagion"}, decision)
    assert err.code == "dragon.event_repeat" and "Spielvorbereitung" in err.rule
    # at the table the forced fields are filled at once: M, C, M
    s = Session.new(GAME, {"players": ["A", "B"], "seed": 1})
    for i, e in enumerate(laid):
        s.act({"type": "event", "field": i + 3, "event": e})
    assert s.state.events[9:] == ["mongol_invasion", "contagion", "mongol_invasion"]
    for seed in range(40):
        state = playout(GAME, {"players": ["A", "B"]}, seed, max_actions=12).state
        ev = state.events
        assert all(ev[i] is None or ev[i] != ev[i + 1] for i in range(2, 11))


def test_event_tiles_that_cannot_fill_the_track_are_refused():
    """Spielvorbereitung: every field of the event track gets a tile. A box profile with 5 random event tiles
    for 10 open months left months without an event (the soak of tests/hostile/test_fuzz_profile.py found a
    KeyError in dragon/event.py); it is refused when the game is set up, naming the fact."""
    from companion.core import Session
    from companion.core.errors import SetupError
    from companion.dragon.engine import GAME as DRAGON

    few = {"imperial_tribute": 1, "drought": 1, "dragon_festival": 1, "mongol_invasion": 1, "contagion": 1}
    with pytest.raises(SetupError) as err:
        Session.new(DRAGON, {"players": ["A", "B"], "seed": 1, "profile": {"overrides": {"events.random": few}}})
    assert "events.random" in str(err.value)
