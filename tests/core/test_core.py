"""The core contract, exercised through a toy game: apply, refusals, undo/redo, saves, tokens."""

from __future__ import annotations

import json

import pytest

from companion.core import RuleError, SaveError, Session, StaleActionError, apply, codec
from companion.core.canonical import canonical_bytes
from companion.core.playout import playout
from companion.core.registry import register
from companion.core.scoring import rank_players
from companion.core.simulate import run_simulation

from .toy_game import GAME, MANIFEST

register(MANIFEST)
SETUP = {"players": ["Ada", "Bo"], "seed": 7}


def played(n: int = 40) -> Session:
    s = Session.new(GAME, SETUP)
    for _ in range(n):
        d = s.decision
        if d is None:
            break
        if d.is_chance:
            s.resolve_chance()
        else:
            s.act(d.options[len(s.log) % 2])
    return s


def test_apply_does_not_mutate_and_refusal_leaves_state_identical():
    s = Session.new(GAME, SETUP)
    before = canonical_bytes(GAME.to_json(s.state))
    new, events = apply(GAME, s.state, {"type": "roll", "value": 4})
    assert canonical_bytes(GAME.to_json(s.state)) == before
    assert new.turn_total == 4 and events[0].code == "pig.rolled"
    with pytest.raises(RuleError) as err:
        s.act({"type": "bank"})
    assert err.value.code == "pig.must_roll" and err.value.rule == "pig §1"
    assert canonical_bytes(GAME.to_json(s.state)) == before and s.log == []


def test_generic_refusal_names_the_decision_and_malformed_actions_are_refused():
    s = Session.new(GAME, SETUP)
    with pytest.raises(RuleError) as err:
        s.act({"type": "roll", "value": 9})
    assert err.value.code == "not_an_option" and err.value.params["decision"] == "pig.roll"
    with pytest.raises(RuleError):
        s.act("roll")  # type: ignore[arg-type]


def test_undo_redo_reproduce_states_byte_for_byte():
    s = played(60)
    states = []
    replay = Session.new(GAME, SETUP)
    for a in s.log:
        states.append(canonical_bytes(GAME.to_json(replay.state)))
        replay.act(a)
    final = canonical_bytes(GAME.to_json(s.state))
    assert final == canonical_bytes(GAME.to_json(replay.state))
    for i in range(len(s.log) - 1, len(s.log) - 25, -1):
        s.undo()
        assert canonical_bytes(GAME.to_json(s.state)) == states[i]
    for _ in range(24):
        s.redo()
    assert canonical_bytes(GAME.to_json(s.state)) == final
    with pytest.raises(RuleError):
        s.redo()


def test_new_action_clears_redo_and_stale_version_is_refused():
    s = played(10)
    v = s.version
    s.undo()
    assert s.redo_stack
    d = s.decision
    s.act(d.options[0], version=s.version)
    assert not s.redo_stack
    with pytest.raises(StaleActionError):
        s.act(s.decision.options[0], version=v - 5)


def test_chance_is_seeded_by_position_and_undo_of_a_roll_is_flagged():
    a, b = Session.new(GAME, SETUP), Session.new(GAME, SETUP)
    a.resolve_chance()
    b.resolve_chance()
    assert a.log == b.log
    assert a.last_action_was_chance()


def test_save_round_trip_and_rejections():
    s = played(50)
    text = codec.dumps(s)
    loaded = codec.loads(text)
    assert canonical_bytes(GAME.to_json(loaded.state)) == canonical_bytes(GAME.to_json(s.state))
    with pytest.raises(SaveError, match="truncated"):
        codec.loads(text[: len(text) // 2])
    data = json.loads(text)
    data["log"][3]["value"] = 6 if data["log"][3].get("value") != 6 else 5
    with pytest.raises(SaveError) as err:
        codec.loads(json.dumps(data))
    assert err.value.code == "save_checksum"
    data = json.loads(text)
    data["log"].insert(0, {"type": "bank"})
    data["checksum"] = codec._checksum(data["game"], data["setup"], data["log"])
    with pytest.raises(SaveError) as err:
        codec.loads(json.dumps(data))
    assert err.value.code == "save_illegal_action" and err.value.params["position"] == 0
    for bad in ("", "[]", '{"format":"x"}', b"\xff\xfe"):
        with pytest.raises(SaveError):
            codec.loads(bad)


def test_token_round_trip_and_tampering():
    s = played(80)
    token = codec.to_token(s)
    back = codec.from_token(token)
    assert back.log == s.log
    assert codec.from_token("https://x/?r=" + token).log == s.log
    for bad in (
        token[:-5],
        token[:10],
        "CP1.!!!!",
        "hello",
        token[:-3] + ("A" if token[-3] != "A" else "B") + token[-2:],
    ):
        with pytest.raises(SaveError):
            codec.from_token(bad)


def test_playout_and_simulation_report():
    p = playout(GAME, SETUP, seed=3)
    assert p.completed and max(p.state.banked) >= 20
    report = run_simulation(GAME, [(SETUP, i) for i in range(20)])
    assert report["games"] == report["completed"] == 20
    assert report["invariant_violations"] == 0
    again = run_simulation(GAME, [(SETUP, i) for i in range(20)])
    assert again["digest"] == report["digest"]


def test_rank_players_tiebreaks():
    ranking, winners, tb = rank_players([10, 12, 12], [True, True, True], [[0, 3, 5]])
    assert winners == [2] and tb["params"]["decided"] == [2]
    _, winners, tb = rank_players([10, 12, 12], [True, True, True], [[0, 5, 5]])
    assert winners == [1, 2] and tb["code"] == "shared_victory"
    ranking, winners, _ = rank_players([30, 12], [False, True])
    assert winners == [1] and ranking == [1, 0]
