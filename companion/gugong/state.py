"""The Gùgōng table as plain data: players, board, supplies and the stack of pending decisions.

Everything here is JSON data except `comp` (the immutable box facts, shared between copies). Copies are written
from these fields (companion.core.copies): a new field is copied as its type says, with no copy code to update.
`stack` is the core step stack (companion.core.steps.Stack); `phase` is the phase now running.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.core.steps import Stack

from .components import Components
from .editions import CURRENT

# Where the double servant is: still locked on the player board, in the player's supply ("pool"),
# in the player's general supply, on the Great Wall, or on a boat.


@dataclass
class Boat:
    route: int
    port: int  # 1 = start port .. 5 = last port
    servants: int  # regular servants on board
    dd: bool = False  # the double servant is on board (takes 2 places)

    @property
    def places(self) -> int:
        return self.servants + (2 if self.dd else 0)


@dataclass
class Player:
    seat: int
    pool: int  # servants in the player's supply (Vorrat), ready to spend
    general: int  # servants in the player's general supply (allgemeiner Vorrat)
    dd: str = "locked"
    hand: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    vp: int = 0
    intrigue: int = 0
    intrigue_seq: int = 0  # higher = further up a stack of markers on the same space
    envoy: int = 0
    jade: int = 0
    tiles: list[str] = field(default_factory=list)  # travel tiles held, oldest first
    traveller: int | None = None
    boats: list[Boat] = field(default_factory=list)
    rewards: dict[str, int] = field(default_factory=lambda: {"vp": 0, "card": 0, "double": 0})
    bonus_active: list[list[str | int]] = field(default_factory=list)  # [tile, location]
    bonus_spent: list[str] = field(default_factory=list)


@dataclass
class GugongState:
    names: list[str]
    comp: Components
    bonus: bool = False  # bonus travel tiles in play
    expert: bool = False
    rules: int = CURRENT  # the rules edition (companion.gugong.editions)
    day: int = 1
    phase: str = "setup"  # the phase now running (companion.core.flow)
    start: int = 0  # start player seat
    turn: int = 0  # seat whose day-phase turn it is
    medal: int | None = None
    players: list[Player] = field(default_factory=list)
    board: list[int | None] = field(default_factory=list)  # card id at each official
    deck: list[int] = field(default_factory=list)  # face-down draw pile (order unknown: draws are chance)
    box: list[int] = field(default_factory=list)  # unused cards
    decree_slots: list[str | None] = field(default_factory=list)  # 2 per level: L1, L1, L2, L2, L3, L3
    decree_servants: list[list[int]] = field(default_factory=list)  # seats above each decree slot
    decree_pool: list[str] = field(default_factory=list)  # not yet drawn at setup
    dice: list[int] = field(default_factory=list)
    cities: list[str | None] = field(default_factory=list)
    bag: dict[str, int] = field(default_factory=dict)  # face-down travel tile piles
    tile_discard: dict[str, int] = field(default_factory=dict)  # traded-in tiles
    tile_box: dict[str, int] = field(default_factory=dict)  # bonus tiles left in the box
    jade_houses: list[int] = field(default_factory=list)
    jade_supply: int = 0
    jade_extra: int = 0  # substitutes once the jade ran out (jade is unlimited)
    wall: list[list[int]] = field(default_factory=list)  # [seat, size] left to right; the double servant is size 2
    arrivals: list[int] = field(default_factory=list)  # seats in palace arrival order
    seq: int = 0  # counter for intrigue stacking
    seen: dict[str, Any] = field(default_factory=dict)  # what the table entered beyond the profile (table_entry)
    table_entry: bool = False  # the table may enter what it sees beyond the box profile (table_entry.py)
    stack: Stack = field(default_factory=Stack)

    @property
    def n(self) -> int:
        return len(self.names)

    def order_from(self, first: int) -> list[int]:
        return [(first + i) % self.n for i in range(self.n)]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in self.__dict__.items():
            if k == "comp" or (k in ("seen", "table_entry") and not v):
                continue
            if k == "players":
                v = [_player_json(p) for p in v]
            out[k] = v
        return out


def _player_json(p: Player) -> dict[str, Any]:
    d = dict(p.__dict__)
    d["boats"] = [dict(b.__dict__) for b in p.boats]
    return d
