"""What Yinzi's words (companion.i18n.words.yinzi) read of the game: the box as a table knows it.

Reached through `MANIFEST.words_context`, so the words never import the engine's internals nor rebuild
its components themselves (tests/architecture/test_layers.py)."""

from __future__ import annotations

from typing import Any

from .components import Components, for_overrides


def words_context(setup: dict[str, Any] | None, state_json: dict[str, Any] | None = None) -> Components:
    """The box a game was set up with: from its state JSON (the overrides it carries, grown by what its table
    saw) when given, else from the setup's box profile."""
    if state_json is not None:
        return for_overrides(state_json.get("overrides"), state_json.get("seen") or (), state_json.get("partly") or ())
    profile = (setup or {}).get("profile") or {}
    overrides = profile.get("overrides") if isinstance(profile, dict) else None
    keys = profile if isinstance(profile, dict) else {}
    return for_overrides(overrides or None, keys.get("seen") or (), keys.get("partly") or ())
