"""Why an action is not possible now, citing the rule: one explanation per pending step kind.

Numbers in the messages come from the box profile (companion.yinzi.components).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core import Decision, RuleError
from companion.core.steps import Frame

from . import components
from .feeding import RULE_FEED
from .state import YinziState
from .steps import rule
from .turn import RULE_B, RULE_FATE, RULE_WORKER

Why = Callable[[YinziState, Frame, dict[str, Any]], RuleError | None]
TURN_ACTIONS = ("fate", "worker", "migrate")


def _worker(state: YinziState, p: int, action: dict[str, Any]) -> RuleError | None:
    pl = state.players[p]
    limit = components.of(state).worker_actions
    if pl.actions_done == 0:
        return RuleError("yinzi.worker_first", "The first action of a round must be a fate action (play a card).",
                         rule=rule(RULE_B))
    if len(pl.worker_used) >= limit:
        return RuleError("yinzi.three_worker_actions",
                         f"You have already taken your {limit} worker actions this round.", rule=rule(RULE_B),
                         limit=limit)
    if action.get("action") in pl.worker_used:
        return RuleError("yinzi.worker_action_twice",
                         f"Each worker action only once per round: {action.get('action')} is used.",
                         rule=rule(RULE_WORKER), action=action.get("action"))
    if not any(pl.tableau.values()):
        return RuleError("yinzi.no_workers_on_tableau",
                         "No workers lie on your tableau: this action must be a fate action.", rule=rule(RULE_B))
    if pl.tableau.get(action.get("group"), 0) == 0:
        return RuleError("yinzi.no_such_group", "No workers lie under that fate action.", rule=rule(RULE_WORKER))
    return None


def _fate(state: YinziState, p: int, action: dict[str, Any]) -> RuleError | None:
    pl = state.players[p]
    limit = components.of(state).fate_actions
    if len(pl.fate_used) >= limit:
        return RuleError("yinzi.three_fate_actions", f"You have already played your {limit} cards this round.",
                         rule=rule(RULE_B), limit=limit)
    if action.get("action") in pl.fate_used:
        return RuleError("yinzi.fate_action_twice",
                         f"Each fate action only once per round: {action.get('action')} is used.",
                         rule=rule(RULE_FATE), action=action.get("action"))
    if list(action.get("card") or []) not in pl.hand:
        return RuleError("yinzi.card_not_in_hand", "That card is not in your hand.", rule=rule(RULE_FATE))
    if action.get("tax") and pl.discs == 0:
        return RuleError("yinzi.no_disc", "You have no disc left for the taxation field.", rule=rule(RULE_FATE))
    return None


def _turn(state: YinziState, frame: Frame, action: dict[str, Any]) -> RuleError | None:
    why = {"worker": _worker, "fate": _fate}.get(action.get("type"))
    return why(state, frame["p"], action) if why else None


def _migrants(state: YinziState, frame: Frame, action: dict[str, Any]) -> RuleError | None:
    count = action.get("count")
    if not isinstance(count, int):
        return None
    most = components.of(state).max_workers
    if frame["n"] + count > most:
        return RuleError("yinzi.max_four_workers",
                         f"At most {most} workers in one worker action: {frame['n']} are already placed.",
                         rule=rule(RULE_WORKER), workers=frame["n"], asked=count, limit=most)
    return RuleError("yinzi.not_enough_migrants", "There are not that many workers in the lower migration area.",
                     rule=rule(RULE_WORKER))


def _feed(state: YinziState, frame: Frame, action: dict[str, Any]) -> RuleError | None:
    if action.get("type") != "feed_done":
        return None
    return RuleError("yinzi.must_feed", "Workers must be fed if at all possible: food is still available.",
                     rule=rule(RULE_FEED))


BY_STEP: dict[str, Why] = {"turn": _turn, "migrants": _migrants, "feed": _feed}


def explain(state: YinziState, action: dict[str, Any], decision: Decision) -> RuleError:
    frame = state.stack[-1] if state.stack else {}
    if action.get("type") in TURN_ACTIONS and frame.get("k") != "turn":
        return RuleError(
            "yinzi.wrong_phase",
            f"Actions are taken only in phase B; now the table is in phase {state.phase} ({decision.kind}).",
            rule=rule("5 Spielablauf: Phasen der Spielrunde"), phase=state.phase, decision=decision.kind)
    why = BY_STEP.get(frame.get("k", ""))
    err = why(state, frame, action) if why else None
    return err or RuleError(
        "yinzi.not_an_option",
        f"That is not possible now: the table must decide {decision.kind} (phase {state.phase}).",
        rule=decision.rule, decision=decision.kind, phase=state.phase)
