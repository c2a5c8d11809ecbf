"""The score during a game is a projection: the palace condition ("Spielende": only players whose
envoy reached the palace can win) is applied at the end, not while the palace is still reachable."""

from __future__ import annotations

from companion.core import Session
from companion.core.playout import playout
from companion.gugong.engine import GAME

SETUP = {"players": ["Lisa", "Ben", "Mia"], "seed": 11}


def test_live_sheet_strikes_nothing_and_says_who_still_needs_the_palace():
    session = Session.new(GAME, SETUP)
    session.resolve_all_chance()
    sheet = GAME.score(session.state)
    assert sheet.final is False
    assert all(sheet.eligible)
    assert "gugong_score.row.not_in_palace" not in [r.code for r in sheet.rows]
    assert len(sheet.winners) >= 1  # the leader(s), not "nobody can win"
    codes = [n["code"] for n in sheet.notes]
    assert codes.count("gugong_score.note.not_yet_in_palace") == 3
    assert "gugong_score.note.no_winner" not in codes


def test_final_sheet_still_applies_the_palace_condition():
    for seed in range(30):
        result = playout(GAME, {**SETUP, "seed": seed}, seed)
        sheet = GAME.score(result.state)
        assert sheet.final is True
        outside = [i for i, ok in enumerate(sheet.eligible) if not ok]
        if outside:
            assert all(sheet.totals[i] == 0 for i in outside)
            assert "gugong_score.note.not_yet_in_palace" not in [n["code"] for n in sheet.notes]
            return
    raise AssertionError("no random game ended with a player outside the palace")
