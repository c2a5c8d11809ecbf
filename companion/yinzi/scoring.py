"""Final scoring exactly as the pad (RULES-Y 7): one row per pad line, tie-break by last round's order.

`pad_sheet` is shared by the tracked game (`score_state`) and the quick-score pad for an
untracked game (`companion.yinzi.commands.score_table`). A value that rests on a placeholder of the box
profile says so (core.provenance, `ScoreRow.unverified`): the boat level printed under the cylinder, the VP
printed on the foreign-market fields, the demand printed on a won infrastructure tile, the exchange rate.
What the table typed into the quick-score pad is its own: only the rate read off the box is marked there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.core import ScoreRow, ScoreSheet, rank_players
from companion.core.provenance import unverified

from . import components, exchange
from .components import BOATS, MARKET_VP, RATES, TILES
from .goods import wares_in_factories, wares_on_coast_ships
from .state import PROGRESS_AREAS, YinziState

ROWS = ("boats", "factories", "wares", "war_glory", "infrastructure", "progress", "yinzi", "misfortune")
ROW_CODE = {r: f"yinzi.row_{r}" for r in ROWS}  # score-row codes are translation keys
Marks = dict[str, list[list[str]]]  # row -> per player, the unverified facts its value rests on
FACTORY_VP = {int(k): int(v) for k, v in components.for_overrides({}).factories.vp.items()}


@dataclass
class PadEntry:
    """What one player's line of the pad needs."""

    name: str
    boat_level: int = 0
    factories: list[int] = field(default_factory=list)  # level of each own factory
    market_vp: int = 0  # printed VP of the foreign-market fields holding own wares
    ambassadors: int = 0
    wares_waiting: int = 0  # own wares still in a factory or on a coast ship
    war_4: int = 0
    war_2: int = 0
    infrastructure_vp: int = 0
    progress: dict[str, int] = field(default_factory=dict)  # discs per progress area
    silver: int = 0
    copper: int = 0
    misfortune: int = 0


def progress_points(entries: list[PadEntry]) -> list[int]:
    """Per area: most discs 2 VP; a tie for most gives each tied player 1 VP (none without discs)."""
    points = [0] * len(entries)
    for area in PROGRESS_AREAS:
        counts = [e.progress.get(area, 0) for e in entries]
        top = max(counts)
        if top == 0:
            continue
        best = [i for i, c in enumerate(counts) if c == top]
        for i in best:
            points[i] += 2 if len(best) == 1 else 1
    return points


def pad_sheet(
    game: str,
    entries: list[PadEntry],
    rate: int,
    order: list[int] | None,
    final: bool = True,
    factory_vp: dict[int, int] | None = None,
    marks: Marks | None = None,
) -> ScoreSheet:
    fvp = factory_vp or FACTORY_VP
    marks = marks or {}
    prog = progress_points(entries)
    rows = {
        "boats": [2 * e.boat_level for e in entries],
        "factories": [sum(fvp[lv] for lv in e.factories if lv > 0) for e in entries],
        "wares": [e.market_vp + e.ambassadors + e.wares_waiting for e in entries],
        "war_glory": [4 * e.war_4 + 2 * e.war_2 for e in entries],
        "infrastructure": [e.infrastructure_vp for e in entries],
        "progress": prog,
        "yinzi": [e.silver + e.copper // rate for e in entries],
        "misfortune": [-2 * e.misfortune for e in entries],
    }
    totals = [float(sum(rows[r][i] for r in ROWS)) for i in range(len(entries))]
    eligible = [True] * len(entries)
    position = order or list(range(len(entries)))
    # earlier in last round's turn order wins a tie: a higher key is better
    key = [float(-position.index(i)) for i in range(len(entries))]
    ranking, winners, tiebreak = rank_players(totals, eligible, [key], "yinzi.tiebreak_turn_order")
    leftover = [e.copper % rate for e in entries]
    notes = [
        {
            "code": "yinzi.copper_leftover",
            "params": {"rate": rate, "leftover": leftover},
            "text": f"Copper converted at {rate} per silver; leftover copper scores nothing: {leftover}",
        }
    ]
    return ScoreSheet(
        game,
        [e.name for e in entries],
        [ScoreRow(ROW_CODE[r], [float(v) for v in rows[r]], {"rate": rate} if r == "yinzi" else {},
                  marks.get(r, [])) for r in ROWS],
        totals,
        eligible,
        ranking,
        winners,
        tiebreak,
        final=final,
        notes=notes,
    )


def tile_vp(box: components.Components, won: dict[str, Any]) -> int:
    """The VP printed on a won infrastructure tile: its demand's (infra.tiles says which demand it has)."""
    demand = box.infra.tiles[won["tile"]]["demand"]
    return int(box.infra.demands[demand]["vp"])


def entries_from_state(state: YinziState) -> list[PadEntry]:
    box = components.of(state)
    vp = box.foreign_markets.vp
    out = []
    for p, pl in enumerate(state.players):
        market_vp = sum(int(vp[m]) * owners.count(p) for m, owners in state.foreign.items())
        on_ships = wares_on_coast_ships(state, p)
        in_factories = sum(f["wares"].count(p) for f in state.factories) if wares_in_factories(state, p) else 0
        progress = {a: 0 for a in PROGRESS_AREAS}
        areas = box.progress.fields
        for f, owner in state.progress.items():
            if owner == p:
                progress[next(a for a in PROGRESS_AREAS if f in areas[a])] += 1
        out.append(
            PadEntry(
                name=pl.name,
                boat_level=box.capacity(pl.boat),
                factories=[f["level"] for f in state.factories if f["owner"] == p],
                market_vp=market_vp,
                ambassadors=pl.ambassadors_abroad,
                wares_waiting=in_factories + on_ships,
                war_4=pl.war_discs["4"],
                war_2=pl.war_discs["2"],
                infrastructure_vp=sum(tile_vp(box, t) for t in pl.infra_won),
                progress=progress,
                silver=pl.silver,
                copper=pl.copper,
                misfortune=pl.misfortune,
            )
        )
    return out


def state_marks(state: YinziState, entries: list[PadEntry]) -> Marks:
    """Per row and player, the placeholders the tracked game's value rests on (none: verified or unused)."""
    profile = components.of(state).profile

    def per_player(key: str, used: list[bool]) -> list[list[str]]:
        facts = unverified(profile, [key])
        return [facts if u else [] for u in used]

    abroad = [any(p in owners for owners in state.foreign.values()) for p in range(len(entries))]
    return {
        "boats": per_player(BOATS, [True] * len(entries)),
        "wares": per_player(MARKET_VP, abroad),
        "infrastructure": per_player(TILES, [bool(pl.infra_won) for pl in state.players]),
        "yinzi": per_player(RATES, [e.copper > 0 for e in entries]),
    }


def score_state(game: str, state: YinziState, final: bool) -> ScoreSheet:
    order = state.last_order or state.order or state.prov_order or None
    fvp = {int(k): int(v) for k, v in components.of(state).factories.vp.items()}
    entries = entries_from_state(state)
    return pad_sheet(game, entries, exchange.rate(state), order, final, fvp, state_marks(state, entries))
