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
