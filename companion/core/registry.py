"""Which games exist. Engines register themselves lazily so importing core stays cheap."""

from __future__ import annotations

import importlib

from .errors import SetupError
from .game import Game

# name -> "module:attribute" of the Game instance
_ENGINES: dict[str, str] = {
    "gugong": "companion.gugong.engine:GAME",
    "gugong-solo": "companion.gugong.solo.engine:GAME",
    "dragon": "companion.dragon.engine:GAME",
    "yinzi": "companion.yinzi.engine:GAME",
}
_EXTRA: dict[str, Game] = {}


def register(game: Game) -> None:
    """Register an engine instance (tests use this for toy games)."""
    _EXTRA[game.name] = game


def get_game(name: str) -> Game:
    if name in _EXTRA:
        return _EXTRA[name]
    target = _ENGINES.get(name)
    if target is None:
        known = ", ".join(sorted({*_ENGINES, *_EXTRA}))
        raise SetupError("unknown_game", f"Unknown game {name!r}; known games: {known}.", game=name)
    module, attr = target.split(":")
    try:
        return getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as err:
        raise SetupError("game_unavailable", f"The {name} engine is not available: {err}.", game=name) from err


def game_names() -> list[str]:
    return sorted({*_ENGINES, *_EXTRA})
