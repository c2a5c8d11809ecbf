"""The owner's box profile as stored: values (overrides) and which of them a table saw rather than checked."""

from __future__ import annotations

from typing import Any

from companion.core.profile import BoxProfile, load_default, record_seen, usable_overrides
from companion.ui import context


def seen_setting(game: str) -> str:
    return f"box_seen.{game}"


def seen_keys(game: str, overrides: dict[str, Any]) -> list[str]:
    stored = context.store().setting(seen_setting(game), [])
    return sorted(k for k in stored if isinstance(k, str) and k in overrides) if isinstance(stored, list) else []


def profile(game: str) -> BoxProfile:
    """The stored profile; damaged values are left out (Box check names them, see usable_overrides)."""
    good, _damaged = usable_overrides(game, context.store().box_overrides(game))
    return load_default(game).with_overrides(good, set(seen_keys(game, good)))


def save(game: str, overrides: dict[str, Any], seen: list[str]) -> None:
    context.store().set_box_overrides(game, overrides)
    context.store().set_setting(seen_setting(game), sorted(k for k in seen if k in overrides))


def setup_profile(game: str) -> dict[str, Any]:
    """What a new game's setup carries: {"overrides": ..., "seen": [...]} ({} for the shipped profile)."""
    overrides = context.store().box_overrides(game)
    if not overrides:
        return {}
    seen = seen_keys(game, overrides)
    return {"overrides": overrides, **({"seen": seen} if seen else {})}


def record(game: str, found: dict[str, Any]) -> list[str]:
    """Record what a table saw as "seen at the table" (the owner's checked facts stay); returns the facts."""
    overrides, seen = record_seen(profile(game), found)
    save(game, overrides, seen)
    return [k for k in found if k in seen]
