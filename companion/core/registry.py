"""Which games exist: the one list of games, each with the few facts a list of games shows.

A `Listing` names a game's manifest ("module:attribute") with what Home shows before a game is chosen
(its name, box, player counts, solo): listing the games imports no engine. A game's manifest is imported on
first use, that game's alone (`manifest(name)`); `manifests()` imports every game. A listed game whose
package fails to import is an error (raised), never a silently missing game; a listing that disagrees with
its manifest is an error too (tests/architecture/test_registry.py reads every manifest against its listing).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from .errors import SetupError
from .game import Game
from .manifest import Manifest


@dataclass(frozen=True)
class Listing:
    """One game as a list of games shows it, without importing its engine (copied from its manifest)."""

    name: str
    target: str  # "module:attribute" of its Manifest
    box: str
    min_players: int
    max_players: int
    solo: bool = False

    def load(self) -> Manifest:
        module, attr = self.target.split(":")
        found = getattr(importlib.import_module(module), attr)
        if not isinstance(found, Manifest):
            raise TypeError(f"{self.target} is not a Manifest")
        if found.name != self.name:
            raise TypeError(f"{self.target} is the game {found.name!r}, listed as {self.name!r}")
        return found


# The games, in the order the app offers them.
GAMES: tuple[Listing, ...] = (
    Listing("gugong", "companion.gugong.manifest:MANIFEST", "gugong", 2, 5),
    Listing("gugong-solo", "companion.gugong.solo.manifest:MANIFEST", "gugong", 1, 1, solo=True),
    Listing("dragon", "companion.dragon.manifest:MANIFEST", "dragon", 2, 5),
    Listing("yinzi", "companion.yinzi.manifest:MANIFEST", "yinzi", 2, 4),
)
_LISTED = {g.name: g for g in GAMES}
_loaded: dict[str, Manifest] = {}
_extra: dict[str, Manifest] = {}


def _listed(name: str) -> Manifest | None:
    """A listed game's manifest, imported on first use (its engine with it, no other game's)."""
    if name not in _loaded and name in _LISTED:
        _loaded[name] = _LISTED[name].load()
    return _loaded.get(name)


def register(manifest: Manifest) -> None:
    """Register one more game (a toy game in the tests, a game in development)."""
    if not isinstance(manifest, Manifest):
        raise TypeError("register() takes a Manifest")
    _extra[manifest.name] = manifest


def unregister(name: str) -> None:
    _extra.pop(name, None)


def manifests() -> list[Manifest]:
    """Every game: the listed ones in their order (every engine imported), then registered extras by name."""
    return [*(_listed(g.name) for g in GAMES), *(m for _, m in sorted(_extra.items()))]


def manifest(name: str) -> Manifest:
    found = (_extra.get(name) or _listed(name)) if isinstance(name, str) else None
    if found is None:
        known = ", ".join(game_names())
        raise SetupError("unknown_game", f"Unknown game {str(name)[:40]!r}; known games: {known}.", game=str(name)[:40])
    return found


def get_game(name: str) -> Game:
    return manifest(name).engine


def game_names() -> list[str]:
    """Every game's name, in the order of `manifests()`, without importing an engine."""
    return [*(g.name for g in GAMES), *sorted(_extra)]


def listing(name: str) -> Listing | None:
    """A listed game's facts without its engine (None for an extra game: read its manifest)."""
    return _LISTED.get(name)
