"""5B Pflanzen anbauen as one step with a count (rules edition 3): "plant n fields of one crop" is one
action, one log entry, one undo and one table instruction; games of edition 2 (field by field) replay
byte for byte as they were recorded."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from companion.core import Session, apply, codec
from companion.core.canonical import canonical_bytes
from companion.i18n.labels import describer, instruction_text, option_label
from companion.yinzi.engine import GAME
from companion.yinzi.instructions import instructions

from .table import NAMES, M, act, acts, at_actions, only_options, turn_of

OLD = Path(__file__).parent / "saves" / "edition2-field-by-field.json"


def _digest(state) -> str:
    return hashlib.sha256(canonical_bytes(GAME.to_json(state))).hexdigest()[:16]


def test_an_edition_2_game_planting_field_by_field_replays_byte_identically():
    record = json.loads(OLD.read_text(encoding="utf-8"))
    save = record["save"]
    assert save["setup"]["rules"] == 2
    plantings = [a for a in save["log"] if a["type"] == "plant"]
    assert plantings and all("fields" not in a for a in plantings)
    state = GAME.initial_state(save["setup"])
    for action, digest in zip(save["log"], record["digests"], strict=True):
        state, _ = apply(GAME, state, action)
        assert _digest(state) == digest
    assert GAME.decision(state) is None
    assert GAME.score(state).to_dict() == record["score"]


def test_the_old_save_and_token_still_load_to_the_same_game():
    record = json.loads(OLD.read_text(encoding="utf-8"))
    from_save = codec.from_save(record["save"])
    from_token = codec.from_token(record["token"])
    assert _digest(from_save.state) == _digest(from_token.state) == record["digests"][-1]
    assert from_token.log == record["save"]["log"]


# -- edition 3: n fields of one crop in one step ------------------------------------------------------------

PLANT_3 = {"type": "fate", "action": "plant", "card": [3, 1], "tax": False}


def _planting(cubes: int = 15):
    state = turn_of(at_actions(NAMES), M, hand=[[3, 1], [1, 4], [2, 2]], cubes=cubes)
    return acts(state, PLANT_3)


def _plant(options, good, province="zhejiang"):
    return sorted(o["fields"] for o in options
                  if o["type"] == "plant" and (o["province"], o["good"]) == (province, good))


def test_a_crop_is_offered_for_one_up_to_every_execution_left_and_the_cubes_it_takes():
    """5B: each execution plants one field (rice two cubes, others one): a 3-card offers 1-3 fields of a crop;
    with 3 cubes only one rice field (two cubes) but three wheat fields."""
    state = _planting()
    assert _plant(only_options(state), "wheat") == [1, 2, 3] and _plant(only_options(state), "rice") == [1, 2, 3]
    state = _planting(cubes=3)
    assert _plant(only_options(state), "rice") == [1] and _plant(only_options(state), "wheat") == [1, 2, 3]


def test_three_wheat_fields_are_one_step_one_event_and_one_instruction():
    state = _planting()
    cubes = state.players[M].cubes
    state, events = acts_events(state, {"type": "plant", "province": "zhejiang", "good": "wheat", "fields": 3})
    assert state.players[M].fields == {"zhejiang/wheat": 3} and state.players[M].cubes == cubes - 3
    planted = [e for e in events if e.code == "yinzi.crop_planted"]
    assert len(planted) == 1 and planted[0].params["fields"] == 3 and planted[0].params["cubes"] == 3
    steps = [i for i in instructions(events) if i.code.startswith("yinzi.do.plant")]
    assert [(i.code, i.params["fields"], i.params["each"], i.params["cubes"]) for i in steps] == [
        ("yinzi.do.plant_fields", 3, 1, 3)]
    assert _say(state, steps[0], "en") == (
        "Marion: put 1 of your cubes on each of 3 free Wheat fields in Zhejiang (3 cubes in all).")
    assert _say(state, steps[0], "en", undo=True) == (
        "Marion: take your 3 cubes off the 3 Wheat fields in Zhejiang and put them back in your supply.")
    assert _say(state, steps[0], "de") == (
        "Marion: Lege auf jedes von 3 freien Feldern Weizen in Zhejiang 1 deiner Würfelchen (3 Würfelchen insgesamt).")
    assert _say(state, steps[0], "nl") == (
        "Marion: leg 1 van je blokjes op elk van 3 vrije velden Tarwe in Zhejiang (3 blokjes in totaal).")


def test_two_rice_fields_take_four_cubes_and_leave_one_execution():
    state = _planting()
    state, events = acts_events(state, {"type": "plant", "province": "zhejiang", "good": "rice", "fields": 2})
    assert state.players[M].fields == {"zhejiang/rice": 4}
    step = next(i for i in instructions(events) if i.code.startswith("yinzi.do.plant"))
    assert (step.code, step.params["each"], step.params["cubes"]) == ("yinzi.do.plant_fields", 2, 4)
    assert [o for o in only_options(state) if o["type"] == "plant" and o["fields"] > 1] == []  # one left


def test_one_field_says_it_as_before():
    state = _planting()
    _, events = acts_events(state, {"type": "plant", "province": "zhejiang", "good": "rice", "fields": 1})
    step = next(i for i in instructions(events) if i.code.startswith("yinzi.do.plant"))
    assert step.code == "yinzi.do.plant_field.other" and step.params["cubes"] == 2


def test_option_labels_say_how_many_fields_in_every_language():
    state = _planting()
    decision = GAME.decision(state)
    said = {}
    for lang in ("en", "de", "nl"):
        words = describer("yinzi", {}, GAME.to_json(state), lang)
        for n in (1, 3):
            option = {"type": "plant", "province": "zhejiang", "good": "wheat", "fields": n}
            said[(lang, n)] = option_label("yinzi", decision, option, lang, describe=words)
    assert said[("en", 1)] == "Plant Wheat on 1 field in Zhejiang"
    assert said[("en", 3)] == "Plant Wheat on 3 fields in Zhejiang"
    assert said[("de", 1)] == "Weizen auf 1 Feld in Zhejiang anbauen"
    assert said[("de", 3)] == "Weizen auf 3 Feldern in Zhejiang anbauen"
    assert said[("nl", 3)] == "Tarwe op 3 velden in Zhejiang verbouwen"


def test_undo_takes_back_the_whole_planting_at_once():
    session = Session.new(GAME, GAME.normalize_setup({"players": NAMES, "seed": 5}))
    for _ in range(400):
        d = session.decision
        plants = [o for o in d.options if o.get("type") == "plant" and o.get("fields", 0) >= 2]
        if plants:
            break
        session.act(d.options[0])
    else:
        raise AssertionError("no planting of two fields came up")
    before = GAME.to_json(session.state)
    session.act(plants[-1])
    assert len(session.log) and session.log[-1] == plants[-1]
    session.undo()
    assert GAME.to_json(session.state) == before


def acts_events(state, action):
    return act(state, action)


def _say(state, ins, lang: str, undo: bool = False) -> str:
    words = describer("yinzi", {}, GAME.to_json(state), lang)
    return instruction_text(ins, lang, [p.name for p in state.players], words, undo=undo)
