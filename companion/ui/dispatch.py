"""The one way a screen changes a game: `dispatch(table, command, shown_version)`.

A command is an engine action (a dict from the decision's options, or typed in by hand) or
one of the table commands UNDO, REDO, APP_CHANCE. The version the screen showed travels with
it, so a double tap or a stale button is refused (StaleActionError) and nothing is applied.
An accepted change is written to SQLite before dispatch returns; if that write fails the
change is taken back, so what the screen shows is always what is on disk.

This module holds no Streamlit code, so it is tested directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core import CompanionError, Event, RuleError, Session, StaleActionError
from ..core.actions import Action
from ..storage import Store

UNDO = "undo"
REDO = "redo"
APP_CHANCE = "app_chance"
APP_CHANCE_ALL = "app_chance_all"  # the app rolls/draws every pending chance step (e.g. the whole setup)
COMMANDS = (UNDO, REDO, APP_CHANCE, APP_CHANCE_ALL)
MAX_CHANCE_STEPS = 500

Command = Action | str


@dataclass
class Table:
    """A game on the table: its id in storage, the session, and UI metadata (colours, who rolls)."""

    game_id: str
    session: Session
    title: str = ""
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def version(self) -> int:
        return self.session.version


@dataclass
class Outcome:
    ok: bool
    events: list[Event] = field(default_factory=list)
    error: CompanionError | None = None
    command: Command | None = None


def dispatch(table: Table, command: Command, shown_version: int, store: Store | None) -> Outcome:
    """Apply `command` if the screen that sent it is current, then autosave. Never raises CompanionError."""
    session = table.session
    try:
        if shown_version != session.version:
            raise StaleActionError(
                "stale_action",
                "The game moved on since this choice was shown; nothing was changed. Please choose again.",
                shown=shown_version,
                current=session.version,
            )
        if command == UNDO:
            session.undo()
            events: list[Event] = []
        elif command == REDO:
            events = session.redo()
        elif command == APP_CHANCE:
            events = session.resolve_chance()
        elif command == APP_CHANCE_ALL:
            events = session.resolve_chance()
            for _ in range(MAX_CHANCE_STEPS):
                decision = session.decision
                if decision is None or not decision.is_chance:
                    break
                events += session.resolve_chance()
        elif isinstance(command, dict):
            events = session.act(command, shown_version)
        else:
            raise RuleError("malformed_action", f"An action must be an object with a type, not {command!r}.")
    except CompanionError as err:
        if command == APP_CHANCE_ALL:  # the steps before the failing one were applied
            _take_back(session, command, shown_version)
        return Outcome(False, error=err, command=command)
    if store is not None:
        try:
            store.save_game(table.game_id, session, table.title, table.meta)
        except Exception as exc:
            _take_back(session, command, shown_version)
            err = CompanionError("autosave_failed", f"The game could not be saved ({exc}); nothing was changed.")
            return Outcome(False, error=err, command=command)
    return Outcome(True, events=events, command=command)


def _take_back(session: Session, command: Command, shown_version: int) -> None:
    """Undo what an accepted `command` did."""
    if command == UNDO:
        session.redo()
    elif command == REDO:
        session.undo()
    else:
        while session.version > shown_version:  # one action, or several chance steps
            session.undo()
            session.redo_stack.pop()  # an unsaved action is not something to redo
