"""The Gùgōng rules engine for 2-5 players: `GAME`, a `companion.core.game.StepGame`.

The rules live in the modules named after the rulebook's chapters (flow.py lists them in the
order of play); this module wires them to the core contract: setup, the step registry,
refusals with reasons, invariants, scoring and a short summary.
"""

from __future__ import annotations

from typing import Any, ClassVar

from companion.core.actions import Action, Decision
from companion.core.errors import RuleError
from companion.core.flow import Flow
from companion.core.game import StepGame
from companion.core.scoring import ScoreSheet

from .editions import EDITIONS
from .end_table import EndTable
from .flow import FLOW
from .invariants import violations
from .refusals import explain
from .scoring import end_table, final_score
from .setup import normalize_setup, table
from .state import GugongState
from .steps import STEPS


class Gugong(StepGame[GugongState]):
    name = "gugong"
    min_players = 2
    max_players = 5
    steps = STEPS
    flow: ClassVar[Flow] = FLOW

    def normalize_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        return normalize_setup(setup)

    def saved_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        """A setup read back from a save or token before it is normalized: without "rules" it was written
        before rules editions existed and replays by edition 1 (companion.gugong.editions)."""
        return EDITIONS.saved_setup(setup)

    def new_state(self, setup: dict[str, Any]) -> GugongState:
        state = table(setup)
        state.stack.append(self.flow.start("setup"))
        return state

    def explain_refusal(self, state: GugongState, action: Action, decision: Decision) -> RuleError:
        return explain(state, action, decision) or super().explain_refusal(state, action, decision)

    def to_json(self, state: GugongState) -> dict[str, Any]:
        return state.to_json()

    def invariants(self, state: GugongState) -> list[str]:
        return violations(state)

    def end_table(self, state: GugongState) -> EndTable:
        return end_table(state)

    def score(self, state: GugongState) -> ScoreSheet:
        return final_score(self.end_table(state), state.comp.profile, final=self.decision(state) is None)

    def summary(self, state: GugongState) -> dict[str, Any]:
        d = self.decision(state)
        return {
            "day": state.day,
            "phase": state.phase if d is None else d.kind,
            "start_player": state.names[state.start],
            "vp": {state.names[p.seat]: p.vp for p in state.players},
            "palace": [state.names[s] for s in state.arrivals],
        }


GAME = Gugong()
