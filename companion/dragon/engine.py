"""In the Year of the Dragon (alea 2007 / Ravensburger 2017) with both expansions: the engine behind `GAME`.

The state carries a step stack (companion.core.steps); the phase table in `flow` pushes each
phase's steps and the chapter modules resolve them. The log holds only what the table decided
or drew: a step with a single possible outcome is taken at once (a `core.forced` event).
"""

from __future__ import annotations

from typing import Any

from companion.core import Action, Decision, RuleError, ScoreSheet
from companion.core.game import StepGame
from companion.core.steps import push

from .flow import FLOW
from .invariants import invariants
from .refusals import explain
from .scoring import sheet_for
from .setup import MAX_PLAYERS, MIN_PLAYERS, new_state, normalize_setup
from .state import DragonState, state_json
from .steps import STEPS


class DragonGame(StepGame[DragonState]):
    name = "dragon"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    steps = STEPS

    def normalize_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        return normalize_setup(setup)

    def new_state(self, setup: dict[str, Any]) -> DragonState:
        state = new_state(setup)
        push(state, FLOW.start("setup"))
        return state

    def explain_refusal(self, state: DragonState, action: Action, decision: Decision) -> RuleError:
        return explain(state, action, decision) or super().explain_refusal(state, action, decision)

    def to_json(self, state: DragonState) -> dict[str, Any]:
        return state_json(state)

    def score(self, state: DragonState) -> ScoreSheet:
        return sheet_for(state)

    def invariants(self, state: DragonState) -> list[str]:
        return invariants(state)

    def summary(self, state: DragonState) -> dict[str, Any]:
        return {
            "month": state.month,
            "phase": state.phase,
            "event": state.events[state.month - 1] if state.month else None,
            "super_event": state.super_event,
            "wall": len(state.wall),
            "order": [state.players[p].name for p in state.order()],
            "vp": {pl.name: pl.vp for pl in state.players},
            "over": state.over,
        }


GAME = DragonGame()
