"""Box profiles: the component facts an engine reads, each with its status and source.

data/<game>/profile/*.yaml hold the shipped default. Facts nobody could confirm carry a
labelled placeholder value (status "unknown") so simulations run; an owner who checks
their box replaces them (status "owner"). Screens and printables show the status, so a
placeholder is never presented as fact.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml

from .errors import SetupError

DATA_DIR = Path(__file__).resolve().parents[2] / "data"
STATUSES = ("confirmed", "inferred", "unknown", "owner")
PROFILE_FORMAT = "companion-box-profile"


@dataclass(frozen=True)
class Fact:
    key: str
    value: Any
    status: str
    source: str = ""
    note: str = ""

    @property
    def verified(self) -> bool:
        return self.status in ("confirmed", "owner")


@dataclass(frozen=True)
class BoxProfile:
    game: str
    edition: str
    facts: dict[str, Fact] = field(default_factory=dict)

    def value(self, key: str) -> Any:
        try:
            return self.facts[key].value
        except KeyError as err:
            raise SetupError("unknown_fact", f"The {self.game} box profile has no fact {key!r}.", key=key) from err

    def fact(self, key: str) -> Fact:
        return self.facts[key]

    def unverified(self) -> list[Fact]:
        return [f for f in self.facts.values() if not f.verified]

    def with_overrides(self, overrides: dict[str, Any]) -> BoxProfile:
        """The owner's confirmed values replace the defaults (unknown keys are refused)."""
        facts = dict(self.facts)
        for key, value in overrides.items():
            if key not in facts:
                raise SetupError(
                    "unknown_fact",
                    f"{key!r} is not a fact of the {self.game} box; known facts: {', '.join(sorted(facts))}.",
                    key=key,
                )
            facts[key] = replace(facts[key], value=value, status="owner", source="owner's box check")
        return replace(self, facts=facts)

    def export(self) -> dict[str, Any]:
        """Only the owner's values travel: another owner imports them onto the same default."""
        owned = {k: f.value for k, f in self.facts.items() if f.status == "owner"}
        return {"format": PROFILE_FORMAT, "game": self.game, "edition": self.edition, "overrides": owned}


def load_default(game: str, edition: str = "default") -> BoxProfile:
    """Merge every data/<game>/profile/*.yaml (edition "default") into one profile.

    Facts are split over several files by topic (cards, map, scoring, meng, ...); a key
    defined twice is an error, so two files can never silently disagree.
    """
    folder = DATA_DIR / game / ("profile" if edition == "default" else f"profile-{edition}")
    files = sorted(folder.glob("*.yaml"))
    if not files:
        raise SetupError("no_profile", f"No box profile {edition!r} for {game}.", game=game, edition=edition)
    facts: dict[str, Fact] = {}
    for path in files:
        raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for key, entry in (raw.get("facts") or {}).items():
            status = entry.get("status")
            if status not in STATUSES:
                raise SetupError("bad_profile", f"{path.name}: fact {key!r} has status {status!r}.", key=key)
            if key in facts:
                raise SetupError("bad_profile", f"{path.name}: fact {key!r} is defined twice.", key=key)
            facts[key] = Fact(key, entry["value"], status, entry.get("source", ""), entry.get("note", ""))
    return BoxProfile(game=game, edition=edition, facts=facts)


def import_profile(text: str, game: str) -> BoxProfile:
    """Read an exported profile file; refuses foreign or malformed files with a message."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise SetupError(
            "bad_profile_file", f"This is not a box-profile file (JSON error at line {err.lineno})."
        ) from err
    if not isinstance(data, dict) or data.get("format") != PROFILE_FORMAT:
        raise SetupError("bad_profile_file", f"This is not a box-profile file (format must be {PROFILE_FORMAT!r}).")
    if data.get("game") != game:
        raise SetupError("bad_profile_file", f"This profile is for {data.get('game')!r}, not {game!r}.")
    if not isinstance(data.get("overrides"), dict):
        raise SetupError("bad_profile_file", "The profile file has no 'overrides' object.")
    return load_default(game, data.get("edition", "default")).with_overrides(data["overrides"])
