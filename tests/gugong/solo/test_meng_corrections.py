"""Issue 22: Meng's unverified box facts are corrected at the table where Meng first uses them (rulings M20-M22).

An Automa card's bottom half (meng.dusk_actions) is read at the first dusk card of each top location; which decree
of a level lies lower (meng.decree_lower_slot) at Meng's first decree. Each is corrected mid-game in a real session,
undone, redone and replayed byte for byte; the game then follows the table's reading for the rest of the game; a
confirmation is one tap; games without table entry and older editions never ask (their saves replay as written).
"""

from __future__ import annotations

from companion.core import Session, codec
from companion.core.seen_items import coverage, record
from companion.gugong.seen_items import items_seen
from companion.gugong.setup import rules_of
from companion.gugong.solo.engine import GAME as SOLO
from tests.core import play_on
from tests.gugong.test_corrections import _bytes, correct_undo_redo_replay, play_until

DUSK = "gugong.meng_dusk_read"
SLOT = "gugong.meng_slot_read"


def _session(seed: int = 5, **extra) -> Session:
    return Session.new(SOLO, {"players": ["Anna"], "seed": seed, "table_entry": True, **extra})


def _dusk_cards(events) -> list[dict]:
    return [e.params for e in events if e.code == "meng.event.dusk.card"]


def test_an_automa_cards_bottom_half_corrected_at_its_first_dusk():
    session = _session()
    d = play_until(session, lambda d: d.kind == DUSK)
    card = d.params["card"]
    model = d.options[0]
    assert "seen" not in model and all("seen" in o for o in d.options[1:])  # one tap when the card agrees
    other = next(o for o in d.options[1:] if o["dusk"] != "free_travel")
    correct_undo_redo_replay(session, other)
    assert session.state.seen["meng_dusk"] == [{"card": card, "dusk": other["dusk"]}]
    # every later card of that location resolves with what the table read, and none asks again
    told = _play_to_end(session)
    assert card not in told["asked"]
    assert told["cards"] and all(p["bottom"] == other["bottom"] for p in told["cards"] if p["card"] == card)
    assert any(p["card"] == card for p in told["cards"])


def _play_to_end(session: Session) -> dict:
    """Play on (the table confirms every reading) to the game's end; the dusk cards told and the readings asked."""
    out: dict = {"cards": [], "asked": []}
    rng = __import__("random").Random(3)
    while session.decision is not None:
        d = session.decision
        if d.kind == DUSK:
            out["asked"].append(d.params["card"])
        listed = [o for o in d.options if "seen" not in o]
        events = session.resolve_chance() if d.is_chance and not d.hidden else session.act(
            listed[0] if d.is_chance else rng.choice(listed))
        out["cards"] += _dusk_cards(events)
    return out


def test_confirming_the_bottom_half_records_the_item_and_changes_nothing_else():
    session = _session()
    d = play_until(session, lambda d: d.kind == DUSK)
    before = session.state.comp.profile.value("meng.dusk_actions")
    session.act(d.options[0])
    assert session.state.seen["meng_dusk"] == [{"card": d.params["card"], "dusk": d.options[0]["dusk"]}]
    assert session.state.comp.profile.value("meng.dusk_actions") == before
    again = codec.loads(codec.dumps(session))
    assert _bytes(again) == _bytes(session)


def test_the_lower_decree_corrected_where_meng_first_buys_one():
    session = _session(seed=5)
    d = play_until(session, lambda d: d.kind == SLOT)
    assert len(d.options) == 2 and "seen" not in d.options[0] and "seen" in d.options[1]
    correct_undo_redo_replay(session, d.options[1])
    assert session.state.seen["meng_lower_slot"] == [{"slot": d.options[1]["slot"]}]
    from companion.gugong.solo import corrections
    assert corrections.lower_slot(session.state) == d.options[1]["slot"]
    assert play_on.play_until(session, lambda d: d.kind == SLOT, end_ok=True) is None  # asked once a game


def test_no_reading_without_table_entry_nor_in_older_editions():
    for setup in ({"players": ["Anna"], "seed": 5}, {"players": ["Anna"], "seed": 5, "table_entry": True, "rules": 4}):
        session = Session.new(SOLO, setup)
        found = play_on.play_until(session, lambda d: d.kind in (DUSK, SLOT), end_ok=True)
        assert found is None, setup
    assert rules_of({"players": ["Anna"]}) == 4  # a game without table entry plays (and simulates) as before
    assert rules_of({"players": ["Anna"], "table_entry": True}) == 5


def test_the_cards_read_are_recorded_one_by_one():
    session = _session()
    d = play_until(session, lambda d: d.kind == DUSK)
    card = d.params["card"]
    other = d.options[1]
    session.act(other)
    found = items_seen(SOLO, session.setup, list(session.log))
    assert found["meng.dusk_actions"] == {card: other["dusk"]}
    profile = session.state.comp.profile
    overrides, seen, partly, proofs = record(profile, {}, {"meng.dusk_actions": found["meng.dusk_actions"]})
    assert overrides["meng.dusk_actions"][card] == other["dusk"]
    assert "meng.dusk_actions" in partly and "meng.dusk_actions" not in seen  # one card of eight: partly seen
    assert coverage("gugong", "meng.dusk_actions", overrides["meng.dusk_actions"], proofs["meng.dusk_actions"]) \
        == (1, 8)


def test_the_lower_decree_read_is_recorded_as_the_whole_fact():
    session = _session(seed=5)
    d = play_until(session, lambda d: d.kind == SLOT)
    other = d.options[1]
    session.act(other)
    found = items_seen(SOLO, session.setup, list(session.log))
    assert found["meng.decree_lower_slot"] == {"value": other["slot"]}
    profile = session.state.comp.profile
    assert profile.value("meng.decree_lower_slot") != other["slot"]
    overrides, seen, partly, proofs = record(profile, {}, {"meng.decree_lower_slot": found["meng.decree_lower_slot"]})
    assert overrides["meng.decree_lower_slot"] == other["slot"]
    assert "meng.decree_lower_slot" in seen and "meng.decree_lower_slot" not in partly  # one value, seen whole
    # a later game that confirms the model (now the table's value) keeps it
    again, *_ = record(profile.with_overrides(overrides, seen, partly), proofs,
                       {"meng.decree_lower_slot": {"value": other["slot"]}})
    assert again["meng.decree_lower_slot"] == other["slot"]
