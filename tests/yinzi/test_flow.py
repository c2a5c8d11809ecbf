"""5 Spielablauf und die Aktionen: four rounds of phases A-F in their fixed order, then the final scoring;
every decision names its phase; actions only in phase B."""

from __future__ import annotations

from companion.core import apply
from companion.core.playout import playout
from companion.core.steps import FORCED
from companion.yinzi.engine import GAME

from .table import NAMES, at_actions, at_feeding, refused, run_until


def test_full_game_four_rounds_then_final_scoring():
    """RULES-Y 5 and 7: four rounds, each ending with the die roll, then the last chance and the pad."""
    result = playout(GAME, {"players": NAMES, "seed": 11}, 11)
    assert result.completed and result.state.round == 4 and result.state.phase == "over"
    assert GAME.decision(result.state) is None
    sheet = GAME.score(result.state)
    assert sheet.final and len(sheet.rows) == 8 and sheet.winners
    phases = set()
    state = GAME.initial_state(GAME.normalize_setup({"players": NAMES, "seed": 11}))
    for action in result.log:  # the phases of every decision, asked or taken for the table
        phases.add(state.phase)
        state, events = apply(GAME, state, action)
        phases.update(e.params["phase"] for e in events if e.code == FORCED)
    assert {
        "bonus",
        "actions",
        "feeding",
        "war_glory",
        "taxation",
        "late_shipping",
        "administration",
        "final",
    } <= phases

def test_game_decisions_name_their_phase():
    state = at_actions(NAMES)
    d = GAME.decision(state)
    assert d.params["phase"] == "actions" and d.params["round"] == 1
    later = run_until(state, lambda s: s.round == 2 and s.phase == "bonus")
    assert GAME.decision(later).params == {**GAME.decision(later).params, "phase": "bonus", "round": 2}

def test_action_outside_phase_b():
    state, card = at_feeding()
    refused(state, {"type": "fate", "action": "plant", "card": card, "tax": False}, "yinzi.wrong_phase", "5 ")
