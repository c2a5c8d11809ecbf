"""A score sheet: the same rows a paper score pad has, per player, plus the winner and why."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class ScoreRow:
    code: str  # category, translated at the edge ("jade", "palace", ...)
    values: list[float]
    params: dict[str, Any] = field(default_factory=dict)
    # per player, the unverified box facts the value rests on (core.provenance); empty: none anywhere
    unverified: list[list[str]] = field(default_factory=list)

    def facts_behind(self, player: int) -> list[str]:
        return self.unverified[player] if player < len(self.unverified) else []


@dataclass
class ScoreSheet:
    game: str
    players: list[str]
    rows: list[ScoreRow]
    totals: list[float]
    eligible: list[bool]
    ranking: list[int]  # player indices, best first
    winners: list[int]
    tiebreak: dict[str, Any] | None = None  # {"code": ..., "params": ...} when a tie was broken
    final: bool = True
    notes: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "rows": [{"code": r.code, "values": r.values, "params": r.params,
                      **({"unverified": r.unverified} if any(r.unverified) else {})} for r in self.rows],
            "totals": self.totals,
            "eligible": self.eligible,
            "ranking": self.ranking,
            "winners": self.winners,
            "tiebreak": self.tiebreak,
            "final": self.final,
            "notes": self.notes,
        }

    def row(self, code: str) -> ScoreRow:
        for r in self.rows:
            if r.code == code:
                return r
        raise KeyError(code)


def rank_players(
    totals: Sequence[float],
    eligible: Sequence[bool],
    tiebreak_keys: Sequence[Sequence[float]] = (),
    tiebreak_code: str = "tiebreak",
) -> tuple[list[int], list[int], dict[str, Any] | None]:
    """Order players: eligible before ineligible, then by total, then by each tie-break key.

    Returns (ranking, winners, tiebreak) where tiebreak explains a tie for first that a key
    decided, or that remained shared (winners then holds several players).
    """
    n = len(totals)

    def key(i: int) -> tuple:
        return (not eligible[i], -totals[i], *(-k[i] for k in tiebreak_keys))

    ranking = sorted(range(n), key=key)
    best = [
        i
        for i in range(n)
        if eligible[i] and totals[i] == max((totals[j] for j in range(n) if eligible[j]), default=None)
    ]
    if not best:
        return ranking, [], None
    if len(best) == 1:
        return ranking, best, None
    contenders = best
    for level, keys in enumerate(tiebreak_keys):
        top = max(keys[i] for i in contenders)
        narrowed = [i for i in contenders if keys[i] == top]
        if len(narrowed) < len(contenders):
            info = {"code": tiebreak_code, "params": {"tied": contenders, "level": level, "decided": narrowed}}
            if len(narrowed) == 1:
                return ranking, narrowed, info
            contenders = narrowed
    return ranking, contenders, {"code": "shared_victory", "params": {"tied": contenders}}
