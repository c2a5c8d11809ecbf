"""Setup checks every game shares: the list of player names."""

from __future__ import annotations

from typing import Any

from .errors import SetupError


def player_names(
    setup: Any, low: int, high: int, count_error: tuple[str, str], names_error: tuple[str, str]
) -> list[str]:
    """The players' names from setup["players"]: low..high of them, each non-empty and different.

    `count_error` and `names_error` are each game's (code, message), so refusals keep naming the game.
    """
    players = setup.get("players") if isinstance(setup, dict) else None
    if not isinstance(players, list) or not low <= len(players) <= high:
        raise SetupError(*count_error)
    names = [str(p).strip() for p in players]
    if any(not n for n in names) or len(set(names)) != len(names):
        raise SetupError(*names_error)
    return names


MAX_SEED = 2**63  # seeds are whole numbers or short texts; anything else is refused before any work


def seed_of(setup: dict[str, Any], code: str = "setup.seed") -> int | str:
    """The setup's seed (default 0): a whole number (not a bool, not a float) or a text of at most 64 characters."""
    seed = setup.get("seed", 0)
    if type(seed) is int and -MAX_SEED < seed < MAX_SEED:
        return seed
    if type(seed) is str and len(seed) <= 64:
        return seed
    raise SetupError(code, "The seed must be a whole number or a short text (at most 64 characters).")


def overrides_of(setup: dict[str, Any], code: str = "setup.profile") -> dict[str, Any]:
    """The owner's box-profile values travelling in the setup: setup["profile"]["overrides"], an object."""
    profile = setup.get("profile")
    if profile is None:
        return {}
    overrides = profile.get("overrides") if isinstance(profile, dict) else None
    if overrides is None and isinstance(profile, dict):
        return {}
    if not isinstance(overrides, dict):
        raise SetupError(code, "setup.profile.overrides must be an object of box facts.")
    return dict(overrides)
