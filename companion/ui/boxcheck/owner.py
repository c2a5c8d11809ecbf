"""The owner's box profile as stored: values (overrides), which of them a table saw rather than checked (whole, or
only some components: "partly"), and what each game proved of them, component by component (core.seen_items)."""

from __future__ import annotations

import importlib
import json
from datetime import UTC, datetime
from typing import Any

from companion.core import seen_items
from companion.core.profile import BoxProfile, import_profile, load_default, record_seen, usable_overrides
from companion.core.registry import game_names, manifest
from companion.ui import context


def seen_setting(game: str) -> str:
    return f"box_seen.{game}"


def partly_setting(game: str) -> str:
    return f"box_partly.{game}"


def proofs_setting(game: str) -> str:
    return f"box_seen_items.{game}"


def recordings_setting(game: str) -> str:
    return f"box_seen_log.{game}"


def recordings(game: str) -> list[dict[str, Any]]:
    """When each game's sight was recorded, and what it saw (the newest last)."""
    stored = context.store().setting(recordings_setting(game), [])
    return [r for r in stored if isinstance(r, dict)] if isinstance(stored, list) else []


def _keys(setting: str, overrides: dict[str, Any]) -> list[str]:
    stored = context.store().setting(setting, [])
    return sorted(k for k in stored if isinstance(k, str) and k in overrides) if isinstance(stored, list) else []


def seen_keys(game: str, overrides: dict[str, Any]) -> list[str]:
    return _keys(seen_setting(game), overrides)


def partly_keys(game: str, overrides: dict[str, Any]) -> list[str]:
    return [k for k in _keys(partly_setting(game), overrides) if k not in seen_keys(game, overrides)]


def proofs(game: str) -> dict[str, Any]:
    stored = context.store().setting(proofs_setting(game), {})
    return stored if isinstance(stored, dict) else {}


def profile(game: str) -> BoxProfile:
    """The stored profile; damaged values are left out (Box check names them, see usable_overrides)."""
    good, _damaged = usable_overrides(game, context.store().box_overrides(game))
    return load_default(game).with_overrides(good, set(seen_keys(game, good)), set(partly_keys(game, good)))


def save(game: str, overrides: dict[str, Any], seen: list[str], partly: Any = (), forget: str | None = None,
         found: dict[str, Any] | None = None) -> None:
    """Store the profile; `forget`: a fact the owner set or reset by hand (its table proofs go); `found`: the
    proofs of all games, when a recording replaces them."""
    context.store().set_box_overrides(game, overrides)
    context.store().set_setting(seen_setting(game), sorted(k for k in seen if k in overrides))
    context.store().set_setting(partly_setting(game), sorted(k for k in partly if k in overrides and k not in seen))
    kept = proofs(game) if found is None else found
    if forget is not None or found is not None:
        context.store().set_setting(proofs_setting(game), {k: v for k, v in kept.items() if k != forget})
    if forget is not None:  # the owner set or reset it by hand: what games saw of it is no longer the record
        log = [{**r, "found": {k: v for k, v in r["found"].items() if k != forget}} for r in recordings(game)]
        context.store().set_setting(recordings_setting(game), [r for r in log if r["found"]])


def export_doc(game: str) -> dict[str, Any]:
    """The profile file: the owner's values, what tables saw and its proofs (which items, when)."""
    return seen_items.exported(profile(game), proofs(game), recordings(game))


def import_doc(game: str, text: str) -> None:
    """Store an exported profile file as the owner's profile, with its proofs; refused whole (CompanionError)."""
    imported = import_profile(text, game)
    found, log = seen_items.read_proofs(json.loads(text), imported)
    data = imported.export()
    save(game, data["overrides"], data.get("seen", []), data.get("partly", []), found=found)
    context.store().set_setting(recordings_setting(game), log)


def setup_profile(game: str) -> dict[str, Any]:
    """What a new game's setup carries: {"overrides": ..., "seen": [...], "partly": [...]} ({} if none)."""
    overrides = context.store().box_overrides(game)
    if not overrides:
        return {}
    seen, partly = seen_keys(game, overrides), partly_keys(game, overrides)
    return {"overrides": overrides, **({"seen": seen} if seen else {}), **({"partly": partly} if partly else {})}


def playable(game: str, overrides: dict[str, Any], seen: list[str], partly: list[str]) -> None:
    """Refuse (CompanionError) a profile no game of this box could be set up with: nothing is stored then."""
    profile = {"overrides": overrides, "seen": seen, "partly": partly}
    for name in game_names():
        m = manifest(name)
        if m.box == game:
            players = ["A", "B", "C", "D", "E"][: max(m.min_players, 2) if m.max_players > 1 else 1]
            m.engine.normalize_setup({"players": players, "profile": profile})


def items_reader(game: str) -> Any:
    """The box's own reader of what a game's table saw, component by component (companion.<box>.seen_items),
    or None where facts are still recorded whole."""
    try:
        return importlib.import_module(f"companion.{game}.seen_items").items_seen
    except ImportError:
        return None


def record(game: str, found: dict[str, Any], per_item: bool = False) -> list[str]:
    """Record what a table saw (the owner's checked facts stay); returns the facts recorded. `per_item`: `found`
    holds a game's proofs (core.seen_items), kept with the time it was recorded; else whole values (boxes
    without a reader)."""
    if not per_item:
        overrides, seen = record_seen(profile(game), found)
        save(game, overrides, seen, partly_keys(game, overrides))
        return [k for k in found if k in seen]
    stored = profile(game)
    whole = {k: v for k, v in found.items() if k not in seen_items.kinds(game)}  # facts with no items told apart
    if whole:  # recorded whole, as before (e.g. Yinzi's ships): then the components of the others
        values, seen_whole = record_seen(stored, whole)
        stored = load_default(game).with_overrides(values, set(seen_whole), set(stored.partly_keys()) - set(seen_whole))
    items = {k: v for k, v in found.items() if k in seen_items.kinds(game)}
    overrides, seen, partly, merged = seen_items.record(stored, proofs(game), items)
    playable(game, overrides, seen, partly)
    save(game, overrides, seen, partly, found=merged)
    entry = {"at": datetime.now(UTC).isoformat(timespec="minutes"), "found": {k: v for k, v in found.items()
                                                                             if k in merged}}
    log = [*recordings(game), entry][-seen_items.RECORDINGS_KEPT:]
    context.store().set_setting(recordings_setting(game), log)
    return [k for k in found if k in seen or k in partly]
