"""Random legal playouts: drive any game using nothing but its legal-option lists.

Powers the property tests, the simulations and the benchmarks.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .actions import Action, Decision
from .canonical import canonical_bytes
from .chance import pick
from .game import Game, apply

Policy = Callable[[Any, Decision, random.Random], Action]


def random_policy(state: Any, decision: Decision, rng: random.Random) -> Action:
    return pick(decision, rng)


@dataclass
class Playout:
    setup: dict[str, Any]
    log: list[Action]
    state: Any
    completed: bool


class PlayoutStalled(RuntimeError):
    """A decision with no legal option, or a game that did not end within the action budget."""


def playout(
    game: Game,
    setup: dict[str, Any],
    seed: int,
    max_actions: int = 20_000,
    policies: dict[int, Policy] | None = None,
    on_step: Callable[[Any, bytes, Action, Any], None] | None = None,
) -> Playout:
    """Play one game to its end. `policies` maps seats to a policy (default: uniform random).

    Chance decisions are always sampled by their weights. `on_step(before, before_bytes,
    action, after)` lets tests check invariants after every action; `before_bytes` is the
    canonical JSON of `before` taken before apply ran (to prove apply did not mutate it).
    """
    rng = random.Random(seed)
    setup = game.normalize_setup(setup)
    state = game.initial_state(setup)
    log: list[Action] = []
    for _ in range(max_actions):
        decision = game.decision(state)
        if decision is None:
            return Playout(setup, log, state, True)
        if not decision.options:
            raise PlayoutStalled(f"decision {decision.kind} has no legal option after {len(log)} actions")
        policy = (policies or {}).get(decision.player, random_policy)
        action = pick(decision, rng) if decision.is_chance else policy(state, decision, rng)
        before_bytes = canonical_bytes(game.to_json(state)) if on_step is not None else b""
        new_state, _ = apply(game, state, action)
        if on_step is not None:
            on_step(state, before_bytes, action, new_state)
        log.append(action)
        state = new_state
    return Playout(setup, log, state, False)
