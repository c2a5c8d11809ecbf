"""Setup checks every game shares: the players' names, the seed, the owner's box-profile values."""

from __future__ import annotations

import unicodedata
from typing import Any, Protocol

from .errors import SetupError
from .profile import load_default
from .validate import short, value_problem


class Manifest(Protocol):
    """What the setup check reads of a game's manifest (core.manifest imports this module: no cycle)."""

    box: str

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

MAX_NAME = 40  # characters: fits the score pad's column, the resume QR code and a phone screen
_VISIBLE = ("L", "N", "P", "S")  # letters, digits, punctuation, symbols: what a reader sees


def clean_name(raw: Any, seat: int = 0) -> str:
    """One player's name: trimmed, NFC-normalised, at most MAX_NAME characters, something visible.

    Refuses None, numbers and other non-texts (never "None"), control characters and names made
    only of spaces or zero-width characters.
    """
    if not isinstance(raw, str):
        raise SetupError("setup.name_not_text", f"Player {seat + 1}'s name must be a text, not {short(raw)}.",
                         seat=seat + 1)
    name = unicodedata.normalize("NFC", raw).strip()
    if any(unicodedata.category(c) == "Cc" for c in name):
        raise SetupError("setup.name_control", f"Player {seat + 1}'s name contains a line break or control "
                         "character; use letters, digits and spaces.", seat=seat + 1)
    if len(name) > MAX_NAME:
        raise SetupError("setup.name_too_long", f"Player {seat + 1}'s name has {len(name)} characters; at most "
                         f"{MAX_NAME} fit on the score pad.", seat=seat + 1, length=len(name), limit=MAX_NAME)
    if not any(unicodedata.category(c)[0] in _VISIBLE for c in name):
        raise SetupError("setup.name_empty", f"Player {seat + 1}'s name is empty or invisible; give every player "
                         "a name with at least one letter or digit.", seat=seat + 1)
    return name


def same_name_key(name: str) -> str:
    """Names that look alike compare alike: case, zero-width characters and repeated spaces ignored."""
    visible = "".join(c for c in name if unicodedata.category(c) != "Cf")
    return " ".join(unicodedata.normalize("NFKC", visible).casefold().split())


def player_names(
    setup: Any, low: int, high: int, count_error: tuple[str, str], names_error: tuple[str, str]
) -> list[str]:
    """The players' names from setup["players"]: low..high of them, each clean (`clean_name`) and different.

    `count_error` and `names_error` are each game's (code, message), so refusals keep naming the game;
    a name that is too long, not a text or has control characters gets its own core code.
    """
    players = setup.get("players") if isinstance(setup, dict) else None
    if not isinstance(players, list) or not low <= len(players) <= high:
        raise SetupError(*count_error, low=low, high=high)
    names = []
    for seat, raw in enumerate(players):
        try:
            names.append(clean_name(raw, seat))
        except SetupError as err:
            if err.code != "setup.name_empty":
                raise
            raise SetupError(names_error[0], f"{names_error[1]} ({err.message})", **err.params) from err
    keys = [same_name_key(n) for n in names]
    for seat, key in enumerate(keys):
        if key in keys[:seat]:
            raise SetupError(names_error[0], f"{names_error[1]} (players {keys.index(key) + 1} and {seat + 1} are "
                             f"both called {names[seat]!r}).", seat=seat + 1, name=names[seat])
    return names


MAX_SEED = 2**63  # seeds are whole numbers or short texts; anything else is refused before any work
MAX_SEED_TEXT = 64


def seed_of(setup: dict[str, Any], code: str = "setup.seed") -> int | str:
    """The setup's seed (default 0): a whole number (not a bool, not a float) or a text of at most 64 characters."""
    seed = setup.get("seed", 0)
    if type(seed) is int and -MAX_SEED < seed < MAX_SEED:
        return seed
    if type(seed) is str and len(seed) <= MAX_SEED_TEXT:
        return seed
    raise SetupError(code, f"The seed must be a whole number or a short text (at most {MAX_SEED_TEXT} characters),"
                     f" not {short(seed)}.")


def overrides_of(setup: dict[str, Any], code: str = "setup.profile") -> dict[str, Any]:
    """The owner's box-profile values travelling in the setup: setup["profile"]["overrides"], an object.

    Only the shape is checked here; each value is checked against its fact's schema when the
    engine applies it (core.profile.BoxProfile.with_overrides).
    """
    profile = setup.get("profile")
    if profile is None:
        return {}
    overrides = profile.get("overrides") if isinstance(profile, dict) else None
    if overrides is None and isinstance(profile, dict):
        return {}
    if not isinstance(overrides, dict):
        raise SetupError(code, "setup.profile must be an object {\"overrides\": {fact: value}}, not "
                         f"{short(profile if overrides is None else overrides)}.")
    problem = value_problem(overrides)
    if problem is not None:
        raise SetupError(code, f"The box-profile values in this setup cannot be used: {problem}.", problem=problem)
    return dict(overrides)


MAX_SETUP_VALUES = 20_000  # values in one setup; the owner's full gift-card census is about 150


def check_setup(manifest: Manifest, setup: Any) -> None:
    """What every game's setup must be, checked before its engine sees it (saves, tokens, the app):
    bounded JSON data, the players' names (`player_names`), the seed, and the owner's box-profile
    values against their schemas. The engine's normalize_setup then checks its own options."""
    if not isinstance(setup, dict):
        raise SetupError("setup.not_object", f"A setup is an object with a list of players, not {short(setup)}.")
    problem = value_problem(setup, max_nodes=MAX_SETUP_VALUES)
    if problem is not None:
        raise SetupError("setup.bad_value", f"This setup cannot be used: {problem}.", problem=problem)
    low, high = manifest.min_players, manifest.max_players
    player_names(setup, low, high,
                 ("setup.players", f"This game needs a list of {low} to {high} player names."),
                 ("setup.names", "Every player needs a different name with at least one letter or digit."))
    seed_of(setup)
    overrides = overrides_of(setup)
    if overrides:
        load_default(manifest.box).with_overrides(overrides)
    for option in manifest.options:
        if option.kind == "toggle" and option.key in setup and not isinstance(setup[option.key], bool):
            raise SetupError("setup.option", f"The option {option.key} is true or false, not "
                             f"{short(setup[option.key])}.", option=option.key)
