"""Rules audit: the level-3 decrees as the engine hands them to the final scoring (gugong-de "Liste der
Dekrete, Stufe 3", p. 11; "Spielende", p. 14). The scoring arithmetic itself is covered by
test_final_scoring.py; here the engine's table (decrees owned, servants above decrees, port-reward
servants, incomplete wall) must reach it correctly.
"""

from __future__ import annotations

from companion.gugong.engine import GAME

from .fixtures import flow_to, new_game, refresh, set_decree, set_wall

NAMES = ["Anna", "Lisa", "David"]


def ended(s):
    for pl in s.players:
        pl.discard, pl.hand = pl.discard + pl.hand, []
    s.day = s.comp.days
    s.dice = [0, 0, 0]
    flow_to(s, "night")
    s = refresh(s)
    assert GAME.decision(s) is None
    return s


def test_level_3_decrees_score_at_the_end_from_the_engine_state():
    """Stufe 3: "2 Siegpunkte für jeden deiner Diener über einem Dekret, den hier eingesetzten eingeschlossen",
    "2 Siegpunkte für jeden Diener neben den Hafenbelohnungen auf deinem Spielertableau", "bei Spielende 8
    Siegpunkte". Spielende: the incomplete wall is scored first ("Wenn noch immer Diener auf der Chinesischen
    Mauer stehen, wird sie wie üblich gewertet")."""
    s = new_game(NAMES)
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
