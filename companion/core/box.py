"""The one way from a game's setup to its box: the box-fact loader every engine shares.

A box is the shipped profile (core.profile.load_default) with the owner's checked values, the facts a table
saw (`seen`) and those it saw only in part (`partly`). Each engine registers one `build(profile, *options)`
that turns the facts into its typed Components; the loader checks the values, builds once per distinct
(game, overrides, seen, partly, options) and keeps the most recent boxes (a bounded cache: a long-running app
that meets many owners' boxes does not grow without end). Components are immutable, so states share them.

An engine whose states carry a key text of their own (Dragon's `DragonState.key`, saved in every state) also
registers `parse(key) -> (overrides, options)`; `at(game, key)` looks such a key up without decoding it twice.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any, TypeVar

from .errors import SetupError
from .profile import BoxProfile, load_default

MAX_BOXES = 64  # distinct boxes kept at once (a table uses one or two; tests and stats a few dozen)
MALFORMED = (TypeError, ValueError, KeyError, AttributeError, IndexError)  # a value the schema let through
Migrate = Callable[[dict[str, Any]], dict[str, Any]]  # an old save's fact keys -> today's
Parse = Callable[[str], tuple[dict[str, Any], tuple[Any, ...]]]  # a state's key text -> (overrides, options)


@dataclass(frozen=True)
class Loader:
    build: Callable[..., Any]  # (profile, *options) -> the engine's Components
    migrate: Migrate | None = None
    parse: Parse | None = None


_LOADERS: dict[str, Loader] = {}
T = TypeVar("T")


def register(game: str, build: Callable[..., Any], *, migrate: Migrate | None = None,
             parse: Parse | None = None) -> None:
    """Declare how `game` turns its box facts into Components (once, in the engine's components module)."""
    _LOADERS[game] = Loader(build, migrate, parse)


def components(game: str, overrides: dict[str, Any] | None = None, seen: Iterable[Any] = (),
               partly: Iterable[Any] = (), options: tuple[Any, ...] = ()) -> Any:
    """The Components of `game`'s box: the default profile with the owner's `overrides` (unknown facts and bad
    values are refused, SetupError), the facts in `seen` recorded at a table, those in `partly` only in part.
    `options` are what the engine's build reads besides the facts (Dragon: players, Great Wall, edition)."""
    if not overrides:
        return _built(game, "{}", (), (), options)  # the shipped default: the common case, no JSON encoding needed
    seen_keys = tuple(sorted({k for k in seen if isinstance(k, str) and k in overrides}))
    partly_keys = tuple(sorted({k for k in partly if isinstance(k, str) and k in overrides} - set(seen_keys)))
    return _built(game, json.dumps(overrides, sort_keys=True), seen_keys, partly_keys, options)


def profile(game: str, overrides: dict[str, Any] | None = None, seen: Iterable[Any] = (),
            partly: Iterable[Any] = ()) -> BoxProfile:
    """The checked facts of a box, before the engine builds them (what box checks and sheets read)."""
    if not overrides:
        return _profile(game, "{}", (), ())
    seen_keys = tuple(sorted({k for k in seen if isinstance(k, str) and k in overrides}))
    partly_keys = tuple(sorted({k for k in partly if isinstance(k, str) and k in overrides} - set(seen_keys)))
    return _profile(game, json.dumps(overrides, sort_keys=True), seen_keys, partly_keys)


def at(game: str, key: str) -> Any:
    """The Components named by an engine's own key text (see `register(parse=...)`). Only the decoding is
    remembered here: the box itself always comes from the one cache of built boxes, so a key names the very
    object `components` gives, even after that cache let the box go and built it again."""
    overrides_json, options = _parsed(game, key)
    return _built(game, overrides_json, (), (), options)


@lru_cache(maxsize=MAX_BOXES)
def _parsed(game: str, key: str) -> tuple[str, tuple[Any, ...]]:
    overrides, options = _LOADERS[game].parse(key)  # type: ignore[misc]
    return (json.dumps(overrides, sort_keys=True) if overrides else "{}"), options


@lru_cache(maxsize=MAX_BOXES)
def _profile(game: str, overrides_json: str, seen: tuple[str, ...], partly: tuple[str, ...]) -> BoxProfile:
    overrides = json.loads(overrides_json)
    loader = _LOADERS.get(game)
    if loader is not None and loader.migrate is not None and isinstance(overrides, dict):
        overrides = loader.migrate(overrides)
    base = load_default(game)
    return base.with_overrides(overrides, set(seen), set(partly)) if overrides else base


@lru_cache(maxsize=MAX_BOXES)
def _built(game: str, overrides_json: str, seen: tuple[str, ...], partly: tuple[str, ...],
           options: tuple[Any, ...]) -> Any:
    facts = _profile(game, overrides_json, seen, partly)
    try:
        return _LOADERS[game].build(facts, *options)
    except SetupError:
        raise
    except MALFORMED as err:
        raise SetupError("bad_profile", f"The box profile has a malformed value: {err!r}.") from err


def record(cls: type[T], value: Mapping[str, Any], convert: Callable[[Any], Any] = int) -> T:
    """A fact whose value is an object of named numbers as the engine's typed record (a frozen dataclass that
    declares each key once, read as `comp.act.wall_b_cost`; tests/architecture/test_one_mechanism.py checks its
    fields are the keys the profile schema requires)."""
    return cls(**{f.name: convert(value[f.name]) for f in fields(cls)})  # type: ignore[arg-type]


def grouped(cls: type[T], profile: BoxProfile, group: str) -> T:
    """The facts "<group>.<field>" of `profile` as the engine's typed record `cls` (a frozen dataclass whose fields
    name them, read as `comp.<group>.<field>`), values as the profile holds them."""
    return cls(**{f.name: profile.value(f"{group}.{f.name}") for f in fields(cls)})  # type: ignore[arg-type]


def clear() -> None:
    """Forget every built box (tests that change the shipped files)."""
    for cached in (at, _profile, _built):
        cached.cache_clear()
