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
- {"kind": "per_place"}: a list whose places are seen one by one, proof {place from 1: value} (a track's fields);
- {"kind": "counts"}: whole numbers per kind that add up to a fixed total (travel tiles, Automa cards);
- {"kind": "multiset", "sort": [..]}: a list (or an object of named items) whose items are told apart only by
  what they show (Yinzi's infrastructure tiles, a colour's action cards): proof {item as canonical JSON: n};
  the items proven keep their places, the others give way to what was seen ("sort": fields whose order is not
  told apart).
- {"kind": "value"}: one value seen as a whole (which decree lies lower on the board); proof {"value": v}, the
  latest game's sight wins;
- {"kind": "layouts", "count": F, "layout": F, "layouts": F}: an object of groups (a nation), each with F-count
  pieces showing a list each (a ship's places; order not told apart), all alike (F-layout) or one list per piece
  (F-layouts): proof {group: {list as canonical JSON: n}}; per group like "multiset".
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from typing import Any

from .actions import Action, Event
from .chance import pick, rng_for
from .errors import SetupError
from .game import Game
from .profile import PARTLY, SCHEMA_DIR, SEEN, TABLE, BoxProfile, load_default, rule_counts
from .session import Session

Proof = Any  # census: {group: {"v1|v2": n}}; faces: [face]; per_key: {key: value}; counts: {kind: n}


@cache
def kinds(game: str) -> dict[str, dict[str, Any]]:
    path = SCHEMA_DIR / f"profile-{game}.json"
    return json.loads(path.read_text(encoding="utf-8")).get("seen_items", {}) if path.is_file() else {}


def table_entries(game: Game, setup: dict[str, Any], log: list[Action]
                  ) -> Iterator[tuple[str, Action, list[Event], Any, Any]]:
    """Each chance step of the log the table resolved, as (step, action, events, state before, state after).
    Only a game set up with table entry counts (without "Something else…" a pick among the profile's own
    components is no sight of the box); a step the app may draw counts only when the entry differs from the
    app's own seeded pick there (docs/rulings/box-facts.md B3)."""
    if not setup.get("table_entry"):
        return
    session = Session.new(game, setup)
    for position, action in enumerate(log):
        decision, before = session.decision, session.state
        entered = decision is not None and decision.is_chance and (
            decision.hidden or action != pick(decision, rng_for(game.name, setup.get("seed", 0), position)))
        events = session.act(action)
        if entered and decision is not None:
            yield decision.kind.rsplit(".", 1)[-1], action, events, before, session.state


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


def coverage(game: str, key: str, value: Any, proof: Proof) -> tuple[int, int] | None:
    """(items seen, items in all) of fact `key` with `value`, by its proofs; None when the fact has no items."""
    spec = kinds(game).get(key)
    if spec is None or proof is None:
        return None
    kind = spec["kind"]
    if kind == "faces":
        total = int(spec.get("size", len(value)))
        return min(len(set(proof)), total), total
    if kind == "per_key":
        return sum(1 for k in value if k in proof), len(value)
    if kind == "value":
        return 1, 1
    if kind == "per_place":
        return sum(1 for i in range(len(value)) if str(i + 1) in proof), len(value)
    if kind == "census":
        counts = [n for group in proof.values() for n in group.values()]
        return min(sum(counts), len(value)), len(value)
    if kind == "layouts":
        total = sum(int(g[spec["count"]]) for g in value.values())
        return min(sum(n for group in proof.values() for n in group.values()), total), total
    total = sum(value.values()) if kind == "counts" else len(value)
    return min(sum(proof.values()), total), total


# -- the proofs in an exported profile ------------------------------------------------------------------
RECORDINGS_KEPT = 50  # the newest recordings an owner's profile keeps (when each game's sight was recorded)


def exported(profile: BoxProfile, proofs: dict[str, Proof], recordings: list[dict[str, Any]]) -> dict[str, Any]:
    """The profile file: the values and statuses (BoxProfile.export), what each fact's proofs are (which items
    tables saw) and the recordings (when, and what that game saw); proofs only of facts a table saw."""
    out = profile.export()
    table = {k for k, f in profile.facts.items() if f.status in (SEEN, PARTLY)}
    kept = {k: v for k, v in proofs.items() if k in table}
    return {**out, **({"proofs": kept} if kept else {}), **({"recordings": recordings} if recordings else {})}


def read_proofs(data: Any, profile: BoxProfile) -> tuple[dict[str, Proof], list[dict[str, Any]]]:
    """The proofs and recordings of an imported profile file (`data`: its JSON, `profile`: as imported). Each
    proof must belong to a fact a table saw and fit its value (applied, it changes nothing); else refused."""
    proofs = data.get("proofs", {}) if isinstance(data, dict) else {}
    recordings = data.get("recordings", []) if isinstance(data, dict) else []
    if not isinstance(proofs, dict) or not isinstance(recordings, list) or len(recordings) > RECORDINGS_KEPT:
        raise _bad("proofs")
    for key, proof in proofs.items():
        if key not in kinds(profile.game) or key not in profile.facts or profile.fact(key).status not in (SEEN, PARTLY):
            raise _bad("proofs", key)
        try:
            fits = _same(apply(profile.game, key, profile.value(key), proof)[0], profile.value(key))
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            fits = False
        if not fits:
            raise _bad("proofs", key)
    for entry in recordings:
        ok = isinstance(entry, dict) and isinstance(entry.get("at"), str) and isinstance(entry.get("found"), dict)
        if not ok or not set(entry["found"]) <= set(kinds(profile.game)):
            raise _bad("recordings")
    return proofs, recordings


def _same(a: Any, b: Any) -> bool:
    """The same items, in any order of a list (a rebuilt census lists the proven cards first)."""
    if isinstance(a, list) and isinstance(b, list):
        return sorted(map(item_key, a)) == sorted(map(item_key, b))
    return bool(a == b)


def _bad(part: str, key: str = "") -> SetupError:
    where = f" ({key})" if key else ""
    return SetupError("bad_profile_proofs", f"The profile file's record of what tables saw{where} does not fit its "
                      "values: nothing was imported.", part=part, key=key)


def merge(game: str, key: str, old: Proof, new: Proof) -> Proof:
    """What all games proved of fact `key`: `old` (stored) and `new` (this game)."""
    kind = kinds(game)[key]["kind"]
    if old is None:
        return new
    if kind == "faces":
        return sorted({*old, *new})
    if kind in ("per_key", "per_place", "value"):
        return {**old, **new}
    if kind in ("counts", "multiset"):
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


def _value(spec: dict[str, Any], value: Any, proof: dict[str, Any]) -> tuple[Any, bool]:
    return proof["value"], True


def _per_place(spec: dict[str, Any], value: list[Any], proof: dict[str, Any]) -> tuple[list[Any], bool]:
    out = [proof.get(str(i + 1), v) for i, v in enumerate(value)]
    return out, all(str(i + 1) in proof for i in range(len(value)))


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


def item_key(item: Any) -> str:
    """A multiset item's identity: what it shows, as canonical JSON (a tile, a card [fate, workers])."""
    return json.dumps(item, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _multiset(spec: dict[str, Any], value: Any, proof: dict[str, int]) -> tuple[Any, bool]:
    """Each item proven n times is in the value at least n times: the value's items that match stay where they
    are, the rest of the places (in their order) take the proven items still missing."""
    named = isinstance(value, dict)
    places = list(value) if named else list(range(len(value)))
    items = [value[p] for p in places]
    missing = dict(proof)
    free: list[int] = []
    for i, item in enumerate(items):
        key = item_key({k: sorted(v) if k in spec.get("sort", ()) else v for k, v in item.items()}
                       if isinstance(item, dict) else item)
        if missing.get(key, 0) > 0:
            missing[key] -= 1
        else:
            free.append(i)
    shown = [json.loads(k) for k in sorted(missing) for _ in range(missing[k])]
    for i, item in zip(free, shown, strict=False):
        items[i] = item
    out = dict(zip(places, items, strict=True)) if named else items
    return out, sum(proof.values()) >= len(items)


def _layouts(spec: dict[str, Any], value: dict[str, Any], proof: dict[str, dict[str, int]]) -> tuple[Any, bool]:
    """Per group, its pieces' lists as a multiset: the proven ones take the places of unproven ones; a group whose
    pieces changed lists one layout per piece."""
    count, layout, many = spec["count"], spec["layout"], spec["layouts"]
    out, whole = {}, True
    for name, group in value.items():
        pieces = [sorted(x) for x in group.get(many) or [group[layout]] * int(group[count])]
        shown, all_seen = _multiset({}, pieces, proof.get(name, {}))
        whole = whole and all_seen
        out[name] = group if shown == pieces else {**{k: v for k, v in group.items() if k != many}, many: shown}
    return out, whole


_APPLY = {"faces": _faces, "per_key": _per_key, "per_place": _per_place, "counts": _counts, "census": _census,
          "multiset": _multiset, "layouts": _layouts, "value": _value}
