"""Box profiles: the component facts an engine reads, each with its status, source and schema.

data/<game>/profile/*.yaml hold the shipped default. Facts nobody could confirm carry a
labelled placeholder value (status "unknown") so simulations run; an owner who checks
their box replaces them (status "owner"). Screens and printables show the status, so a
placeholder is never presented as fact.

Every owner value is checked before it is used, by the fact's schema in
data/schemas/profile-<game>.json ("facts": types, ranges, list sizes) and by the profile's
consistency checks ("checks": facts that must agree with each other). Engines read values
through `with_overrides`, so none of them sees a value its box could not have.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from . import profile_checks
from .errors import SetupError
from .validate import describe, load_json, schema_finding, schema_problem, short, value_problem

DATA_DIR = Path(__file__).resolve().parents[2] / "data"
SCHEMA_DIR = DATA_DIR / "schemas"
STATUSES = ("confirmed", "inferred", "unknown", "seen", "partly", "owner")
SEEN = "seen"  # what a table entered at play ("seen at the table"): between a placeholder and a checked box
PARTLY = "partly"  # some of its components seen at the table, the rest still the placeholder's (core.seen_items)
TABLE = (SEEN, PARTLY, "owner")  # the statuses whose values the owner's stored profile holds
PROFILE_FORMAT = "companion-box-profile"
MAX_PROFILE_BYTES = 200_000
MAX_FACT_VALUES = 5_000  # values inside one fact (the largest, a census of 38 gift cards, has about 150)
_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")  # game and edition names: they name folders


@dataclass(frozen=True)
class Fact:
    key: str
    value: Any
    status: str
    source: dict[str, str] = field(default_factory=dict)  # {"basis": why we hold it, "rules": "book: section"}
    note: str = ""

    @property
    def verified(self) -> bool:
        """Not a placeholder: confirmed, the owner's own check, or what a table saw of this box."""
        return self.status in ("confirmed", "owner", SEEN)

    @property
    def checked(self) -> bool:
        """Settled for good (a table may still correct a fact only seen at the table)."""
        return self.status in ("confirmed", "owner")


@dataclass(frozen=True)
class BoxProfile:
    game: str
    edition: str
    facts: dict[str, Fact] = field(default_factory=dict)
    # fact keys -> the unverified ones among them (core.provenance; the facts never change, so it stays true)
    opened: dict[tuple[str, ...], list[str]] = field(default_factory=dict, init=False, compare=False, repr=False)

    def value(self, key: str) -> Any:
        try:
            return self.facts[key].value
        except KeyError as err:
            raise SetupError("unknown_fact", f"The {self.game} box profile has no fact {key!r}.", key=key) from err

    def fact(self, key: str) -> Fact:
        return self.facts[key]

    def unverified(self) -> list[Fact]:
        return [f for f in self.facts.values() if not f.verified]

    def with_overrides(self, overrides: dict[str, Any], seen: Any = (), partly: Any = ()) -> BoxProfile:
        """The owner's values replace the defaults; each is checked against its fact's schema first,
        then the facts are checked against each other. Unknown keys and bad values are refused
        (SetupError naming the fact and what would be right); the profile itself never changes.
        Keys in `seen` were recorded from what a table saw (status "seen"), keys in `partly` only in part (status
        "partly": still unverified), the others by the owner."""
        if not isinstance(overrides, dict):
            raise SetupError("profile.bad_overrides", f"The box-profile values must be an object of facts, not "
                             f"{short(overrides)}.")
        facts = dict(self.facts)
        for key, value in overrides.items():
            if key not in facts:
                raise SetupError(
                    "unknown_fact",
                    f"{short(key)} is not a fact of the {self.game} box; known facts: {', '.join(sorted(facts))}.",
                    key=key if isinstance(key, str) and len(key) <= 100 else short(key),
                )
            value = _text_keys(value)
            check_fact(self.game, key, value)
            value = _keys_like(facts[key].value, value)
            status = SEEN if key in seen else PARTLY if key in partly else "owner"
            facts[key] = replace(facts[key], value=value, status=status, source={"basis": status})
        if overrides:
            consistency(self.game, {k: f.value for k, f in facts.items()}, set(overrides))
        return replace(self, facts=facts)

    def export(self) -> dict[str, Any]:
        """Only the owner's values (and what tables saw) travel: another owner imports them onto the same default."""
        owned = {k: f.value for k, f in self.facts.items() if f.status in TABLE}
        seen = sorted(k for k, f in self.facts.items() if f.status == SEEN)
        partly = sorted(k for k, f in self.facts.items() if f.status == PARTLY)
        out = {"format": PROFILE_FORMAT, "game": self.game, "edition": self.edition, "overrides": owned}
        return {**out, **({"seen": seen} if seen else {}), **({"partly": partly} if partly else {})}

    def seen_keys(self) -> list[str]:
        return sorted(k for k, f in self.facts.items() if f.status == SEEN)

    def partly_keys(self) -> list[str]:
        return sorted(k for k, f in self.facts.items() if f.status == PARTLY)


# -- schemas --------------------------------------------------------------------------------------
@cache
def _schema_file(game: str) -> dict[str, Any]:
    path = SCHEMA_DIR / f"profile-{game}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {"facts": {}, "checks": []}


def fact_schema(game: str, key: str) -> dict[str, Any]:
    """The fact's schema from data/schemas/profile-<game>.json; a fact not listed there is held to the
    shape of its default value (same types and keys, numbers within twice the default)."""
    schema = _schema_file(game)["facts"].get(key)
    return schema if schema is not None else derive_schema([load_default(game).value(key)])


def check_fact(game: str, key: str, value: Any) -> None:
    """Refuse `value` for fact `key` unless it fits the fact's schema (SetupError "profile.bad_value")."""
    problem = value_problem(value, max_depth=12, max_nodes=MAX_FACT_VALUES)
    where, finding = "", None
    if problem is None:
        schema = fact_schema(game, key)
        found = schema_problem(value, schema)
        if found is None:
            return
        where, problem = found
        finding = schema_finding(value, schema)
    expected = describe(fact_schema(game, key))
    at = f"at {key}/{where}, " if where else ""
    raise SetupError(
        "profile.bad_value",
        f"The value entered for the box fact {key} cannot be used: {at}{problem}. Expected {expected}.",
        key=key, where=where, problem=problem, expected=expected, box=game, finding=finding,
    )


def consistency(game: str, values: dict[str, Any], changed: set[str]) -> None:
    """Run the profile's "checks" that read a changed fact (see core.profile_checks)."""
    for check in _schema_file(game).get("checks", ()):
        profile_checks.run(check, values, changed, game)


def rule_counts(game: str, values: dict[str, Any], changed: set[str]) -> None:
    """Counts the rules fix (a die's 6 faces, Meng's 11 Automa cards), checked for a value an owner or a table
    records now ("rule_counts" in the schema file). Games set up before these checks keep their values, so an
    old save still loads and replays."""
    for check in _schema_file(game).get("rule_counts", ()):
        profile_checks.run(check, values, changed, game)


def _text_keys(value: Any) -> Any:
    """JSON's view of a value: whole-number keys (YAML writes {2: 3}) become texts, as in a save."""
    if isinstance(value, dict) and any(type(k) is int for k in value):
        return {str(k) if type(k) is int else k: v for k, v in value.items()}
    return value


def _keys_like(default: Any, value: Any) -> Any:
    """An owner's object keyed like the default: where the default's keys are whole numbers
    (data/yinzi/profile/tiles.yaml: factories.vp {1: 2, ...}), the owner's "1" becomes 1 again."""
    if isinstance(default, dict) and isinstance(value, dict) and default and all(type(k) is int for k in default):
        return {int(k) if isinstance(k, str) and k.isdecimal() else k: v for k, v in value.items()}
    return value


def usable_overrides(game: str, overrides: dict[str, Any]) -> tuple[dict[str, Any], list[SetupError]]:
    """The stored values that can be used, and a refusal per damaged one (each naming its fact), so
    Box check can show the profile and offer to fix exactly the damaged facts."""
    good: dict[str, Any] = {}
    bad: list[SetupError] = []
    base = load_default(game)
    for key, value in (overrides.items() if isinstance(overrides, dict) else ()):
        try:
            base.with_overrides({**good, key: value})
        except SetupError as err:
            bad.append(err)
        else:
            good[key] = value
    return good, bad


def derive_schema(samples: list[Any]) -> dict[str, Any]:
    """A schema that holds values to the shape of `samples` (the default values of one fact)."""
    if all(isinstance(s, bool) for s in samples):
        return {"type": "boolean"}
    if all(type(s) is int for s in samples):
        low, high = min(samples), max(samples)
        return {"type": "integer", "minimum": 0 if low <= 0 else 1, "maximum": max(2 * high, 10)}
    if all(s is None or isinstance(s, str) for s in samples):
        return {"enum": sorted(set(samples), key=lambda s: (s is not None, s or ""))}
    if all(isinstance(s, list) for s in samples):
        items = [x for s in samples for x in s]
        schema: dict[str, Any] = {"type": "array", "minItems": min(map(len, samples)),
                                  "maxItems": max(map(len, samples))}
        if items and all(isinstance(x, str) for x in items) and all(len(set(s)) == len(s) for s in samples):
            schema["uniqueItems"] = True
        return {**schema, "items": derive_schema(items)} if items else schema
    if all(isinstance(s, dict) for s in samples):
        keys = list(dict.fromkeys(k for s in samples for k in s))  # JSON keys are texts (YAML's may not be)
        return {"type": "object", "additionalProperties": False,
                "required": [str(k) for k in keys if all(k in s for s in samples)],
                "properties": {str(k): derive_schema([s[k] for s in samples if k in s]) for k in keys}}
    return {"type": sorted({_json_type(s) for s in samples})}


def _json_type(value: Any) -> str:
    kinds = ((bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"), (list, "array"),
             (dict, "object"))
    return next((name for kind, name in kinds if isinstance(value, kind)), "null")


# -- loading ----------------------------------------------------------------------------------------
def load_default(game: str, edition: str = "default") -> BoxProfile:
    """Merge every data/<game>/profile/*.yaml (edition "default") into one profile.

    Facts are split over several files by topic (cards, map, scoring, meng, ...); a key
    defined twice is an error, so two files can never silently disagree.
    """
    if not isinstance(game, str) or not isinstance(edition, str) or not all(map(_NAME.fullmatch, (game, edition))):
        raise SetupError("no_profile", f"No box profile {short(edition)} for {short(game)}.", game=short(game),
                         edition=short(edition))
    return BoxProfile(game=game, edition=edition, facts=copy.deepcopy(_read_facts(game, edition)))


@cache
def _read_facts(game: str, edition: str) -> dict[str, Fact]:
    """The shipped files, parsed once per process (YAML parsing costs ~80 ms; callers get a deep copy)."""
    folder = DATA_DIR / game / ("profile" if edition == "default" else f"profile-{edition}")
    files = sorted(folder.glob("*.yaml"))
    if not files:
        raise SetupError("no_profile", f"No box profile {edition!r} for {game}.", game=game, edition=edition)
    import yaml  # on first use: importing it costs a fresh server ~0.1 s that Home never needs

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when installed: the same values, 10x faster

    facts: dict[str, Fact] = {}
    for path in files:
        raw = yaml.load(path.read_text(encoding="utf-8"), Loader=loader) or {}
        for key, entry in (raw.get("facts") or {}).items():
            status = entry.get("status")
            if status not in STATUSES:
                raise SetupError("bad_profile", f"{path.name}: fact {key!r} has status {status!r}.", key=key)
            if key in facts:
                raise SetupError("bad_profile", f"{path.name}: fact {key!r} is defined twice.", key=key)
            source = entry.get("source")
            if not isinstance(source, dict) or not isinstance(source.get("basis"), str):
                raise SetupError("bad_profile", f"{path.name}: fact {key!r} needs a source {{basis, rules}}.", key=key)
            facts[key] = Fact(key, entry["value"], status, source, entry.get("note", ""))
    return facts


def import_profile(text: str | bytes, game: str) -> BoxProfile:
    """Read an exported profile file; refuses foreign, malformed or out-of-range files with a message."""
    data = load_json(text, "This box-profile file", max_bytes=MAX_PROFILE_BYTES, error=SetupError,
                     code="bad_profile_file")
    if not isinstance(data, dict) or data.get("format") != PROFILE_FORMAT:
        raise SetupError("bad_profile_file", f"This is not a box-profile file (format must be {PROFILE_FORMAT!r}).")
    if data.get("game") != game:
        raise SetupError("bad_profile_file", f"This profile is for {short(data.get('game'))}, not {game!r}.")
    if not isinstance(data.get("overrides"), dict):
        raise SetupError("bad_profile_file", "The profile file has no 'overrides' object.")
    seen, partly = data.get("seen", []), data.get("partly", [])
    for keys in (seen, partly):
        if not isinstance(keys, list) or not all(isinstance(k, str) and k in data["overrides"] for k in keys):
            raise SetupError("bad_profile_file", "The profile file's 'seen' must list facts of its 'overrides'.")
    default = load_default(game, data.get("edition", "default"))
    profile = default.with_overrides(data["overrides"], set(seen), set(partly))
    rule_counts(game, {k: f.value for k, f in profile.facts.items()}, set(data["overrides"]))  # stored anew
    return profile


def record_seen(profile: BoxProfile, found: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The stored overrides and seen keys once `found` (fact -> value a table saw) is recorded: facts the
    owner checked or the rules confirm are kept; the result is validated like any owner's value."""
    overrides = {k: f.value for k, f in profile.facts.items() if f.status in TABLE}
    seen = set(profile.seen_keys())
    for key, value in found.items():
        if key in profile.facts and not profile.fact(key).checked:
            overrides[key] = value
            seen.add(key)
    load_default(profile.game, profile.edition).with_overrides(overrides, seen, set(profile.partly_keys()) - seen)
    return overrides, sorted(seen)
