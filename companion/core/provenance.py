"""Provenance: a value that rests on an unverified box fact carries the keys of those facts.

The engines mark what they compute, so no screen, sheet or PDF can show a placeholder as fact by
forgetting to look it up:

- in event and instruction parameters, `params["unverified"] = {param name: [fact keys]}`
  (`tag(params, profile, cost="decrees")`);
- in a score sheet, `ScoreRow.unverified[i]` lists the facts player i's value rests on.

Values that rest only on confirmed facts (or on the owner's own box check) carry no mark.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

UNVERIFIED = "unverified"


class Facts(Protocol):
    def fact(self, key: str) -> Any: ...  # a core.profile.Fact (has .verified)


def unverified(profile: Facts, keys: Iterable[str]) -> list[str]:
    """The keys among `keys` whose facts are not verified, in order, without repeats."""
    out: list[str] = []
    for key in keys:
        if key not in out and not profile.fact(key).verified:
            out.append(key)
    return out


def tag(params: dict[str, Any], profile: Facts, **sources: str | Iterable[str]) -> dict[str, Any]:
    """`params` with the unverified facts behind some of its values recorded under "unverified"."""
    marks = dict(params.get(UNVERIFIED) or {})
    for name, keys in sources.items():
        found = unverified(profile, [keys] if isinstance(keys, str) else keys)
        if found:
            marks[name] = sorted({*marks.get(name, ()), *found})
    if marks:
        return {**params, UNVERIFIED: marks}
    return params


def marked(params: Mapping[str, Any]) -> dict[str, list[str]]:
    """{param name: fact keys} of the values in `params` that rest on unverified facts."""
    marks = params.get(UNVERIFIED)
    return dict(marks) if isinstance(marks, Mapping) else {}
