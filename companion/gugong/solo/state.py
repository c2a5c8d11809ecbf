"""A solo game's state: the 2-player Gùgōng table plus Meng's Automa (gugong-de "Solo-Variante").

`SoloState` is a `GugongState` with a `meng` part, so every multiplayer step (locations, wall,
canal, night) runs unchanged; the solo engine's step registry (solo/steps.py) lets Meng resolve
some of them by his Automa rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..state import GugongState

AUTOMA_KINDS = ("travel", "wall", "jade", "intrigue", "palace", "decree", "canal", "special")


@dataclass
class MengState:
    seat: int
    difficulty: str  # easy | normal | hard
    night_rule: str  # as_if (DE, default) | at_least (NL)
    sets: str = "4/5"  # card-set pairing human/Meng
    focus: str | None = None  # the location beside Meng's double servant
    deck: dict[str, int] = field(default_factory=dict)  # Automa cards in the face-down deck, by top location
    today: list[str] = field(default_factory=list)  # Automa cards played today, in order
    earlier: dict[str, int] = field(default_factory=dict)  # Automa cards of earlier days
    dusk: bool = False
    claims: int = 0  # port rewards claimed
    markers: dict[str, int] = field(default_factory=lambda: {"card": 0, "vp": 0})  # neutral servants on his board

    def to_json(self) -> dict[str, Any]:
        return {**self.__dict__, "deck": dict(self.deck), "today": self.today[:], "earlier": dict(self.earlier),
                "markers": dict(self.markers)}

    @property
    def automa_total(self) -> int:
        return sum(self.deck.values()) + len(self.today) + sum(self.earlier.values())


@dataclass(kw_only=True)
class SoloState(GugongState):
    """GugongState + `meng`. Created from a multiplayer state by `from_base`; copied, as every state, from its
    fields (companion.core.copies)."""

    meng: MengState

    @classmethod
    def from_base(cls, base: GugongState, meng: MengState) -> SoloState:
        s = cls.__new__(cls)
        s.__dict__.update(base.__dict__)
        s.meng = meng
        return s

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["meng"] = self.meng.to_json()
        return out
