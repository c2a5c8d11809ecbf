"""What Gùgōng's words (companion.i18n.words.gugong) read of the game: the box as a table knows it.

Reached through `MANIFEST.words_context`, so the words never import the engine's internals nor rebuild
its components themselves (tests/architecture/test_layers.py)."""

from __future__ import annotations

from typing import Any

from .components import Components, for_setup
from .table_entry import with_seen


def words_context(setup: dict[str, Any] | None, state_json: dict[str, Any] | None = None) -> Components:
    """The components of the box this game was set up with (default profile + the owner's overrides), grown
    by the cards, faces and decrees its table entered when the state JSON is given."""
    comp = for_setup(setup)
    return with_seen(comp, (state_json or {}).get("seen")) if state_json is not None else comp
