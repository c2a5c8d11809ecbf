"""The Yinzi rules engine: the core `StepGame` contract on Yinzi's step registry and phase table."""

from __future__ import annotations

import marshal
from dataclasses import fields
from typing import Any, ClassVar

from companion.core import Decision, RuleError, ScoreSheet
from companion.core.game import Game, StepGame
from companion.core.steps import Steps, push

from . import editions, exchange, invariants, refusals, scoring
from .flow import FLOW
from .setup import initial_state, normalize_setup
from .state import YinziState
from .steps import STEPS
from .view import ledgers

WHEN_USED = ("table_entry", "seen", "partly")  # in the JSON only of games that use table entry (older digests stay)


class Yinzi(StepGame[YinziState]):
    name = "yinzi"
    min_players = 2
    max_players = 4
    steps: ClassVar[Steps] = STEPS

    def normalize_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        return {**normalize_setup(setup), "rules": editions.EDITIONS.of_setup(setup)}

    def saved_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        """A setup read back from a save or token: one written before editions existed plays edition 1."""
        return editions.EDITIONS.saved_setup(setup)

    def new_state(self, setup: dict[str, Any]) -> YinziState:
        state = initial_state(setup)
        state.rules = editions.EDITIONS.of_setup(setup)
        push(state, FLOW.start("setup"))
        return state

    def explain_refusal(self, state: YinziState, action: dict[str, Any], decision: Decision) -> RuleError:
        return refusals.explain(state, action, decision)

    def to_json(self, state: YinziState) -> dict[str, Any]:
        # the same result as dataclasses.asdict, many times faster (an in-memory copy of plain data); the rules
        # edition is the engine's, not the table's (companion.yinzi.editions)
        data = {f.name: getattr(state, f.name) for f in fields(state)
                if f.name != "rules" and (f.name not in WHEN_USED or getattr(state, f.name))}
        data["players"] = [vars(p) for p in state.players]
        data["stack"] = list(state.stack)
        return marshal.loads(marshal.dumps(data))

    def invariants(self, state: YinziState) -> list[str]:
        return invariants.check(state)

    def score(self, state: YinziState) -> ScoreSheet:
        return scoring.score_state(self.name, state, final=state.phase == "over")

    def summary(self, state: YinziState) -> dict[str, Any]:
        return {
            "round": state.round,
            "phase": state.phase,
            "exchange_field": state.die,
            "exchange_rate": exchange.rate(state),
            "turn_order": [state.players[p].name for p in state.order],
            "players": ledgers(state),
        }

    def legacy(self, save_version: int) -> Game[YinziState] | None:
        """Saves of version 1 were written while Yinzi asked every single-option step (core.migrate)."""
        return LEGACY if save_version == 1 else None


class AskingEverySingle(Yinzi):
    """Yinzi as it was before the core's single-option policy: it asks even one-option steps (its games,
    naming no edition, are played by edition 1 of the rules, companion.yinzi.editions)."""

    steps: ClassVar[Steps] = STEPS.variant("yinzi", ask_every_single=True)


GAME = Yinzi()
LEGACY = AskingEverySingle()
