"""Typed errors. Every refusal carries a code, parameters and a rulebook reference.

The code and parameters are translated at the edge (UI, CLI); `str(err)` gives an
English fallback so a terminal user always reads something meaningful.
"""

from __future__ import annotations

from typing import Any


class CompanionError(Exception):
    """Base class: a code for translation, parameters, and an English fallback text."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "params": self.params}


class RuleError(CompanionError):
    """An action the rules do not allow now. The state it was tried on is unchanged.

    `rule` names the rulebook passage (e.g. "gugong-de: Tagesphase, Bezahlen"),
    so a player can check the ruling.
    """

    def __init__(self, code: str, message: str, rule: str = "", **params: Any) -> None:
        super().__init__(code, message, **params)
        self.rule = rule

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "rule": self.rule}

    def __str__(self) -> str:
        return f"{self.message} [{self.rule}]" if self.rule else self.message


class SetupError(CompanionError):
    """A game setup (players, options, profile) that cannot start a game."""


class SaveError(CompanionError):
    """A save file or token that cannot be loaded: corrupt, truncated, tampered or foreign."""


class StaleActionError(CompanionError):
    """An action sent for a state version that is no longer current (a double tap)."""
