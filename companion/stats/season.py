"""What a printable season summary needs (companion/pdf draws it): per person and mode the plays,
wins and win rate, per person and game the average and best score, and each person's best plays.
Plain Python values (no pandas objects), so the printable needs no pandas."""

from __future__ import annotations

from datetime import date
from typing import Any

from . import aggregate
from .frames import Filters, Frames, apply


def season_summary(frames: Frames, start: date | None = None, end: date | None = None) -> dict[str, Any]:
    """The season from `start` to `end` (inclusive; None: open). Competitive and solo stay apart."""
    season = apply(frames, Filters(since=start, until=end))
    people = aggregate.people(season)
    overall = aggregate.overall(season).reset_index()
    games = aggregate.per_game(season).reset_index()
    # the best play: the highest score; on equal scores the one that won, then the earliest
    best = people.sort_values(["total", "winner", "played"], ascending=[False, False, True], kind="stable")
    best = best.groupby(["name", "game"], sort=False).head(1).sort_values(["name", "game"], kind="stable")
    return {
        "start": start, "end": end, "plays": len(season.results),
        "games": season.results["game"].value_counts(sort=False).to_dict(),
        "players": [
            {"name": r.name, "mode": r.mode, "plays": int(r.plays), "wins": int(r.wins),
             "shared_wins": int(r.shared_wins), "win_rate": float(r.win_rate)}
            for r in overall.itertuples(index=False)
        ],
        "per_game": [
            {"name": r.name, "mode": r.mode, "game": r.game, "plays": int(r.plays), "wins": int(r.wins),
             "average": float(r.average), "best": float(r.best)}
            for r in games.itertuples(index=False)
        ],
        "best_plays": [
            {"name": r.name, "game": r.game, "mode": r.mode, "date": r.date, "score": float(r.total),
             "rank": int(r.rank), "winner": bool(r.winner), "play": r.result_id}
            for r in best.itertuples(index=False)
        ],
    }
