"""4. Phase: Wertung and Spielende: the monthly and the final scoring, and the score sheet.

Rows follow the rulebook: actions and events during the year, the monthly scoring, the final
scoring, then the two expansions. Each row carries its values per month (`by_month`, twelve
months plus a last "final" column). Ties are broken by the person track (the disc further
ahead; on one field the disc on top: ruling D8).
"""

from __future__ import annotations

from typing import Any

from companion.core import Action, Event, ScoreRow, ScoreSheet, rank_players
from companion.core.steps import Frame

from .palaces import monk_points, symbols
from .state import CATEGORIES, FINAL_COLUMN, DragonState
from .steps import STEPS, step

RULE = "Jahr des Drachen: 4. Phase Wertung"
RULE_END = "Jahr des Drachen: Spielende"
TIEBREAK = "dragon.tiebreak.person_track"


@step("round_score", RULE)
def round_score(state: DragonState, frame: Frame, action: Action | None = None) -> list[Event]:
    """A point per palace, per fan on own court ladies, per dragon on own privileges."""
    comp = state.comp
    events = []
    for p, pl in enumerate(state.players):
        before = pl.vp
        state.add_vp(p, "palaces", len(pl.palaces) * comp.palace_point)
        state.add_vp(p, "court_ladies", symbols(state, p, "court_lady"))
        dragons = pl.small_privileges * comp.small_dragons + pl.large_privileges * comp.large_dragons
        state.add_vp(p, "privileges", dragons)
        events.append(STEPS.event("round_scored", {"player": p, "vp": pl.vp, "gained": pl.vp - before}))
    return events


def final_points(state: DragonState, p: int) -> dict[str, int]:
    """2 per person, Buddhas x floors per monk, a point per 3 yuan after selling rice and rockets."""
    comp = state.comp
    pl = state.players[p]
    money = pl.yuan + comp.sell_price * (pl.rice + pl.fireworks)
    return {
        "persons": comp.per_person * len(pl.persons()),
        "monks": monk_points(state, p),
        "money": money // comp.yuan_per_point,
    }


@step("final_score", RULE_END)
def final_score(state: DragonState, frame: Frame, action: Action | None = None) -> list[Event]:
    events = []
    for p in range(len(state.players)):
        before = state.players[p].vp
        for category, points in final_points(state, p).items():
            state.add_vp(p, category, points, FINAL_COLUMN)
        vp = state.players[p].vp  # "gained": the marker moves only when it is more than 0
        events.append(STEPS.event("final_scored", {"player": p, "vp": vp, "gained": vp - before}))
    state.over = True
    return events


# -- the score sheet -------------------------------------------------------------------------------
def sheet_for(state: DragonState) -> ScoreSheet:
    players = state.players
    rows = [
        ScoreRow(
            f"dragon.score.{c}",
            [float(sum(pl.scores[c])) for pl in players],
            {"by_month": [list(pl.scores[c]) for pl in players]},
        )
        for c in CATEGORIES
        if c not in ("wall_bonus", "wall") or state.comp.great_wall
        if c != "super_event" or state.super_mode != "none"
    ]
    totals = [float(pl.vp) for pl in players]
    eligible = [True] * len(players)
    keys = [[float(pl.track) for pl in players], [float(pl.stamp) for pl in players]]
    ranking, winners, tiebreak = rank_players(totals, eligible, keys, TIEBREAK)
    return ScoreSheet(
        "dragon",
        [pl.name for pl in players],
        rows,
        totals,
        eligible,
        ranking,
        winners,
        tiebreak,
        final=state.over,
        notes=[] if state.over else [{"code": "dragon.note.live", "text": f"Live score after month {state.month}."}],
    )


def score_details(state: DragonState) -> list[dict[str, Any]]:
    """Each category per month for each player (months so far, then the final column once over),
    with the month totals and the running total: one table per player for the score screen."""
    month = max(1, state.month)
    picks = list(range(month)) + ([FINAL_COLUMN] if state.over else [])
    columns: list[Any] = list(range(1, month + 1)) + (["final"] if state.over else [])
    rows = [row for row in sheet_for(state).rows]
    out = []
    for p, pl in enumerate(state.players):
        table = [(row.code, [pl.scores[row.code.removeprefix("dragon.score.")][c] for c in picks]) for row in rows]
        totals = [sum(col) for col in zip(*(values for _, values in table), strict=True)]
        running = [sum(totals[: i + 1]) for i in range(len(totals))]
        out.append({
            "player": p,
            "name": pl.name,
            "columns": columns,
            "rows": [{"code": code, "values": values} for code, values in table if any(values)],
            "month_total": totals,
            "running_total": running,
        })
    return out
