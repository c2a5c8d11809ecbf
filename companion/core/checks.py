"""Checks run after every action of a playout: the engine contract plus each game's invariants."""

from __future__ import annotations

from typing import Any

from .actions import Action
from .canonical import canonical_bytes
from .game import Game


def step_violations(game: Game, before: Any, before_bytes: bytes, action: Action, after: Any) -> list[str]:
    """Violations of the contract for one step. `before_bytes` was taken before apply ran."""
    problems = []
    if canonical_bytes(game.to_json(before)) != before_bytes:
        problems.append(f"apply mutated its input state (action {action})")
    decision = game.decision(after)
    if decision is not None and not decision.options:
        problems.append(f"decision {decision.kind} has no legal option")
    problems.extend(game.invariants(after))
    return problems
