"""The table mirror: the view a screen renders, the score details, and the table instructions for every event."""

from __future__ import annotations

import json

import pytest

from companion.core import Event, Session
from companion.core.instructions import undo_steps
from companion.core.playout import playout
from companion.dragon.engine import GAME
from companion.dragon.instructions import INSTRUCTIONS, counted, instructions, setup_instructions
from companion.dragon.manifest import MANIFEST
from companion.dragon.scoring import score_details
from companion.dragon.view import view
from companion.i18n import LANGUAGES, catalog, placeholders

SETUPS = [(True, "earthquake"), (True, "flood"), (False, "sunrise"), (True, "charter"), (False, "tornado"),
          (True, "solar_eclipse"), (False, "lanternfest"), (True, "volcanic_eruption"), (False, "assassination"),
          (True, "random")]
# events that ask nothing of the table's hands: a forced step's own events say what to do, a card without a
# tile left and the skipped person phase move nothing
NOTHING_TO_DO = {"core.forced", "dragon.no_person_left", "dragon.person_phase_skipped"}


def test_view_mirrors_what_players_would_count():
    s = Session.new(GAME, {"players": ["A", "B", "C"], "seed": 9, "great_wall": True, "super_event": "hidden"})
    while s.state.month < 2 or s.state.phase != "person":
        d = s.decision
        s.resolve_chance() if d.is_chance else s.act(d.options[-1])
    v = view(s.state)
    assert v["month"] == 2 and v["phase"] == "person" and v["super_event_hidden"]
    assert v["decision"]["kind"] in ("dragon.card", "dragon.tile", "dragon.place")
    assert sum(sum(p["cards_left"].values()) for p in v["players"]) in (30, 29, 28)
    assert len(v["groups"]) == 3 and all(len(g["dragons"]) <= 3 for g in v["groups"])
    assert v["event_track"][0]["done"] and not v["event_track"][1]["done"] and v["event_track"][1]["current"]
    assert v["turn_order"] == s.state.order() and v["acting"] == s.decision.player
    assert [p["status"] for p in v["month_phases"][:2]] == ["done", "now"]
    assert all(p["acted"] for p in v["players"])
    assert v["players"][v["acting"]]["person_played"] is False
    for g in v["groups"]:
        assert g["cost"] == (3 if g["dragons"] else 0)
    json.dumps(v)  # plain data


def test_view_during_the_action_phase_says_who_has_acted():
    s = Session.new(GAME, {"players": ["A", "B"], "seed": 3})
    while s.state.phase != "action" or s.decision.is_chance:
        d = s.decision
        s.resolve_chance() if d.is_chance else s.act(d.options[0])
    first = s.decision.player
    s.act({"type": "top_up"})
    v = view(s.state)
    assert v["players"][first]["acted"] and not v["players"][1 - first]["acted"]
    assert v["month_phases"][0] == {"phase": "action", "status": "now"}
    assert [f["month"] for f in v["event_track"] if f["current"]] == [1]


def test_score_details_by_month_and_final():
    result = playout(GAME, {"players": ["A", "B"], "great_wall": True}, seed=4)
    details = score_details(result.state)
    assert [d["name"] for d in details] == ["A", "B"] and details[0]["columns"][-1] == "final"
    assert len(details[0]["columns"]) == 13
    for p, table in enumerate(details):
        assert table["running_total"][-1] == result.state.players[p].vp
        assert all(any(r["values"]) for r in table["rows"])
    assert MANIFEST.score_details is score_details and MANIFEST.view is view


def _events_of_many_games() -> list[Event]:
    events = []
    for seed, (wall, super_event) in enumerate(SETUPS):
        result = playout(GAME, {"players": ["A", "B", "C"], "great_wall": wall, "super_event": super_event}, seed)
        session = Session.new(GAME, result.setup)
        for action in result.log:
            events += session.act(action)
    return events


def test_every_event_either_tells_the_table_what_to_do_or_is_known_to_ask_nothing():
    codes = {e.code for e in _events_of_many_games()}
    without = sorted(c for c in codes if c not in INSTRUCTIONS.rules and c not in NOTHING_TO_DO)
    assert not without
    assert "dragon.released" in codes and "dragon.decay" in codes and "dragon.wall_built" in codes


def test_every_instruction_code_has_its_texts_and_undo_in_every_language():
    events = _events_of_many_games()
    found = instructions(events)
    for mode in ("none", "random", "hidden", "buddha"):
        found += setup_instructions(GAME.normalize_setup({"players": ["A", "B"], "great_wall": True,
                                                          "super_event": mode}))
    params: dict[str, set[str]] = {}
    for ins in found:
        params.setdefault(ins.code, set()).update(ins.params)
    for lang in LANGUAGES:
        cat = catalog(lang)
        for code, names in params.items():
            for key in (code, code + ".undo"):
                assert key in cat, f"{lang}: {key}"
                assert placeholders(cat[key]) <= names, f"{lang}: {key} uses {placeholders(cat[key]) - names}"
    assert {"dragon.do.take_rice_one", "dragon.do.move_vp"} <= set(params)


@pytest.mark.parametrize(("event", "expected"), [
    (Event("dragon.action.harvest", {"player": 2, "amount": 4}), [("dragon.do.take_rice", {"n": 4}, 2)]),
    (Event("dragon.action.harvest", {"player": 2, "amount": 1}), [("dragon.do.take_rice_one", {"n": 1}, 2)]),
    (Event("dragon.privilege_bought", {"player": 0, "size": "large", "yuan": 7}),
     [("dragon.do.pay_yuan", {"n": 7}, 0), ("dragon.do.take_privilege", {"size": "large"}, 0)]),
    (Event("dragon.person_placed", {"player": 1, "tile": "monk:old", "palace": 0, "track": 9}),
     [("dragon.do.place_person", {"tile": "monk:old", "palace_no": 1}, 1),
      ("dragon.do.disc_to", {"track": 9, "tile": "monk:old"}, 1)]),
    (Event("dragon.released", {"player": 1, "tile": "monk:old", "palace": 2, "why": "contagion"}),
     [("dragon.do.release", {"tile": "monk:old", "palace_no": 3, "why": "contagion"}, 1)]),
    (Event("dragon.invasion", {"helmets": [3, 0, 1], "fewest": 0}),
     [("dragon.do.move_vp", {"n": 3}, 0), ("dragon.do.move_vp_one", {"n": 1}, 2)]),
    (Event("dragon.festival_scored", {"player": 1, "points": 6, "returned": 2}),
     [("dragon.do.move_vp", {"n": 6}, 1), ("dragon.do.return_rockets", {"n": 2}, 1)]),
    (Event("dragon.tribute_paid", {"player": 1, "paid": 2, "missing": 2}), [("dragon.do.pay_yuan", {"n": 2}, 1)]),
    (Event("dragon.decay", {"player": 0, "palace": 1, "floors": 1}),
     [("dragon.do.decay_one", {"palace_no": 2, "n": 1}, 0)]),
    (Event("dragon.floor_built", {"player": 0, "palace": 2, "floors": 1}),
     [("dragon.do.new_palace", {"palace_no": 3, "floors": 1}, 0)]),
    (Event("dragon.wall_built", {"player": 0, "tile": "person_points", "position": 4, "amount": 3}),
     [("dragon.do.build_wall", {"tile": "person_points", "position": 4}, 0), ("dragon.do.move_disc", {"n": 3}, 0)]),
    (Event("dragon.wall_scored", {"length": 6, "needed": 5, "reached": True, "pieces": [4, 0, 2]}),
     [("dragon.do.move_vp", {"n": 4}, 0), ("dragon.do.move_vp", {"n": 2}, 2)]),
    (Event("dragon.super_event", {"super_event": "lanternfest", "points": [6, 4]}),
     [("dragon.do.move_vp", {"n": 6}, 0), ("dragon.do.move_vp", {"n": 4}, 1)]),
    (Event("dragon.flood_paid", {"player": 0, "yuan": 2, "rice": 0, "fireworks": 1}),
     [("dragon.do.pay_yuan", {"n": 2}, 0), ("dragon.do.return_rockets_one", {"n": 1}, 0)]),
    (Event("dragon.charter_used", {"player": 1, "kind": "monk", "amount": 6}), [("dragon.do.move_vp", {"n": 6}, 1)]),
    (Event("dragon.topped_up", {"player": 1, "gain": 0, "yuan": 5}), []),
    (Event("dragon.action.build", {"player": 1, "amount": 3}), []),  # each floor: dragon.floor_built
    (Event("dragon.action.taxes", {"player": 1, "amount": 8}), [("dragon.do.take_yuan", {"n": 8}, 1)]),
])
def test_instructions_say_what_to_take_pay_and_move(event, expected):
    assert [(i.code, i.params, i.seat) for i in instructions([event])] == expected


def test_undo_reverses_the_instructions():
    events = [Event("dragon.card_played", {"player": 0, "card": "monk"}),
              Event("dragon.person_taken", {"player": 0, "tile": "monk:young"})]
    steps = instructions(events)
    assert [i.undo_code for i in undo_steps(steps)] == ["dragon.do.take_person.undo", "dragon.do.play_card.undo"]
    assert counted("dragon.do.move_disc", 1) == "dragon.do.move_disc_one"
    assert counted("dragon.do.take_yuan", 1) == "dragon.do.take_yuan"  # "1 yuan", "2 yuan": the same words


def test_setup_instructions_read_the_box():
    """Spielvorbereitung: tiles per player count, two peace tiles, material per player, the expansions."""
    setup = GAME.normalize_setup({"players": ["A", "B", "C"], "great_wall": True, "super_event": "buddha"})
    found = {(i.code, i.seat): i.params for i in setup_instructions(setup)}
    assert found[("dragon.do.setup_persons", None)]["young_only"] == 6
    assert found[("dragon.do.setup_persons", None)]["persons"] == ["craftsman", "court_lady", "tax_collector"]
    assert found[("dragon.do.setup_events", None)] == {"peace": 2, "events": 10}
    assert found[("dragon.do.setup_player", 2)] == {"cards": 11, "palaces": 2, "floors": 2, "parts": 4, "yuan": 6}
    assert found[("dragon.do.setup_wall", 0)] == {"pieces": 6}
    assert found[("dragon.do.setup_super_chosen", None)] == {"month": 7, "super_event": "buddha"}
