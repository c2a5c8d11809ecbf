"""A playthrough as text, OpenSpiel-style: every decision of a seeded random game on one line,
`kind | options | chosen | events` (the number of legal options, the option taken as canonical JSON, the
events it caused with their parameters). Golden files of these (tests/golden/) are re-played and diffed
line by line, so any change to what a game asks, offers or reports shows as a readable diff."""

from __future__ import annotations

import json
import random
from typing import Any

from .chance import pick
from .game import Game, apply


def _compact(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def playthrough(game: Game, setup: dict[str, Any], seed: int, max_actions: int = 5_000) -> list[str]:
    """The lines of one seeded uniform-random game (chance by its weights), to its end or `max_actions`."""
    rng = random.Random(seed)
    state = game.initial_state(game.normalize_setup(setup))
    out: list[str] = []
    for _ in range(max_actions):
        decision = game.decision(state)
        if decision is None:
            out.append("end | " + _compact(game.score(state).totals))
            break
        action = pick(decision, rng)
        state, events = apply(game, state, action)
        said = "; ".join(f"{e.code} {_compact(e.params)}" if e.params else e.code for e in events)
        out.append(f"{decision.kind} | {len(decision.options)} | {_compact(action)} | {said}")
    return out
