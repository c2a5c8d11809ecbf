"""Issue 15: what a table saw, once recorded as "seen at the table", is used by the next new game; a profile
exported and imported again is the same profile."""

from __future__ import annotations

import json

from companion.core.profile import import_profile, load_default, record_seen
from companion.core.provenance import unverified
from companion.gugong.engine import GAME
from companion.gugong.view import view

from .table import JADE, play_mirrored, real_box

PLAYERS = ["Anna", "Lisa", "David"]


def _entered_game():
    real = {"players": PLAYERS, "seed": 5, "profile": {"overrides": real_box()}}
    entered = {"players": PLAYERS, "seed": 5, "table_entry": True, "profile": {"overrides": {"jade_houses": JADE}}}
    _r, e, _n = play_mirrored(GAME, real, entered, 5, lambda *a: None)
    return e


def test_seen_facts_recorded_are_used_by_the_next_new_game_without_placeholder_marks():
    found = view(_entered_game())["seen_facts"]
    assert {"gift_cards", "dice_faces", "decree_costs"} <= set(found)
    owner = load_default("gugong").with_overrides({"jade_houses": JADE})
    overrides, seen = record_seen(owner, found)
    assert overrides["jade_houses"] == JADE and "jade_houses" not in seen  # the owner's own check stays checked
    assert set(found) <= set(seen)
    state = GAME.initial_state(GAME.normalize_setup(
        {"players": PLAYERS, "seed": 9, "table_entry": True, "profile": {"overrides": overrides, "seen": seen}}))
    profile = state.comp.profile
    for key in found:
        assert profile.fact(key).status == "seen" and profile.fact(key).value == found[key]
    assert unverified(profile, found) == []  # no placeholder notice for what was seen
    assert view(state)["verified"]["cards"] and view(state)["verified"]["dice"]
    assert sorted(state.comp.dice_faces) == sorted(found["dice_faces"])
    decision = GAME.decision(state)
    assert decision is not None  # a seen fact may still be corrected at the table: "Something else…" stays


def test_the_checked_facts_are_never_replaced_by_what_a_table_saw():
    owner = load_default("gugong").with_overrides({"dice_faces": [1, 2, 3, 4, 5, 6]})
    overrides, seen = record_seen(owner, {"dice_faces": [2, 3, 4, 5, 7, 9]})
    assert overrides == {"dice_faces": [1, 2, 3, 4, 5, 6]} and seen == []


def test_export_then_import_gives_the_same_profile():
    found = {"dice_faces": [2, 3, 4, 5, 7, 9], "decree_costs": real_box()["decree_costs"]}
    overrides, seen = record_seen(load_default("gugong").with_overrides({"jade_houses": JADE}), found)
    profile = load_default("gugong").with_overrides(overrides, set(seen))
    again = import_profile(json.dumps(profile.export()), "gugong")
    assert again == profile
    assert again.fact("dice_faces").status == "seen" and again.fact("jade_houses").status == "owner"
