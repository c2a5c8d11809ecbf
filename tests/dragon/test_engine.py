"""Spielverlauf and the engine contract: the phase table, single options taken at once, undo, saves, tokens."""

from __future__ import annotations

from companion.core import Session, codec
from companion.core.canonical import canonical_bytes
from companion.core.playout import playout
from companion.core.steps import settle, unsettle
from companion.dragon.engine import GAME
from companion.dragon.flow import FLOW

from .scenario import scenario

MONTH = ["action", "person", "event", "decay", "scoring"]


def test_twelve_months_of_four_phases_then_the_end():
    """Spielverlauf: "genau 12 Runden", each "1. Phase: Aktion, 2. Phase: Person, 3. Phase: Ereignis, 4. Phase:
    Wertung" (Verfall after the event); then Spielende. Expansions add the Mauer-Wertung after a Mongol invasion
    and the super event in month 7."""
    result = playout(GAME, {"players": ["A", "B", "C"], "great_wall": True, "super_event": "flood"}, seed=8)
    session, seen = Session.new(GAME, result.setup), []
    for action in result.log:
        session.act(action)
        if not seen or seen[-1] != (session.state.month, session.state.phase):
            seen.append((session.state.month, session.state.phase))
    phases = [phase for month, phase in seen if month == 7]
    assert [p for p in phases if p in MONTH] == [p for p in MONTH if p in phases]
    assert session.state.phase == "over" and session.state.over
    events = session.state.events
    invasion_months = {m for m, p in seen if p == "wall_scoring"}
    assert invasion_months <= {i + 1 for i, e in enumerate(events) if e == "mongol_invasion"}
    assert {m for m, p in seen if p == "super_event"} == {7}  # the flood asks every player
    assert [p.name for p in FLOW.phases.values()] == ["setup", "opening", "action", "person", "event",
                                                      "wall_scoring", "super_event", "decay", "scoring", "end",
                                                      "over"]


def test_undo_late_in_a_game_and_token_roundtrip():
    """The log is the truth: undo replays, the token (option indices) restores the same game."""
    result = playout(GAME, {"players": ["A", "B", "C", "D", "E"], "great_wall": True, "super_event": "hidden"}, 5)
    s = Session.from_log(GAME, result.setup, result.log)
    final = canonical_bytes(GAME.to_json(s.state))
    token = codec.to_token(s)
    assert canonical_bytes(GAME.to_json(codec.from_token(token).state)) == final
    assert len(token) < 1500
    s.undo()
    s.redo()
    assert canonical_bytes(GAME.to_json(s.state)) == final
    save = codec.loads(codec.dumps(s))
    assert canonical_bytes(GAME.to_json(save.state)) == final


def test_forced_steps_are_not_asked_and_events_tell_them():
    """A choice with a single outcome (the first person into two equal empty palaces) is carried out at once and
    reported as core.forced (ruling D6)."""
    s = Session.new(GAME, {"players": ["A", "B"], "seed": 2})
    s.resolve_all_chance()
    events = s.act({"type": "opening", "persons": ["monk", "farmer"]})
    assert any(e.code == "core.forced" for e in events)
    forced = next(e for e in events if e.code == "core.forced")
    assert forced.params["step"] == "dragon.place" and forced.params["action"] == {"type": "place", "palace": 0}
    assert forced.params["tile"] == "monk:young" and forced.params["player"] == 0
    assert s.decision.kind == "dragon.place" and len(s.decision.options) == 2


def test_decision_advance_is_idempotent():
    s = scenario({}, players=["A", "B"])
    before = canonical_bytes(GAME.to_json(s))
    unsettle(s)
    settle(GAME.steps, s)
    assert canonical_bytes(GAME.to_json(s)) == before


def test_clone_is_deep_and_keeps_the_pending_decision():
    result = playout(GAME, {"players": ["A", "B", "C"], "great_wall": True}, seed=2, max_actions=80)
    state = result.state
    copy = GAME.clone(state)
    assert canonical_bytes(GAME.to_json(copy)) == canonical_bytes(GAME.to_json(state))
    assert copy.stack.pending == state.stack.pending and copy.stack.settled
    copy.players[0].palaces[0].persons.append("monk:young")
    copy.players[0].scores["research"][0] += 1
    copy.groups[0].append("x")
    assert canonical_bytes(GAME.to_json(copy)) != canonical_bytes(GAME.to_json(state))
    assert "x" not in state.groups[0] and GAME.invariants(state) == []
