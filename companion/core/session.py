"""A game in progress: setup + action log, with undo, redo, replay and stale-tap protection.

The log is the truth; states are derived. Checkpoints make undo late in a game cheap
(replay from the nearest checkpoint instead of from the start).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .actions import Action, Decision, Event
from .chance import app_may_draw, pick, rng_for
from .errors import RuleError, StaleActionError
from .game import Game, apply

S = TypeVar("S")

CHECKPOINT_EVERY = 16


@dataclass
class Session(Generic[S]):
    game: Game[S]
    setup: dict[str, Any]
    log: list[Action] = field(default_factory=list)
    redo_stack: list[Action] = field(default_factory=list)
    events: list[list[Event]] = field(default_factory=list)
    _checkpoints: dict[int, S] = field(default_factory=dict, repr=False)
    _state: S | None = field(default=None, repr=False)

    @classmethod
    def new(cls, game: Game[S], setup: dict[str, Any]) -> Session[S]:
        session = cls(game=game, setup=game.normalize_setup(setup))
        session._state = game.initial_state(session.setup)
        session._checkpoints[0] = session._state
        return session

    @classmethod
    def from_log(cls, game: Game[S], setup: dict[str, Any], log: list[Action]) -> Session[S]:
        """Replay a log; raises RuleError (with the position) if any action is illegal."""
        session = cls.new(game, setup)
        for i, action in enumerate(log):
            try:
                session.act(action)
            except RuleError as err:
                err.params.setdefault("position", i)
                raise
        return session

    # -- reading -----------------------------------------------------------------------
    @property
    def version(self) -> int:
        """Changes with every accepted action, undo and redo (stale taps carry an old one)."""
        return len(self.log)

    @property
    def state(self) -> S:
        assert self._state is not None
        return self._state

    @property
    def decision(self) -> Decision | None:
        return self.game.decision(self.state)

    @property
    def is_over(self) -> bool:
        return self.decision is None

    # -- changing ----------------------------------------------------------------------
    def act(self, action: Action, version: int | None = None) -> list[Event]:
        """Apply a player's (or the table's) action. `version` is the one the screen showed."""
        if version is not None and version != self.version:
            raise StaleActionError(
                "stale_action",
                "The game moved on since this choice was shown; nothing was changed. Please choose again.",
                shown=version,
                current=self.version,
            )
        new_state, events = apply(self.game, self.state, action)
        self._push(action, new_state, events)
        self.redo_stack.clear()
        return events

    def resolve_chance(self) -> list[Event]:
        """Let the app roll/draw for the pending chance decision (seeded, reproducible)."""
        decision = self.decision
        if decision is None or not decision.is_chance:
            raise RuleError("not_chance", "Nothing is to be rolled or drawn now.")
        if decision.hidden:  # the table holds it face down or was dealt it: the app cannot know it
            raise RuleError("table_holds", "Only the table knows this component: enter what it holds.")
        action = pick(decision, rng_for(self.game.name, self.setup.get("seed", 0), len(self.log)))
        return self.act(action)

    def resolve_all_chance(self) -> None:
        """Draw every pending chance step the app may draw; stops at one only the table can enter."""
        while app_may_draw(self.decision):
            self.resolve_chance()

    def undo(self) -> Action:
        if not self.log:
            raise RuleError("nothing_to_undo", "There is nothing to undo: the game has just been set up.")
        action = self.log.pop()
        self.events.pop()
        self._checkpoints = {k: v for k, v in self._checkpoints.items() if k <= len(self.log)}
        base = max(self._checkpoints)
        state = self._checkpoints[base]
        for a in self.log[base:]:
            state, _ = apply(self.game, state, a)
        self._state = state
        self.redo_stack.append(action)
        return action

    def redo(self) -> list[Event]:
        if not self.redo_stack:
            raise RuleError("nothing_to_redo", "There is nothing to redo.")
        action = self.redo_stack[-1]
        new_state, events = apply(self.game, self.state, action)
        self.redo_stack.pop()
        self._push(action, new_state, events)
        return events

    def last_action_was_chance(self) -> bool:
        """True when undo would take back a revealed card, tile or roll (the UI asks first)."""
        if not self.log:
            return False
        before = self._state_before_last()
        d = self.game.decision(before)
        return d is not None and d.is_chance

    def _state_before_last(self) -> S:
        base = max(k for k in self._checkpoints if k <= len(self.log) - 1)
        state = self._checkpoints[base]
        for a in self.log[base : len(self.log) - 1]:
            state, _ = apply(self.game, state, a)
        return state

    def _push(self, action: Action, new_state: S, events: list[Event]) -> None:
        self.log.append(action)
        self.events.append(events)
        self._state = new_state
        if len(self.log) % CHECKPOINT_EVERY == 0:
            self._checkpoints[len(self.log)] = new_state
