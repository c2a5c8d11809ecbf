"""3 Spielaufbau and the box: the setup draws are table entries or app draws, the box profile's facts
(placeholders labelled, the owner's box check), ship layouts, the owner's colours, the setup layout."""

from __future__ import annotations

import pytest

from companion.core import Session, SetupError
from companion.yinzi.components import for_overrides as box_for
from companion.yinzi.draws import new_ship
from companion.yinzi.engine import GAME
from companion.yinzi.instructions import setup_layout

from .table import NAMES, at_actions


def test_table_entry_and_app_draws_are_the_same_actions():
    """Chance steps are decisions: the table may type what it sees or let the app draw (seeded)."""
    session = Session.new(GAME, {"players": NAMES, "seed": 2})
    d = session.decision
    assert d.is_chance and d.kind == "yinzi.draw_market"
    session.act(d.options[-1])  # the table enters the tile it turned up
    session.resolve_chance()  # the app draws the next one
    assert len(session.log) == 2 and session.log[0] == d.options[-1]

def test_box_check_overrides_and_unknown_facts():
    """The owner's box check replaces placeholders; an unknown fact key is refused."""
    s = GAME.normalize_setup({"players": NAMES, "profile": {"overrides": {"exchange.rates": [5, 7, 9, 11, 13, 15]}}})
    state = GAME.initial_state(s)
    assert box_for(state.overrides).rate(2) == 7
    assert box_for(state.overrides).profile.fact("exchange.rates").status == "owner"
    with pytest.raises(SetupError):
        GAME.normalize_setup({"players": NAMES, "profile": {"overrides": {"exchange.bogus": 1}}})
    with pytest.raises(SetupError):
        GAME.normalize_setup({"players": ["solo"]})

def test_placeholders_are_labelled_unknown():
    """No placeholder is presented as fact: the image-only values carry status 'unknown'."""
    box = box_for({})
    unknown = {f.key for f in box.profile.facts.values() if f.status == "unknown"}
    assert {
        "exchange.rates",
        "boat.capacities",
        "ships.kinds",
        "foreign_markets.vp",
        "city_markets.tiles",
        "infra.tiles",
        "cards.deck",
        "crops.track_costs",
    } <= unknown
    for fact in box.profile.facts.values():
        assert fact.source, fact.key

def test_box_check_questions_and_answers():
    from companion.yinzi.boxcheck import apply_answers, questions

    open_facts = {q["fact"] for q in questions()}
    assert "exchange.rates" in open_facts
    overrides = apply_answers({"exchange.rates": [7, 9, 10, 12, 15, 18]})
    assert "exchange.rates" not in {q["fact"] for q in questions(overrides)}
    assert box_for(overrides).rate(3) == 10
    with pytest.raises(SetupError):
        apply_answers({"exchange.rates": [7, 9]})
    with pytest.raises(SetupError):
        apply_answers({"map.provinces": ["x"]})

def test_ships_of_one_nation_may_differ():
    """RULES-Y 2 Spielmaterial: four ships of each eastern power; the profile may give each ship its own
    slots (`layouts`), and the draws then tell the different tiles apart."""
    box = box_for({})
    kinds = dict(box.ships.kinds)
    assert "japan" in box.ship_kinds  # default: one layout per nation, keyed by the nation
    kinds["japan"] = {**kinds["japan"], "layouts": [["tea", "porcelain"]] * 3 + [["silk", "tea"]]}
    box2 = box_for({"ships.kinds": kinds})
    assert box2.ship_kinds["japan#1"]["count"] == 3 and box2.ship_kinds["japan#2"]["count"] == 1
    state = at_actions(NAMES, overrides={"ships.kinds": kinds})
    assert new_ship(state, "japan#2") == {
        "nation": "japan",
        "slots": [{"need": "silk", "items": []}, {"need": "tea", "items": []}],
    }
    assert GAME.invariants(state) == []
    assert all(ship["nation"] in kinds for ship in state.coast if ship)


def test_setup_layout_follows_the_rulebook_and_the_box():
    """RULES-Y 3 Spielaufbau A-M for three players: numbers from the box profile."""
    setup = GAME.normalize_setup({"players": NAMES})
    steps = {i.code.removeprefix("yinzi.do."): i.params for i in setup_layout(setup)}
    box = box_for({})
    assert list(steps)[:4] == ["setup_board", "setup_markets", "setup_die", "setup_crops"]
    assert steps["setup_die"] == {"field": 2}
    assert steps["setup_crops_removed.one"] == {"count": 1}  # 3 D: one tile of each sort for three players
    assert steps["setup_ships_removed.other"] == {"count": 2}  # 3 E: two ships from the East out
    assert steps["setup_infrastructure"] == {"stacks": 4, "size": 4}  # 3 J: players + 1 stacks of four
    assert steps["setup_player_pieces"]["workers"] == int(box.components.workers_per_player) == 12
    assert steps["setup_copper.other"] == {"copper": 4}
    four = {i.code for i in setup_layout(GAME.normalize_setup({"players": ["a", "b", "c", "d"]}))}
    assert not {c for c in four if "removed" in c}  # four players remove nothing
