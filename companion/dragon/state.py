"""The table as plain data: players with their palaces, the boards, and the stack of pending steps.

`stack` holds the steps still to come (companion.core.steps: a frame is a small dict such as
{"k": "release", "p": 2, "n": 1, "why": "contagion"}; the last frame runs next). Everything
here is JSON data, copied from these fields (companion.core.copies: a new field needs no copy code).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.core.steps import Stack

from .components import Components, components_for, tile_kind

# Score-sheet categories in the rulebook's order; each keeps one value per month plus "final".
CATEGORIES = (
    "research",
    "festival",
    "invasion",
    "palaces",
    "court_ladies",
    "privileges",
    "persons",
    "monks",
    "money",
    "wall_bonus",
    "wall",
    "super_event",
)
FINAL_COLUMN = 12  # index after the twelve months


@dataclass
class Palace:
    floors: int
    persons: list[str] = field(default_factory=list)  # tile ids, kept sorted

    def free(self) -> int:
        return self.floors - len(self.persons)


@dataclass
class Player:
    name: str
    yuan: int
    palaces: list[Palace]
    hand: list[str]
    rice: int = 0
    fireworks: int = 0
    vp: int = 0
    track: int = 0  # person points
    stamp: int = 0  # arrival on the field: the higher stamp lies on top
    small_privileges: int = 0
    large_privileges: int = 0
    wall_tiles: list[str] = field(default_factory=list)  # not yet built
    opening: list[str] = field(default_factory=list)  # the two starting person types
    played: list[str] = field(default_factory=list)  # person cards played or discarded
    scores: dict[str, list[int]] = field(default_factory=dict)

    def persons(self) -> list[str]:
        return [t for palace in self.palaces for t in palace.persons]

    def count(self, kind: str) -> int:
        return sum(1 for t in self.persons() if tile_kind(t) == kind)


@dataclass
class DragonState:
    key: str  # components_for(key) gives the facts of this game's box
    players: list[Player]
    edition: str
    super_mode: str  # none | random | hidden | chosen
    month: int = 0
    events: list[str | None] = field(default_factory=list)
    super_event: str | None = None
    supply: dict[str, int] = field(default_factory=dict)
    released: dict[str, int] = field(default_factory=dict)  # out of the game for good
    wall: list[int] = field(default_factory=list)  # builder of each piece, left to right
    deck: list[str] = field(default_factory=list)  # action cards not yet dealt this month
    groups: list[list[str]] = field(default_factory=list)
    dragons: list[list[int]] = field(default_factory=list)
    stamps: int = 0
    sunrise_taken: list[str] = field(default_factory=list)
    track_resets: int = 0  # Volcanic Eruption: the only time discs go back
    stack: Stack = field(default_factory=Stack)
    phase: str = "setup"  # the phase now running (companion.dragon.flow)
    over: bool = False

    @property
    def comp(self) -> Components:
        return components_for(self.key)

    def order(self) -> list[int]:
        """Turn order: person track, highest first; on one field the disc on top (latest) first."""
        return sorted(range(len(self.players)), key=lambda i: (-self.players[i].track, -self.players[i].stamp))

    def advance(self, p: int, steps: int) -> None:
        """Move a person disc forward; arriving on an occupied field puts it on top."""
        if steps <= 0:
            return
        self.stamps += 1
        self.players[p].track += steps
        self.players[p].stamp = self.stamps

    def add_vp(self, p: int, category: str, points: int, column: int | None = None) -> None:
        if points == 0:
            return
        col = (self.month - 1 if self.month else 0) if column is None else column
        self.players[p].vp += points
        self.players[p].scores[category][col] += points


def palace_json(palace: Palace) -> dict[str, Any]:
    return {"floors": palace.floors, "persons": list(palace.persons)}


def player_json(pl: Player) -> dict[str, Any]:
    return {
        "name": pl.name,
        "yuan": pl.yuan,
        "rice": pl.rice,
        "fireworks": pl.fireworks,
        "vp": pl.vp,
        "track": pl.track,
        "stamp": pl.stamp,
        "small_privileges": pl.small_privileges,
        "large_privileges": pl.large_privileges,
        "palaces": [palace_json(p) for p in pl.palaces],
        "hand": list(pl.hand),
        "played": list(pl.played),
        "wall_tiles": list(pl.wall_tiles),
        "opening": list(pl.opening),
        "scores": {k: list(v) for k, v in pl.scores.items()},
    }


def state_json(s: DragonState) -> dict[str, Any]:
    return {
        "key": s.key,
        "edition": s.edition,
        "super_mode": s.super_mode,
        "month": s.month,
        "events": list(s.events),
        "super_event": s.super_event,
        "supply": dict(s.supply),
        "released": dict(s.released),
        "wall": list(s.wall),
        "deck": list(s.deck),
        "groups": [list(g) for g in s.groups],
        "dragons": [list(d) for d in s.dragons],
        "stamps": s.stamps,
        "sunrise_taken": list(s.sunrise_taken),
        "track_resets": s.track_resets,
        "stack": [dict(f) for f in s.stack],
        "phase": s.phase,
        "over": s.over,
        "players": [player_json(p) for p in s.players],
    }
