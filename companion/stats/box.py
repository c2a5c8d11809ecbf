"""Box-profile facts the statistics read: the BoardGameGeek id (for BG Stats) and the profile's status.

The BGG id is the fact `bgg.id` of data/<box>/profile/bgg.yaml: a number, or a number per edition;
0 means none. A table's box check may correct it like any other fact.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from ..core.errors import SetupError
from ..core.profile import STATUSES, BoxProfile, load_default

BGG_FACT = "bgg.id"


@cache
def _shipped(box: str) -> BoxProfile | None:
    """The shipped profile, read once per process (the data files do not change while the app runs)."""
    try:
        return load_default(box)
    except SetupError:
        return None


def profile(box: str, overrides: dict[str, Any] | None = None) -> BoxProfile | None:
    """The box's profile with the table's corrections (None: the game has no box profile)."""
    shipped = _shipped(box)
    if shipped is None:
        return None
    try:
        return shipped.with_overrides(overrides or {})
    except SetupError:  # corrections for facts this version no longer has: the shipped profile
        return shipped


def bgg_id(box: str, edition: str, overrides: dict[str, Any] | None = None) -> int | None:
    """The BGG id of the box (of its `edition` when it has several), None when unknown."""
    found = profile(box, overrides)
    if found is None or BGG_FACT not in found.facts:
        return None
    value = found.value(BGG_FACT)
    if isinstance(value, dict):
        value = value.get(edition)
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def status(found: BoxProfile | None) -> dict[str, int]:
    """How many facts of the profile have each status (confirmed, inferred, unknown, owner)."""
    counts = Counter(f.status for f in found.facts.values()) if found is not None else Counter()
    return {s: counts.get(s, 0) for s in STATUSES}
