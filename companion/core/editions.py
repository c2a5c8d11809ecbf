"""Rules editions, one mechanism for every game: which reading of the rulebooks a game is played by.

A game's setup names its edition (`setup["rules"]`); a new game naming none plays the current one. A game
keeps the edition it was started with, so a save replays the game that was played: a save or token written
before a game had editions names none and is read back as the `unnamed` edition (`saved_setup`, called by the
codec through `Game.saved_setup`). Each difference between editions is a named fix with the first edition
that has it, and rules code asks `EDITIONS.has(state, "fix")`: the name says what changed, the engine's
editions declaration (companion/<game>/editions.py) says since when and why.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from .errors import SetupError


class HasRules(Protocol):
    rules: int


@dataclass(frozen=True)
class Editions:
    """A game's editions: the current one, the named fixes (fix -> first edition with it) and the error code
    a setup naming an unknown edition is refused with."""

    current: int
    fixes: Mapping[str, int]
    error: str  # catalog key of the refusal; its text names {editions}
    unnamed: int = 1  # the edition of a setup written before there were editions

    @property
    def all(self) -> tuple[int, ...]:
        return tuple(range(1, self.current + 1))

    def has(self, state: HasRules, fix: str) -> bool:
        """Is the game played with this correction? (an unknown fix name is a programming error: KeyError)"""
        return state.rules >= self.fixes[fix]

    def of_setup(self, setup: dict[str, Any]) -> int:
        """The edition a setup names (refused if unknown); a new game naming none plays the current one."""
        edition = setup.get("rules", self.current)
        if type(edition) is not int or edition not in self.all:
            editions = ", ".join(str(e) for e in self.all)
            raise SetupError(self.error, f"The rules edition must be one of {editions}.", editions=editions,
                             rules=str(edition)[:20])
        return edition

    def saved_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        """A setup read back from a save or token: one written before editions existed plays `unnamed`."""
        if not isinstance(setup, dict) or "rules" in setup:
            return setup  # a malformed setup is refused by normalize_setup
        return {**setup, "rules": self.unnamed}
