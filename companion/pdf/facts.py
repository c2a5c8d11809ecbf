"""Rule values for the printables, read from the box profile together with their status.

Templates name facts; they never hold a rule value. A reference is a fact key with an optional
path into its value, one bracket per step: "wall_size[3]", "final_scoring.jade_vp_ladder[0]",
"person.tiles[monk][old][value]", and `[field=value]` picks the element of a list of records
("decrees[id=wall_extra][vp]"). A template uses a reference as a plain string or as a spec:

    {fact: REF, pick: len|min|max|values|keys|positions|group_keys|group_values, join: " / ", fmt: "×{}"}
    {facts: [REF, REF, ...], join: ", "}

A value from an unverified fact (status other than confirmed/owner) carries the placeholder
mark, so a printout cannot show a guess as fact; positions (1, 2, 3 ... of a list) are never
marked, they count places, not values.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.core.profile import BoxProfile, Fact, load_default

REF = re.compile(r"^(?P<key>[^\[\]]+)(?P<path>(\[[^\[\]]+\])*)$")
STEP = re.compile(r"\[([^\[\]]+)\]")
PICKS = {"len", "min", "max", "values", "keys", "positions", "group_keys", "group_values"}
UNMARKED_PICKS = {"positions", "keys", "group_keys"}  # structure of the fact, not its values
MINUS = "−"


class FactRefError(ValueError):
    pass


@dataclass(frozen=True)
class Printed:
    """One rule value as printed: where it came from, its value, whether it is verified, its text."""

    ref: str
    key: str
    value: Any
    status: str
    marked: bool
    text: str


def number(value: Any) -> str:
    """A value as printed: a real minus sign, no trailing .0."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int | float) and value < 0:
        return f"{MINUS}{-value}"
    return str(value)


def _step(value: Any, step: str) -> Any:
    if "=" in step and isinstance(value, list):
        field, wanted = step.split("=", 1)
        for item in value:
            if isinstance(item, dict) and str(item.get(field)) == wanted:
                return item
        raise KeyError(step)
    if isinstance(value, list):
        return value[int(step)]
    if isinstance(value, dict):
        if step in value:
            return value[step]
        if step.lstrip("-").isdigit() and int(step) in value:
            return value[int(step)]
    raise KeyError(step)


def _groups(mapping: dict[Any, Any]) -> list[tuple[str, Any]]:
    """Runs of consecutive keys with the same value: {"1": 4, "2": 4, "3": 5} -> [("1–2", 4), ("3", 5)]."""
    out: list[tuple[list[Any], Any]] = []
    for key, value in mapping.items():
        if out and out[-1][1] == value:
            out[-1][0].append(key)
        else:
            out.append(([key], value))
    return [(f"{keys[0]}–{keys[-1]}" if len(keys) > 1 else str(keys[0]), value) for keys, value in out]


@cache
def _default(box: str) -> BoxProfile:
    """The shipped profile, read once per process (parsing its YAML costs more than drawing a pad)."""
    return load_default(box)


class Facts:
    """The box profile of one printout (default + the owner's overrides) and every value it printed."""

    def __init__(self, box: str, overrides: dict[str, Any] | None = None, mark: str = "?") -> None:
        self.profile: BoxProfile = _default(box).with_overrides(overrides or {})
        self.mark = mark
        self.printed: list[Printed] = []

    def lookup(self, ref: str) -> tuple[Any, Fact]:
        """The value a reference points at and the fact it belongs to."""
        found = REF.match(ref.strip()) if isinstance(ref, str) else None
        if found is None or found["key"] not in self.profile.facts:
            raise FactRefError(f"{ref!r} names no fact of the {self.profile.game} box profile")
        fact = self.profile.fact(found["key"])
        value = fact.value
        for step in STEP.findall(found["path"]):
            try:
                value = _step(value, step)
            except (KeyError, IndexError, ValueError) as err:
                raise FactRefError(f"{ref!r}: no [{step}] in the value of {fact.key}") from err
        return value, fact

    def get(self, spec: str | dict[str, Any]) -> Printed:
        """Resolve a reference or spec to its printed text (and remember it)."""
        spec = {"fact": spec} if isinstance(spec, str) else spec
        join, fmt = spec.get("join", " / "), spec.get("fmt", "{}")
        if "facts" in spec:
            parts = [self.get({"fact": ref, "fmt": fmt}) for ref in spec["facts"]]
            status = next((p.status for p in parts if p.marked), parts[0].status if parts else "confirmed")
            printed = Printed(",".join(spec["facts"]), ",".join(p.key for p in parts), [p.value for p in parts],
                              status, any(p.marked for p in parts), join.join(p.text for p in parts))
            return printed  # each part is on the record already
        if not isinstance(spec.get("fact"), str):
            raise FactRefError(f"{spec}: a fact spec needs 'fact: REF' or 'facts: [REF, ...]'")
        value, fact = self.lookup(spec["fact"])
        pick = spec.get("pick")
        if pick is not None and pick not in PICKS:
            raise FactRefError(f"{spec}: pick must be one of {', '.join(sorted(PICKS))}")
        mark = "" if fact.verified or pick in UNMARKED_PICKS else self.mark
        items = self._pick(value, pick)
        if isinstance(items, dict) or (isinstance(items, list) and any(isinstance(v, dict | list) for v in items)):
            raise FactRefError(f"{spec}: {fact.key} is a table here; name one value (REF[key]) or a pick")
        if isinstance(items, list):
            text = join.join(fmt.format(number(v)) + mark for v in items)
        else:
            text = fmt.format(number(items)) + mark
        printed = Printed(spec["fact"], fact.key, items, fact.status, bool(mark), text)
        self.printed.append(printed)
        return printed

    @staticmethod
    def _pick(value: Any, pick: str | None) -> Any:
        seq = list(value.values()) if isinstance(value, dict) else value
        if pick is None:
            return list(seq) if isinstance(seq, list | tuple) else value
        if pick == "len":
            return len(seq)
        if pick in ("min", "max"):
            return min(seq) if pick == "min" else max(seq)
        if pick == "values":
            return list(seq)
        if pick == "keys":
            return list(value)
        if pick == "positions":
            return list(range(1, len(seq) + 1))
        groups = _groups(value)
        return [k for k, _ in groups] if pick == "group_keys" else [v for _, v in groups]

    def params(self, mapping: dict[str, Any] | None) -> dict[str, str]:
        """Catalog parameters from a template's `facts:` map (name -> reference or spec)."""
        return {name: self.get(spec).text for name, spec in (mapping or {}).items()}

    def marked_since(self, start: int) -> bool:
        """Whether any value printed after position `start` of the record carries the mark."""
        return any(p.marked for p in self.printed[start:])
