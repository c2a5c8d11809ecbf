"""gugong-de "SCHLUSSWERTUNG (SOLO)": Meng scores no palace VP without arriving, but may still win."""

from __future__ import annotations

from companion.gugong.scoring import final_score
from companion.gugong.solo.engine import GAME

from .helpers import first_turn, human, meng


def test_meng_may_win_without_the_palace():
    s = first_turn()
    meng(s).vp, human(s).vp = 40, 30
    human(s).envoy = s.comp.palace_steps
    s.arrivals = [0]
    sheet = GAME.score(s)
    assert sheet.eligible == [True, True]
    assert sheet.row("gugong_score.row.palace").values[1] == 0
    assert sheet.winners == [1]


def test_a_human_outside_the_palace_cannot_win():
    s = first_turn()
    human(s).vp = 50
    # the final scoring of this table (mid-game, the live sheet only warns: tests/gugong/test_live_score.py)
    sheet = final_score(GAME.end_table(s), s.comp.profile)
    assert sheet.eligible == [False, True] and sheet.winners == [1] and sheet.totals[0] == 0
    live = GAME.score(s)
    assert live.final is False and live.winners == [0] and live.totals[0] >= 50


def test_meng_in_the_palace_scores_arrival_vp_and_his_port_markers_count_for_the_decree():
    s = first_turn()
    meng(s).envoy = s.comp.palace_steps
    s.arrivals = [1]
    s.meng.markers = {"card": 2, "vp": 5}
    s.decree_slots[4] = "vp_per_port_servant"
    s.decree_servants[4] = [1]
    sheet = GAME.score(s)
    assert sheet.row("gugong_score.row.palace").values[1] == 7
    assert sheet.row("gugong_score.row.decree.vp_per_port_servant").values[1] == 2 * (2 + 3)
