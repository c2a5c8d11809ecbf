"""Which games exist: the one list of games, read through their manifests.

Manifests are imported on first use, so importing core stays cheap. A listed game whose
package fails to import is an error (raised), never a silently missing game.
"""

from __future__ import annotations

import importlib

from .errors import SetupError
from .game import Game
from .manifest import Manifest

# The games, in the order the app offers them: "module:attribute" of each Manifest.
GAMES: tuple[str, ...] = (
    "companion.gugong.manifest:MANIFEST",
    "companion.gugong.solo.manifest:MANIFEST",
    "companion.dragon.manifest:MANIFEST",
    "companion.yinzi.manifest:MANIFEST",
)
_loaded: dict[str, Manifest] = {}
_extra: dict[str, Manifest] = {}


def _load_listed() -> dict[str, Manifest]:
    if not _loaded:
        for target in GAMES:
            module, attr = target.split(":")
            manifest = getattr(importlib.import_module(module), attr)
            if not isinstance(manifest, Manifest):
                raise TypeError(f"{target} is not a Manifest")
            _loaded[manifest.name] = manifest
    return _loaded


def register(manifest: Manifest) -> None:
    """Register one more game (a toy game in the tests, a game in development)."""
    if not isinstance(manifest, Manifest):
        raise TypeError("register() takes a Manifest")
    _extra[manifest.name] = manifest


def unregister(name: str) -> None:
    _extra.pop(name, None)


def manifests() -> list[Manifest]:
    """Every game: the listed ones in their order, then registered extras by name."""
    return [*_load_listed().values(), *(m for _, m in sorted(_extra.items()))]


def manifest(name: str) -> Manifest:
    found = _extra.get(name) or _load_listed().get(name) if isinstance(name, str) else None
    if found is None:
        known = ", ".join(m.name for m in manifests())
        raise SetupError("unknown_game", f"Unknown game {str(name)[:40]!r}; known games: {known}.", game=str(name)[:40])
    return found


def get_game(name: str) -> Game:
    return manifest(name).engine


def game_names() -> list[str]:
    return [m.name for m in manifests()]
