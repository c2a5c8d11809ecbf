"""Replaying a log that came from outside (a save, a token), fast and without trusting it.

`Session.from_log` applies each action through `core.game.apply`, which copies the state before
every action so the caller's state never changes. A replay owns its state, so it plays every
action on one private state and copies it only at the session's checkpoints: the same states,
in a fraction of the time (a long Yinzi game: under half). Every action is checked against the
legal options first, types included; one that is not an option, or not even shaped like one,
is refused with its position.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import Action, Decision, Event
from .errors import RuleError
from .game import Game
from .session import CHECKPOINT_EVERY, Session
from .validate import action_shape_problem

Choose = Callable[[Any, Decision, int], Action]  # (state, decision, position) -> the action to play


def replay_log(game: Game, setup: dict[str, Any], log: list[Action]) -> Session:
    """The session after `log`; RuleError (with "position") at the first action that is not legal."""

    def choose(state: Any, decision: Decision, position: int) -> Action:
        action = log[position]
        if (i := decision.index_of(action)) >= 0:
            return decision.options[i] if decision.unordered else action  # a pair as the option names it
        problem = action_shape_problem(action, decision.options)
        if problem is None:  # shaped like an option: the engine can say why it is not legal now
            err = game.explain_refusal(state, action, decision)
        else:
            err = RuleError("not_an_option", f"That is not a possible move now: {problem}.", rule=decision.rule)
        err.params.setdefault("position", position)
        raise err

    return _replay(game, setup, len(log), choose)


def replay_indices(game: Game, setup: dict[str, Any], indices: list[int]) -> Session:
    """The session after choosing option `indices[i]` at each step (a token's log)."""

    def choose(state: Any, decision: Decision, position: int) -> Action:
        if indices[position] >= len(decision.options):
            raise RuleError("not_an_option", f"Step #{position} names option {indices[position]} of "
                            f"{len(decision.options)}.", position=position)
        return decision.options[indices[position]]

    return _replay(game, setup, len(indices), choose)


def _replay(game: Game, setup: dict[str, Any], count: int, choose: Choose) -> Session:
    setup = game.normalize_setup(setup)
    state = game.initial_state(setup)
    checkpoints = {0: state}
    state = game.clone(state)
    log: list[Action] = []
    events: list[list[Event]] = []
    for position in range(count):
        decision = game.decision(state)
        if decision is None:
            raise RuleError("game_over", f"Step #{position} comes after the end of the game.", position=position)
        action = choose(state, decision, position)
        events.append(game.perform(state, action, decision))
        log.append(action)
        if len(log) % CHECKPOINT_EVERY == 0:
            checkpoints[len(log)] = state
            state = game.clone(state)
    return Session(game=game, setup=setup, log=log, events=events, _checkpoints=checkpoints, _state=state)
