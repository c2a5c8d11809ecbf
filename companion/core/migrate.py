"""Logs written by an earlier version of an engine, brought to today's.

Version 1 of the save format was written while Yinzi still asked the table to confirm steps
with a single possible option; every engine now takes those for the table (core.steps). A
game whose policy changed offers `legacy(1)`: the same engine asking every single option.
Replaying an old log on it tells which actions answered single-option questions; those are
dropped, and the result is proven equal to the old game's state before it is accepted.
"""

from __future__ import annotations

from typing import Any

from . import steps
from .actions import Action
from .canonical import canonical_bytes
from .errors import RuleError
from .game import Game, StepGame, apply


def migrate_log(game: Game, setup: dict[str, Any], log: list[Action], version: int) -> list[Action]:
    """Today's log for a log written by save format `version` (unchanged when nothing changed since)."""
    legacy = game.legacy(version)
    if legacy is None:
        return log
    state = legacy.initial_state(setup)
    kept: list[Action] = []
    for position, action in enumerate(log):
        decision = legacy.decision(state)
        if decision is None or decision.index_of(action) < 0:
            raise RuleError("legacy_illegal_action", f"Step #{position} of this old save is not a legal move.",
                            position=position)
        if len(decision.options) > 1:
            kept.append(action)
        state, _ = apply(legacy, state, action)
    _prove_same(game, legacy, setup, kept, state)
    return kept


def _prove_same(game: Game, legacy: Game, setup: dict[str, Any], kept: list[Action], old_state: Any) -> None:
    new_state = game.initial_state(setup)
    for position, action in enumerate(kept):
        if (d := game.decision(new_state)) is None or d.index_of(action) < 0:
            raise RuleError("legacy_illegal_action", f"Step #{position} of this old save does not replay today.",
                            position=position)
        new_state, _ = apply(game, new_state, action)
    if isinstance(game, StepGame):  # the old game may stop at a single option that today's takes at once
        old_state = legacy.clone(old_state)
        steps.unsettle(old_state)
        steps.settle(game.steps, old_state)
    if canonical_bytes(game.to_json(old_state)) != canonical_bytes(game.to_json(new_state)):
        raise RuleError("legacy_mismatch", "This old save replays to a different game today; it cannot be loaded.")
