"""Provenance: a value that rests on an unverified box fact carries the keys of those facts.

The engines mark what they compute, so no screen, sheet or PDF can show a placeholder as fact by
forgetting to look it up. This module is the one helper that attaches marks (engines call it; none writes
the mark by hand):

- in event and instruction parameters, `params["unverified"] = {param name: [fact keys]}`
  (`tag(params, profile, cost="decrees")`, `tag_event(event, profile, ...)` for the parameters an event has,
  `carry(params, marks)` for marks copied from an event onto the instructions that show its numbers);
- in a score sheet, `ScoreRow.unverified[i]` lists the facts player i's value rests on (`unverified`).

Values that rest only on confirmed facts (or on the owner's own box check) carry no mark.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from .actions import Event

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


def _open(profile: Facts, keys: str | Iterable[str]) -> list[str]:
    """`unverified`, sorted, remembered on the profile when it can (a BoxProfile never changes its facts)."""
    group = (keys,) if isinstance(keys, str) else tuple(keys)
    memo = getattr(profile, "opened", None)
    found = memo.get(group) if memo is not None else None
    if found is None:
        found = sorted(unverified(profile, group))
        if memo is not None:
            memo[group] = found
    return found


def tag(params: dict[str, Any], profile: Facts, **sources: str | Iterable[str]) -> dict[str, Any]:
    """`params` with the unverified facts behind some of its values recorded under "unverified"."""
    found = {name: keys for name, fact_keys in sources.items() if fact_keys and (keys := _open(profile, fact_keys))}
    if not found:
        return params
    marks = dict(params.get(UNVERIFIED) or {})
    for name, keys in found.items():
        marks[name] = sorted({*marks.get(name, ()), *keys})
    return {**params, UNVERIFIED: marks}


def tag_event(event: Event, profile: Facts, **sources: str | Iterable[str]) -> Event:
    """`event` with the unverified facts behind the named parameters recorded (parameters it lacks are skipped)."""
    params = tag(event.params, profile, **{name: keys for name, keys in sources.items() if name in event.params})
    return event if params is event.params else Event(event.code, params)


def carry(params: dict[str, Any], marks: Mapping[str, list[str]]) -> dict[str, Any]:
    """`params` carrying `marks` (read from another event or instruction with `marked`), none when empty."""
    return {**params, UNVERIFIED: dict(marks)} if marks else params


def marked(params: Mapping[str, Any]) -> dict[str, list[str]]:
    """{param name: fact keys} of the values in `params` that rest on unverified facts."""
    marks = params.get(UNVERIFIED)
    return dict(marks) if isinstance(marks, Mapping) else {}
