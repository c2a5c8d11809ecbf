"""The one way a screen changes a game: `dispatch(table, command, shown_revision, store)`.

A command is an engine action (a dict from the decision's options, or typed in by hand) or
one of the table commands UNDO, REDO, APP_CHANCE. The revision the screen showed travels with
it, so a double tap or a stale button is refused (StaleActionError) and nothing is applied.
An accepted change is saved with compare-and-set before dispatch returns: if another device
saved the game in between, the store refuses (StaleRevisionError), the change is taken back and
the stored game is loaded into the table, so this device shows the game as it now is. If the
write fails otherwise the change is taken back too: what the screen shows is what is stored.

This module holds no Streamlit code, so it is tested directly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..core import CompanionError, Event, RuleError, Session, StaleActionError
from ..core.actions import Action
from ..core.chance import app_may_draw
from ..core.registry import manifest
from ..stats.record import record_game
from ..storage import StaleRevisionError, StorageError, Store
from . import kept_moves

UNDO = "undo"
REDO = "redo"
APP_CHANCE = "app_chance"
APP_CHANCE_ALL = "app_chance_all"  # the app rolls/draws every pending chance step (e.g. the whole setup)
MAX_CHANCE_STEPS = 500
KEEP_POSITIONS = 8
SAVE_ATTEMPTS = 4  # saves met by other devices' setting changes before a tap gives up

Command = Action | str | list[Action]


@dataclass
class Table:
    """A game on the table: its id and table code in storage, the session, the stored revision it
    shows, and UI metadata (colours, who rolls)."""

    game_id: str
    session: Session
    title: str = ""
    meta: dict[str, Any] = field(default_factory=dict)
    owner: str | None = None
    revision: int = 1
    # revision -> the game position this screen showed at it (log length, last action): a tap made for a
    # revision that only moved without the game moving (a reload of the same log, a table setting) is current
    positions: dict[int, tuple[int, str]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.remember()

    def position(self) -> tuple[int, str]:
        log = self.session.log
        return len(log), repr(log[-1]) if log else ""

    def remember(self) -> None:
        """Note the game position shown at the current revision (kept for the last few revisions)."""
        self.positions[self.revision] = self.position()
        for old in sorted(self.positions)[:-KEEP_POSITIONS]:
            del self.positions[old]

    def is_current(self, shown_revision: int) -> bool:
        """The screen that sent a tap showed this game as it is now (same revision, or same position)."""
        return shown_revision == self.revision or self.positions.get(shown_revision) == self.position()

    @property
    def version(self) -> int:
        """The log's length: it names a screen's widgets (their keys). What a button carries, and
        dispatch checks, is `revision`: it grows with every change and never repeats."""
        return self.session.version

    def reload(self, store: Store) -> None:
        """Show the game as stored now (another device moved it on)."""
        self.session, row = store.load_game(self.game_id, owner=self.owner)
        self.title, self.meta, self.revision = row.title, row.meta, row.revision
        self.remember()


@dataclass
class Outcome:
    ok: bool
    events: list[Event] = field(default_factory=list)
    error: CompanionError | None = None
    command: Command | None = None
    reloaded: bool = False  # the stored game (moved on elsewhere) replaced what this screen had


def dispatch(table: Table, command: Command, shown_revision: int, store: Store | None, joined: bool = False) -> Outcome:
    """Apply `command` if the screen that sent it is current, then save. Never raises CompanionError.
    `joined`: the same tap as the command dispatched just before (its table moves are one change).

    The command runs on a copy of the session that replaces the table's only once it is saved, so a
    refusal, a stale save or a failing disk leaves this screen's game exactly as it was."""
    work = _copy(table.session)
    try:
        if not table.is_current(shown_revision):
            raise StaleActionError(
                "stale_action",
                "The game moved on since this choice was shown; nothing was changed. Please choose again.",
                shown=shown_revision,
                current=table.revision,
            )
        events = _apply(work, command)
    except CompanionError as err:
        return Outcome(False, error=err, command=command)
    if store is None:
        table.meta = _with_moves(table, work, table.meta, joined)
        _adopt(table.session, work)
        table.revision += 1
        table.remember()
        return Outcome(True, events=events, command=command)
    return _save(table, work, command, events, store, joined)


def _adopt(session: Session, work: Session) -> None:
    """The saved copy becomes the table's session, in place: whoever holds the session sees the change."""
    session.log, session.redo_stack, session.events = work.log, work.redo_stack, work.events
    session._checkpoints, session._state = work._checkpoints, work._state


def _copy(session: Session) -> Session:
    """A session to try a command on: states are never changed in place (apply clones), so copying the
    lists that grow is enough."""
    return replace(session, log=list(session.log), redo_stack=list(session.redo_stack), events=list(session.events),
                   _checkpoints=dict(session._checkpoints), _state=session._state)


def _progress(session: Session) -> dict[str, Any] | None:
    """Where the game stands (the view's `progress`), kept with the game so a list of saved games can say it."""
    try:
        progress = manifest(session.game.name).view(session.state).get("progress")
    except Exception:  # a list line is never worth a lost move
        return None
    return dict(progress) if isinstance(progress, dict) else None


def _with_moves(table: Table, work: Session, meta: dict[str, Any], joined: bool = False) -> dict[str, Any]:
    """The meta with the table's pending moves after this change, saved in the same write as the step."""
    try:
        moves = kept_moves.advance(table.meta.get(kept_moves.KEY), table.session.events, work, joined)
    except Exception:  # a list of moves is never worth a lost move: it starts again empty
        moves = kept_moves.encode(kept_moves.Kept(n=len(work.events)))
    return {**meta, kept_moves.KEY: moves}


def _save(table: Table, work: Session, command: Command, events: list[Event], store: Store,
          joined: bool = False) -> Outcome:
    """Compare-and-set. If another device saved in between without moving the game (a table setting, a
    reload), the tap is still for this position: it is applied again on the stored game and saved."""
    for _ in range(SAVE_ATTEMPTS):
        progress = _progress(work)
        meta = {**table.meta, "progress": progress} if progress is not None else table.meta
        meta = _with_moves(table, work, meta, joined)
        try:
            revision = store.save_game(
                table.game_id, work, expected=table.revision, owner=table.owner, title=table.title, meta=meta
            )
        except StaleRevisionError as err:
            shown = _position(table.session)
            try:
                table.reload(store)
                if _position(table.session) != shown:  # the game itself moved on: this tap was for another position
                    return Outcome(False, error=err, command=command, reloaded=True)
                work = _copy(table.session)
                events = _apply(work, command)
            except CompanionError as gone:
                return Outcome(False, error=gone, command=command, reloaded=True)
            continue
        except Exception as exc:
            err = exc if isinstance(exc, StorageError) else CompanionError(
                "autosave_failed", "The game could not be saved; nothing was changed."
            )
            return Outcome(False, error=err, command=command)
        _adopt(table.session, work)
        table.meta, table.revision = meta, revision
        table.remember()
        # the play history: a game that ended is a result; an undo that reopens it takes the result back
        record_game(store, table.game_id, table.session, owner=table.owner, meta=meta, reopened=command == UNDO)
        return Outcome(True, events=events, command=command)
    current = store.revision(table.game_id, owner=table.owner) or table.revision
    return Outcome(False, error=StaleRevisionError(table.revision, current), command=command, reloaded=True)


def _position(session: Session) -> tuple[list, list]:
    """What a tap depends on: the log (and what redo would bring back), not the revision or the settings."""
    return list(session.log), list(session.redo_stack)


def follow(table: Table, store: Store) -> bool:
    """Live follow: if another device saved the game since this screen loaded it, load the stored game.

    One primary-key read of the revision (what an open screen runs every second); the game is
    replayed only when it changed. True when the table was reloaded."""
    current = store.revision(table.game_id, owner=table.owner)
    if current is None or current == table.revision:
        return False
    table.reload(store)
    return True


def set_meta(table: Table, store: Store | None, **changes: Any) -> Outcome:
    """Change the game's table settings (e.g. may seats act from their phones) as a revision of its own.

    A setting is set to the value a person chose, never toggled: a value already stored is not saved again,
    and a save that meets another device's change is made again on the stored game (a setting does not
    depend on the position)."""
    return change_meta(table, store, lambda meta: {**meta, **changes})


def tick_moves(table: Table, store: Store | None, lines: list[tuple[int, int, bool, int]]) -> Outcome:
    """Lines of "do this on the table" done: marked in the stored list (as stored now, so lines another device
    added in between stay), one write."""
    def ticked(meta: dict[str, Any]) -> dict[str, Any]:
        moves = kept_moves.tick(meta.get(kept_moves.KEY), len(table.session.events), lines)
        return {**meta, kept_moves.KEY: moves}
    return change_meta(table, store, ticked)


def change_meta(table: Table, store: Store | None, change: Callable[[dict[str, Any]], dict[str, Any]]) -> Outcome:
    """Save `change(meta)` as a revision of its own; a save that meets another device's change is made again
    on the stored meta. Nothing is saved when nothing changes."""
    for _ in range(SAVE_ATTEMPTS):
        meta = change(dict(table.meta))
        if meta == table.meta:
            return Outcome(True)
        if store is None:
            table.meta, table.revision = meta, table.revision + 1
            table.remember()
            return Outcome(True)
        try:
            table.revision = store.save_game(table.game_id, table.session, expected=table.revision,
                                             owner=table.owner, meta=meta)
        except StaleRevisionError:
            try:
                table.reload(store)
            except CompanionError as err:
                return Outcome(False, error=err, reloaded=True)
            continue
        except StorageError as err:
            return Outcome(False, error=err)
        table.meta = meta
        table.remember()
        return Outcome(True)
    return Outcome(False, error=StaleRevisionError(table.revision, table.revision), reloaded=True)


def _apply(session: Session, command: Command) -> list[Event]:
    if command == UNDO:
        session.undo()
        return []
    if command == REDO:
        return session.redo()
    if command == APP_CHANCE:
        return session.resolve_chance()
    if command == APP_CHANCE_ALL:
        events = list(session.resolve_chance())  # a copy: the session keeps the step's own list
        for _ in range(MAX_CHANCE_STEPS):
            if not app_may_draw(session.decision):  # stops at what only the table holds (a start hand)
                break
            events += session.resolve_chance()
        return events
    if isinstance(command, list):  # several entries of the table at once (a whole start hand): all or none
        events = []
        for action in command:
            if not isinstance(action, dict):
                raise RuleError("malformed_action", "Each entry must be an object with a type.")
            events += session.act(action)
        return events
    if isinstance(command, dict):
        return session.act(command)
    raise RuleError("malformed_action", f"An action must be an object with a type, not {str(command)[:80]!r}.")
