"""gugong-de "Spielende" (p. 14): the game ends after the night of day 4; the engine's end-of-game
table and the score sheet during and after the game (the scoring itself: test_final_scoring*.py).

Rulebook examples cite their page; the other tests quote the rule they check.
"""

from __future__ import annotations

from companion.core import Session
from companion.core.playout import playout
from companion.gugong.engine import GAME

from .fixtures import (
    FIVE,
    THREE,
    ended,
    flow_to,
    new_game,
    refresh,
    set_decree,
    set_hand,
    set_wall,
    to_night,
)

SETUP = {"players": ["Lisa", "Ben", "Mia"], "seed": 11}


def test_level_3_decrees_score_at_the_end_from_the_engine_state():
    """Stufe 3: "2 Siegpunkte für jeden deiner Diener über einem Dekret, den hier eingesetzten eingeschlossen",
    "2 Siegpunkte für jeden Diener neben den Hafenbelohnungen auf deinem Spielertableau", "bei Spielende 8
    Siegpunkte". Spielende: the incomplete wall is scored first ("Wenn noch immer Diener auf der Chinesischen
    Mauer stehen, wird sie wie üblich gewertet")."""
    s = new_game(THREE)
    set_decree(s, 0, "morning_servant", [0])
    set_decree(s, 4, "vp_per_decree_servant", [0])
    set_decree(s, 5, "vp_per_port_servant", [0, 1])
    s.players[0].rewards = {"vp": 1, "card": 1, "double": 0}
    s.players[0].general -= 2
    set_wall(s, [(1, 1)])
    for seat in (0, 1):
        s.players[seat].envoy = 8
        s.arrivals.append(seat)
    s = ended(s)
    sheet = GAME.score(s)
    assert sheet.row("gugong_score.row.decree.vp_per_decree_servant").values[0] == 2 * 3
    assert sheet.row("gugong_score.row.decree.vp_per_port_servant").values[:2] == [2 * 2, 0]
    assert sheet.row("gugong_score.row.incomplete_wall").values[1] == 3 + 1  # her envoy is in: the step is 1 VP
    assert sheet.final and sheet.winners == [0] and not sheet.eligible[2]


def test_the_game_ends_after_the_night_of_day_4_and_unplaced_envoys_score_0():
    """"War dies der 4. Tag, endet das Spiel und die Schlusswertung wird durchgeführt." Spielende: "Spielern,
    denen es nach der Schlusswertung nicht gelungen ist ihren Boten in den Palast ... zu entsenden, sind nicht
    dazu berechtigt, das Spiel zu gewinnen.\""""
    s = new_game(THREE)
    s.day = 4
    s = to_night(s, [9, 9, 9])
    s.players[0].envoy = 8
    s.arrivals = [0]
    s.players[0].vp, s.players[1].vp = 5, 40
    s = refresh(s)
    assert GAME.decision(s) is None
    sheet = GAME.score(s)
    assert sheet.final and sheet.winners == [0] and sheet.totals[1] == 0 and not sheet.eligible[1]


def test_end_of_game_order_wall_majority_brings_the_envoy_into_the_palace():
    """gugong-de Spielende (S. 14): first the incomplete wall (3 VP + 1 envoy step: 'Dies kann dazu führen,
    dass ein Spieler doch noch den Tempel ... erreicht'), then level-3 decrees, palace order, jade; players
    not in the palace score 0 and cannot win."""
    s = new_game(["Anna", "Lisa", "David"])
    anna, lisa, david = 0, 1, 2
    set_wall(s, [(anna, 1), (lisa, 1), (anna, 1)])
    s.players[anna].envoy = 7
    s.players[david].envoy = 8
    s.arrivals = [david]
    set_decree(s, 4, "eight_vp", [anna])
    s.players[anna].jade = 2
    s.jade_supply -= 2
    s.players[lisa].vp = 30
    for seat in range(3):
        set_hand(s, seat, [])
    s.day = 4
    flow_to(s, "night")
    s = refresh(s)
    assert GAME.decision(s) is None
    sheet = GAME.score(s)
    assert sheet.final
    assert sheet.row("gugong_score.row.incomplete_wall").values[anna] == 3
    assert sheet.row("gugong_score.row.decree.eight_vp").values[anna] == 8
    assert sheet.row("gugong_score.row.palace").values[:3:2] == [5, 7]  # Anna arrives second, after David
    assert sheet.row("gugong_score.row.jade").values[anna] == 3
    assert sheet.eligible == [True, False, True] and sheet.totals[lisa] == 0
    assert sheet.winners == [anna]  # 3 + 8 + 5 + 3 = 19 beats David's 7


def test_live_score_during_the_game_is_not_final():
    sheet = GAME.score(new_game(FIVE[:3]))
    assert not sheet.final and len(sheet.totals) == 3


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
