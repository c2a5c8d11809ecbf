"""What Gùgōng's words (companion.i18n.words.gugong) read of the game: the box as a table knows it.

Reached through `MANIFEST.words_context`, so the words never import the engine's internals nor rebuild
its components themselves (tests/architecture/test_layers.py)."""

from __future__ import annotations

from typing import Any

from .components import Components, components
from .table_entry import with_seen


def overrides_of(setup: dict[str, Any] | None) -> dict[str, Any]:
    profile = (setup or {}).get("profile") or {}
    return dict(profile.get("overrides") or {}) if isinstance(profile, dict) else {}


def words_context(setup: dict[str, Any] | None, state_json: dict[str, Any] | None = None) -> Components:
    """The components of the box this game was set up with (default profile + the owner's overrides), grown
    by the cards, faces and decrees its table entered when the state JSON is given."""
    profile = (setup or {}).get("profile") or {}
    seen = profile.get("seen", ()) if isinstance(profile, dict) else ()
    partly = profile.get("partly", ()) if isinstance(profile, dict) else ()
    comp = components(overrides_of(setup), seen if isinstance(seen, list) else (),
                      partly if isinstance(partly, list) else ())
    return with_seen(comp, (state_json or {}).get("seen")) if state_json is not None else comp
