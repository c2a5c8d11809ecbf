"""The contract every rules engine implements, and the one place actions are applied.

A game engine supplies: setup validation, the initial state, the pending decision with its
legal options, and how one legal action changes a (private) copy of the state. `apply`
below checks legality against the enumerated options, so a refused action can never have
touched the state, and it always works on a copy, so the input is never mutated.
"""

from __future__ import annotations

import pickle
from abc import ABC, abstractmethod
from dataclasses import is_dataclass
from typing import Any, ClassVar, Generic, TypeVar

from . import copies
from . import steps as stack
from .actions import Action, Decision, Event
from .errors import RuleError
from .scoring import ScoreSheet
from .validate import action_shape_problem

S = TypeVar("S")


class Game(ABC, Generic[S]):
    """One board game's rules. Stateless: all state lives in the `S` value."""

    name: ClassVar[str]  # "gugong", "dragon", "yinzi"
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    @abstractmethod
    def normalize_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        """Validate a setup (players, options, seed, profile) and fill defaults.

        Raises SetupError with a message that says what is wrong and what would be right.
        The result is JSON data and is what saves store.
        """

    @abstractmethod
    def initial_state(self, setup: dict[str, Any]) -> S:
        """The state before the first action of the log (setup draws are chance actions)."""

    @abstractmethod
    def decision(self, state: S) -> Decision | None:
        """Who decides what now, with every legal option; None once the game is over."""

    @abstractmethod
    def perform(self, state: S, action: Action, decision: Decision) -> list[Event]:
        """Carry out a legal `action` on `state`, which is a private copy: mutate it freely."""

    @abstractmethod
    def to_json(self, state: S) -> dict[str, Any]:
        """The full state as JSON data (canonical comparisons and digests use it)."""

    @abstractmethod
    def score(self, state: S) -> ScoreSheet:
        """The per-category score breakdown (live during the game, final at its end)."""

    def explain_refusal(self, state: S, action: Action, decision: Decision) -> RuleError:
        """Why `action` is not legal now. Engines override this for specific, rule-citing reasons."""
        return RuleError(
            "not_an_option",
            f"That is not possible now: the table must decide {decision.kind}.",
            rule=decision.rule,
            action=action,
            decision=decision.kind,
        )

    def clone(self, state: S) -> S:
        """A copy to change, written from the state's dataclass fields (companion.core.copies), so no engine keeps
        a copy by hand that could forget a field. A state that is no dataclass is copied by pickle, in memory only."""
        if is_dataclass(state):
            return copies.copy(state)
        return pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))

    def invariants(self, state: S) -> list[str]:
        """Game-specific conservation checks; returns a message per violation (none: empty)."""
        return []

    def summary(self, state: S) -> dict[str, Any]:
        """A short, JSON-able description of where the game stands (CLI and save listings)."""
        return {}

    def saved_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        """A setup read back from a save or token, before it is normalized: engines whose rules have
        editions name the edition such a setup was written with when it names none."""
        return setup

    def legacy(self, save_version: int) -> Game[S] | None:
        """This engine as it behaved when saves of `save_version` were written, if that differs
        in which steps it asked (see companion.core.migrate); None: old logs replay as they are."""
        return None


class StepGame(Game[S]):
    """A game whose state carries a step stack (`state.stack`) resolved by its `steps` registry.

    Subclasses build the state before its first step in `new_state`; `initial_state` settles it,
    so no decision() call ever has to change a state.
    """

    steps: ClassVar[stack.Steps]

    @abstractmethod
    def new_state(self, setup: dict[str, Any]) -> S:
        """The state with its first frames pushed (usually the flow frame of the first phase)."""

    def initial_state(self, setup: dict[str, Any]) -> S:
        state = self.new_state(setup)
        stack.settle(self.steps, state)  # type: ignore[arg-type]
        return state

    def decision(self, state: S) -> Decision | None:
        return stack.decision(self.steps, state)  # type: ignore[arg-type]

    def perform(self, state: S, action: Action, decision: Decision) -> list[Event]:
        return stack.resolve(self.steps, state, action)  # type: ignore[arg-type]


def apply(game: Game[S], state: S, action: Action) -> tuple[S, list[Event]]:
    """Apply one action; return the new state and its events. Raises RuleError if illegal.

    The input state is never changed, whether the action is accepted or refused.
    """
    decision = game.decision(state)
    if decision is None:
        raise RuleError("game_over", "The game is over: no more actions are possible.")
    i = decision.index_of(action) if isinstance(action, dict) else -1
    if i < 0:
        problem = action_shape_problem(action, decision.options)
        if problem is not None:  # not even shaped like an option: engines explain only well-formed moves
            raise RuleError("malformed_action", f"That is not a move of this game: {problem}.", decision=decision.kind)
        raise game.explain_refusal(state, action, decision)
    new_state = game.clone(state)
    chosen = decision.options[i] if decision.unordered else action  # one state for a pair in either order
    events = game.perform(new_state, chosen, decision)
    return new_state, events
