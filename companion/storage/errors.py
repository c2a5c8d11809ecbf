"""What can go wrong with stored games, as typed errors with a code for the player's language.

Messages meant for players never hold a server path, a database address or a traceback: those go
to the server log (logger "companion.storage") for whoever runs the server.
"""

from __future__ import annotations

from ..core.errors import CompanionError


class StorageError(CompanionError):
    """The store could not do what was asked; nothing was changed."""


class StaleRevisionError(StorageError):
    """The stored game moved on (another device) since this screen loaded it; nothing was applied."""

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(
            "stale_revision",
            "This game moved on on another device; nothing was changed. The current game is shown now.",
            expected=expected,
            current=current,
        )


class GameNotFoundError(StorageError, KeyError):
    """No such game at this table (never created, deleted, or another table's)."""

    def __init__(self) -> None:
        StorageError.__init__(self, "game_not_found", "This game is not (or no longer) stored at this table.")

    def __str__(self) -> str:
        return self.message


class UnknownTableError(StorageError):
    def __init__(self) -> None:
        super().__init__("unknown_table", "There is no table with this code here. Check the code and try again.")


class DamagedRowError(StorageError):
    """One stored record cannot be read; the others stay usable."""


class StorageUnavailableError(StorageError):
    """The store cannot be opened or written at all (read-only or missing directory, no database server)."""
