"""One play's result: who sat where, the score sheet's rows and totals, ranks and winners (ties kept).

A `Result` is what the store keeps of a finished game or a saved quick score (`to_record()` is the
shape `Store.save_result` takes). It is read back as pandas frames (companion.stats.frames), never
as Result objects, so aggregation stays in pandas.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from ..core.scoring import ScoreSheet

TRACKED, QUICK, BACKFILL = "tracked", "quick", "backfill"  # where a result came from
PLAYER, AUTOMA = "player", "automa"  # a seat's role: a person, or the solo opponent (Meng)


@dataclass(frozen=True)
class Seat:
    seat: int
    name: str
    role: str
    total: float
    rank: int  # 1 = first; tied players share a rank (1, 1, 3)
    winner: bool  # shared victories: every player sharing it is a winner
    eligible: bool
    colour: str = ""


@dataclass(frozen=True)
class Row:
    """One score-sheet category: its code and one value per seat (None where the sheet shows none)."""

    code: str
    values: list[float | None]
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Result:
    id: str
    game: str  # the manifest's name ("gugong-solo" for a solo game)
    source: str
    played: float  # when it ended (seconds since the epoch)
    seats: list[Seat]
    rows: list[Row]
    game_id: str | None = None  # the stored game it came from (None: a quick score)
    started: float | None = None  # None: the stored game's creation time
    solo: bool = False
    difficulty: str | None = None
    edition: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    tags: list[str] = field(default_factory=list)  # options that differ from the default, as "key" or "key=value"
    start_seat: int | None = None  # who began, when the game tells
    extra: dict[str, Any] = field(default_factory=dict)  # the sheet's game name, tie-break and notes

    @property
    def winners(self) -> list[int]:
        return [s.seat for s in self.seats if s.winner]

    def to_record(self) -> dict[str, Any]:
        record = asdict(self)
        record["players"] = record.pop("seats")
        record["rows"] = [{"position": n, "code": r.code, "values": r.values} for n, r in enumerate(self.rows)]
        record["extra"] = {**self.extra, "row_params": [r.params for r in self.rows]}
        return record


def ranks_of(sheet: ScoreSheet) -> list[int]:
    """Competition ranks (1, 1, 3): every winner is 1st; the others by eligibility, then total.

    A tie for first that a tie-break decided leaves one winner, so the runner-up is 2nd even on
    equal points; among the others equal totals share a rank."""
    n = len(sheet.totals)
    winners = set(sheet.winners)

    def key(i: int) -> tuple[bool, float]:
        return (not sheet.eligible[i], -sheet.totals[i])

    ranks = []
    for i in range(n):
        ahead = 0 if i in winners else sum(1 for j in range(n) if j != i and (j in winners or key(j) < key(i)))
        ranks.append(1 + ahead)
    return ranks


def seats_of(sheet: ScoreSheet, people: int, colours: list[str], automa: set[int] | None = None) -> list[Seat]:
    """The sheet's seats; seats from `people` on, and those in `automa`, are the solo opponent's (Meng is seat 1
    of a solo game)."""
    ranks = ranks_of(sheet)
    opponent = automa or set()
    return [
        Seat(seat=i, name=str(name), role=PLAYER if i < people and i not in opponent else AUTOMA,
             total=float(sheet.totals[i]),
             rank=ranks[i], winner=i in sheet.winners, eligible=bool(sheet.eligible[i]),
             colour=str(colours[i]) if i < len(colours) and colours[i] else "")
        for i, name in enumerate(sheet.players)
    ]


def rows_of(sheet: ScoreSheet) -> list[Row]:
    return [Row(r.code, [None if v is None else float(v) for v in r.values], dict(r.params)) for r in sheet.rows]
