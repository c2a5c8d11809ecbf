"""The Yinzi rules engine: the core `Game` contract on top of the frame handlers."""

from __future__ import annotations

import pickle
from dataclasses import fields
from typing import Any

from companion.core import Decision, Event, Game, RuleError, ScoreSheet

# importing the handler modules registers their frame kinds
from . import bonus, draws, fate, flow, infra, opening, round_end, ships, turn, work  # noqa: F401
from .box import Box, box_for
from .frames import HANDLERS, rule
from .invariants import check
from .scoring import score_state
from .setup import initial_state, normalize_setup
from .state import YinziState
from .view import ledgers

OCCASIONS = ("turn", "feed", "tax", "late", "final")  # local-market occasions (RULES-Y 6)
MAX_WORKERS = turn.MAX_WORKERS


class Yinzi(Game[YinziState]):
    name = "yinzi"
    min_players = 2
    max_players = 4

    # -- setup ----------------------------------------------------------------------------------
    def normalize_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        return normalize_setup(setup)

    def initial_state(self, setup: dict[str, Any]) -> YinziState:
        state = initial_state(setup)
        flow.advance(state, self.box(state))
        return state

    @staticmethod
    def box(state: YinziState) -> Box:
        return box_for(state.overrides)

    # -- decisions ------------------------------------------------------------------------------
    def decision(self, state: YinziState) -> Decision | None:
        if state.step == "over" or not state.frames:
            return None
        frame = state.frames[-1]
        ask = HANDLERS[frame["k"]][0](state, self.box(state), frame)
        params = {"round": state.round, "phase": flow.PHASE_OF.get(state.step, state.step), **ask.params}
        return Decision(
            ask.player,
            ask.kind,
            tuple(ask.options),
            params,
            tuple(ask.weights) if ask.weights is not None else None,
            ask.rule,
        )

    def perform(self, state: YinziState, action: dict[str, Any], decision: Decision) -> list[Event]:
        box = self.box(state)
        frame = state.frames[-1]
        if frame["k"] in OCCASIONS and not frame.get("started"):
            frame["started"] = True
            state.occasion = {"sold": False, "bought": False}
        events = HANDLERS[frame["k"]][1](state, box, frame, action)
        while not state.frames and state.step != "over":
            if state.step == "actions" and turn.next_turn(state):
                break
            state.progress_fresh = []
            events += flow.advance(state, box)
            if state.frames or state.step == "over":
                break
        return events

    # -- refusals -------------------------------------------------------------------------------
    def explain_refusal(self, state: YinziState, action: dict[str, Any], decision: Decision) -> RuleError:
        frame = state.frames[-1] if state.frames else {}
        kind = action.get("type")
        phase = flow.PHASE_OF.get(state.step, state.step)
        if kind in ("fate", "worker", "migrate") and frame.get("k") != "turn":
            return RuleError(
                "yinzi.wrong_phase",
                f"Actions are taken only in phase B; now the table is in phase {phase} ({decision.kind}).",
                rule=rule("5 Spielablauf: Phasen der Spielrunde"),
                phase=phase,
                decision=decision.kind,
            )
        if frame.get("k") == "turn":
            err = self._turn_refusal(state, frame["p"], action)
            if err:
                return err
        if frame.get("k") == "migrants" and isinstance(action.get("count"), int):
            if frame["n"] + action["count"] > MAX_WORKERS:
                return RuleError(
                    "yinzi.max_four_workers",
                    f"At most {MAX_WORKERS} workers in one worker action: {frame['n']} are already placed.",
                    rule=turn.RULE_WORKER,
                    workers=frame["n"],
                    asked=action["count"],
                )
            return RuleError(
                "yinzi.not_enough_migrants",
                "There are not that many workers in the lower migration area.",
                rule=turn.RULE_WORKER,
            )
        if frame.get("k") == "feed" and kind == "feed_done":
            return RuleError(
                "yinzi.must_feed",
                "Workers must be fed if at all possible: food is still available.",
                rule=round_end.RULE_FEED,
            )
        return RuleError(
            "yinzi.not_an_option",
            f"That is not possible now: the table must decide {decision.kind} (phase {phase}).",
            rule=decision.rule,
            decision=decision.kind,
            phase=phase,
        )

    def _turn_refusal(self, state: YinziState, p: int, action: dict[str, Any]) -> RuleError | None:
        pl = state.players[p]
        kind = action.get("type")
        if kind == "worker":
            if pl.actions_done == 0:
                return RuleError(
                    "yinzi.worker_first",
                    "The first action of a round must be a fate action (play a card).",
                    rule=turn.RULE_B,
                )
            if len(pl.worker_used) >= 3:
                return RuleError(
                    "yinzi.three_worker_actions", "You have already taken your three worker actions.", rule=turn.RULE_B
                )
            if action.get("action") in pl.worker_used:
                return RuleError(
                    "yinzi.worker_action_twice",
                    f"Each worker action only once per round: {action.get('action')} is used.",
                    rule=turn.RULE_WORKER,
                    action=action.get("action"),
                )
            if not any(pl.tableau.values()):
                return RuleError(
                    "yinzi.no_workers_on_tableau",
                    "No workers lie on your tableau: this action must be a fate action.",
                    rule=turn.RULE_B,
                )
            if pl.tableau.get(action.get("group"), 0) == 0:
                return RuleError("yinzi.no_such_group", "No workers lie under that fate action.", rule=turn.RULE_WORKER)
        if kind == "fate":
            if len(pl.fate_used) >= 3:
                return RuleError(
                    "yinzi.three_fate_actions", "You have already played your three cards this round.", rule=turn.RULE_B
                )
            if action.get("action") in pl.fate_used:
                return RuleError(
                    "yinzi.fate_action_twice",
                    f"Each fate action only once per round: {action.get('action')} is used.",
                    rule=turn.RULE_FATE,
                    action=action.get("action"),
                )
            if list(action.get("card") or []) not in pl.hand:
                return RuleError("yinzi.card_not_in_hand", "That card is not in your hand.", rule=turn.RULE_FATE)
            if action.get("tax") and pl.discs == 0:
                return RuleError("yinzi.no_disc", "You have no disc left for the taxation field.", rule=turn.RULE_FATE)
        return None

    # -- reading --------------------------------------------------------------------------------
    def to_json(self, state: YinziState) -> dict[str, Any]:
        # the same result as dataclasses.asdict, about nine times faster (an in-memory copy)
        data = {f.name: getattr(state, f.name) for f in fields(state)}
        data["players"] = [dict(vars(p)) for p in state.players]
        return pickle.loads(pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL))

    def invariants(self, state: YinziState) -> list[str]:
        return check(state, self.box(state))

    def score(self, state: YinziState) -> ScoreSheet:
        return score_state(self.name, state, self.box(state), final=state.step == "over")

    def summary(self, state: YinziState) -> dict[str, Any]:
        box = self.box(state)
        return {
            "round": state.round,
            "phase": flow.PHASE_OF.get(state.step, state.step),
            "exchange_field": state.die,
            "exchange_rate": box.rate(state.die),
            "turn_order": [state.players[p].name for p in state.order],
            "players": ledgers(state, box),
        }


GAME = Yinzi()
