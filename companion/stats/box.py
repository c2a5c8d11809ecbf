"""Box-profile facts the statistics read: the BoardGameGeek id (for BG Stats) and the profile's status.

The BGG id is the fact `bgg.id` of data/<box>/profile/bgg.yaml: a number, or a number per edition;
0 means none. A table's box check may correct it like any other fact. Without such a correction the id is
read from that one file (a history's BG Stats links need no other fact, and the whole profile takes a
third of a second to parse the first time).
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from typing import Any

import yaml

from ..core.errors import SetupError
from ..core.profile import DATA_DIR, STATUSES, BoxProfile, load_default

BGG_FACT = "bgg.id"
BGG_FILE = "profile/bgg.yaml"
_BOX = re.compile(r"[a-z0-9_]{1,40}")
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when installed


@cache
def _shipped(box: str) -> BoxProfile | None:
    """The shipped profile, read once per process (the data files do not change while the app runs)."""
    try:
        return load_default(box)
    except SetupError:
        return None


def profile(box: str, overrides: dict[str, Any] | None = None, seen: Any = (), partly: Any = ()
            ) -> BoxProfile | None:
    """The box's profile with the table's corrections (None: the game has no box profile); `seen` and `partly`:
    the facts among them a table saw rather than the owner checked (in part: still unverified)."""
    shipped = _shipped(box)
    if shipped is None:
        return None
    try:
        return shipped.with_overrides(overrides or {}, set(seen), set(partly))
    except SetupError:  # corrections for facts this version no longer has: the shipped profile
        return shipped


@cache
def _shipped_bgg(box: str) -> Any:
    """The shipped `bgg.id` from its own file; the whole profile when the file does not hold it."""
    if not _BOX.fullmatch(box):  # a stored game name, never a path
        return None
    try:
        facts = yaml.load((DATA_DIR / box / BGG_FILE).read_text(encoding="utf-8"), Loader=_LOADER)["facts"]
        return facts[BGG_FACT]["value"]
    except (OSError, yaml.YAMLError, KeyError, TypeError):
        found = _shipped(box)
        return found.value(BGG_FACT) if found is not None and BGG_FACT in found.facts else None


def bgg_id(box: str, edition: str, overrides: dict[str, Any] | None = None) -> int | None:
    """The BGG id of the box (of its `edition` when it has several), None when unknown."""
    if overrides and BGG_FACT in overrides:  # the table's correction, checked as the profile checks it
        found = profile(box, overrides)
        value = found.value(BGG_FACT) if found is not None and BGG_FACT in found.facts else None
    else:
        value = _shipped_bgg(box)
    if isinstance(value, dict):
        value = value.get(edition)
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def status(found: BoxProfile | None) -> dict[str, int]:
    """How many facts of the profile have each status (confirmed, inferred, unknown, seen, partly, owner)."""
    counts = Counter(f.status for f in found.facts.values()) if found is not None else Counter()
    return {s: counts.get(s, 0) for s in STATUSES}
