""""Seen at the table", per component (issue 22, docs/rulings/box-facts.md B3).

A game proves items of a fact, never the whole fact: this gift card (value, action, set), this die face, this
decree's printed cost, so many travel tiles (or Automa cards) of a kind at once. The proofs of all games are
kept with the owner's profile and merged (the most any game showed of a kind, every face and cost seen); the
fact's value is then rebuilt from the proofs, the rest kept from the profile's current value. A fact is seen as
a whole only when its proofs cover all of it; until then it stays unverified ("partly" seen).

How a fact's items are told apart is data: "seen_items" in data/schemas/profile-<game>.json, per fact one of
- {"kind": "census", "group": F, "fields": [..], "distinct": {group: field}}: records counted per group (the gift
  cards of each set; the start set's values all differ);
- {"kind": "faces", "size": n}: a list whose entries are seen one by one (a die's n faces); unseen ones give way;
- {"kind": "per_key"}: an object whose keys are seen one by one (each decree's cost);
- {"kind": "counts"}: whole numbers per kind that add up to a fixed total (travel tiles, Automa cards).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from .profile import SCHEMA_DIR, TABLE, BoxProfile, load_default, rule_counts

Proof = Any  # census: {group: {"v1|v2": n}}; faces: [face]; per_key: {key: value}; counts: {kind: n}


@cache
def kinds(game: str) -> dict[str, dict[str, Any]]:
    path = SCHEMA_DIR / f"profile-{game}.json"
    return json.loads(path.read_text(encoding="utf-8")).get("seen_items", {}) if path.is_file() else {}


def record(profile: BoxProfile, proofs: dict[str, Proof], found: dict[str, Proof]
           ) -> tuple[dict[str, Any], list[str], list[str], dict[str, Proof]]:
    """The owner's stored profile once a game's proofs `found` are recorded: (overrides, seen keys, partly seen keys,
    proofs of all games). Facts the owner checked or the rules confirm are never changed; the result is checked
    like any value entered now (schema, consistency, the counts the rules fix)."""
    game = profile.game
    overrides = {k: f.value for k, f in profile.facts.items() if f.status in TABLE}
    seen, partly = set(profile.seen_keys()), set(profile.partly_keys())
    proofs = dict(proofs)
    changed = set()
    for key, new in found.items():
        if key not in profile.facts or profile.fact(key).checked or key not in kinds(game):
            continue
        proofs[key] = merge(game, key, proofs.get(key), new)
        overrides[key], whole = apply(game, key, profile.value(key), proofs[key])
        (seen if whole else partly).add(key)
        (partly if whole else seen).discard(key)
        changed.add(key)
    checked = load_default(game, profile.edition).with_overrides(overrides, seen, partly)
    rule_counts(game, {k: f.value for k, f in checked.facts.items()}, changed)
    return overrides, sorted(seen), sorted(partly), proofs


def merge(game: str, key: str, old: Proof, new: Proof) -> Proof:
    """What all games proved of fact `key`: `old` (stored) and `new` (this game)."""
    kind = kinds(game)[key]["kind"]
    if old is None:
        return new
    if kind == "faces":
        return sorted({*old, *new})
    if kind == "per_key":
        return {**old, **new}
    if kind == "counts":
        return {k: max(old.get(k, 0), new.get(k, 0)) for k in {*old, *new}}
    groups = {*old, *new}
    return {g: {i: max(old.get(g, {}).get(i, 0), new.get(g, {}).get(i, 0))
                for i in {*old.get(g, {}), *new.get(g, {})}} for g in groups}


def apply(game: str, key: str, value: Any, proof: Proof) -> tuple[Any, bool]:
    """The fact's value rebuilt from `proof` (the rest from `value`), and whether the proof covers all of it."""
    spec = kinds(game)[key]
    return _APPLY[spec["kind"]](spec, value, proof)


def _faces(spec: dict[str, Any], value: list[int], proof: list[int]) -> tuple[list[int], bool]:
    size = int(spec.get("size", len(value)))  # the die's faces the rules fix, else as many as now
    rest = [f for f in value if f not in proof]
    kept = sorted([*proof, *rest[: max(0, size - len(proof))]])
    return kept, len(set(proof)) >= size


def _per_key(spec: dict[str, Any], value: dict[str, Any], proof: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    out = {k: proof.get(k, v) for k, v in value.items()}
    return out, all(k in proof for k in value)


def _counts(spec: dict[str, Any], value: dict[str, int], proof: dict[str, int]) -> tuple[dict[str, int], bool]:
    """At least the proven count of each kind; the rest of the fixed total from the value's other kinds."""
    total = sum(value.values())
    out = {k: min(proof.get(k, 0), total) for k in value}
    left = total - sum(out.values())
    for k, n in value.items():  # unproven pieces stay where the value had them, in its order
        extra = min(max(0, n - out[k]), max(0, left))
        out[k] += extra
        left -= extra
    return out, sum(proof.get(k, 0) for k in value) >= total


def _census(spec: dict[str, Any], value: list[dict[str, Any]], proof: dict[str, dict[str, int]]
            ) -> tuple[list[dict[str, Any]], bool]:
    """Per group (a card set): the proven records, then the value's records no proof matched, to the group's
    size; the records keep the value's order of groups."""
    group, fields = spec["group"], spec["fields"]
    out: list[dict[str, Any]] = []
    whole = True
    for g in dict.fromkeys(r[group] for r in value):
        members = [r for r in value if r[group] == g]
        proven = proof.get(str(g), {})
        shown = [_record(fields, item, group, g) for item, n in sorted(proven.items()) for _ in range(n)]
        rest = list(members)
        for record in shown:
            match = next((r for r in rest if all(r[f] == record[f] for f in fields)), None)
            if match is not None:
                rest.remove(match)
        shown = shown[: len(members)]
        out += shown + _fill(rest, shown, len(members) - len(shown), spec.get("distinct", {}).get(str(g)))
        whole = whole and len(shown) >= len(members)
    return out, whole


def _fill(rest: list[dict[str, Any]], shown: list[dict[str, Any]], n: int, distinct: str | None
          ) -> list[dict[str, Any]]:
    """`n` of the unproven records; where a group's `distinct` field must differ (the start cards' values), those
    that would repeat a value already there come last."""
    if distinct is None:
        return rest[:n]
    taken = {r[distinct] for r in shown}
    fresh = [r for r in rest if r[distinct] not in taken and not taken.add(r[distinct])]
    return (fresh + [r for r in rest if not any(r is f for f in fresh)])[:n]


def _record(fields: list[str], item: str, group: str, g: Any) -> dict[str, Any]:
    parts = item.split("|")
    values = {f: int(p) if p.lstrip("-").isdecimal() else p for f, p in zip(fields, parts, strict=True)}
    return {**values, group: g}


def item_of(fields: list[str], record: dict[str, Any]) -> str:
    """A census record's identity ("5|swap")."""
    return "|".join(str(record[f]) for f in fields)


_APPLY = {"faces": _faces, "per_key": _per_key, "counts": _counts, "census": _census}
