"""New-game forms: the generic part (game, players, names, colours, who rolls) and per-game options.

A game adds its own options by providing `companion/ui/forms/<game>.py` with any of:

    COLOURS: list[str]                                 # player colours in the box (catalog keys or words)
    def options(lang: str, players: int) -> dict        # renders widgets, returns the engine's setup options
    def build_setup(players: list[dict], options: dict, seed: int) -> dict
                                                        # the setup the engine's normalize_setup expects

Without a module the setup is {"players": [names], "seed": seed, **options}. Widgets in
`options` must use keys starting with "new_<game>_" so they do not clash with other screens.
The form holds no rules: the engine's normalize_setup refuses a bad setup with a SetupError,
which the Home screen shows.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

GENERIC_COLOURS = ["red", "blue", "green", "yellow", "purple"]


def form_module(game: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"companion.ui.forms.{game.replace('-', '_')}")
    except ImportError:
        return None


def colours(game: str) -> list[str]:
    module = form_module(game)
    return list(getattr(module, "COLOURS", GENERIC_COLOURS))


def game_options(game: str, lang: str, players: int) -> dict[str, Any]:
    module = form_module(game)
    if module is not None and hasattr(module, "options"):
        return module.options(lang, players)
    return {}


def build_setup(game: str, players: list[dict[str, str]], options: dict[str, Any], seed: int) -> dict[str, Any]:
    module = form_module(game)
    if module is not None and hasattr(module, "build_setup"):
        return module.build_setup(players, options, seed)
    return {"players": [p["name"] for p in players], "seed": seed, **options}
