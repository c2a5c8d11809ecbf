"""The statistics, all in pandas (groupby and pivot over companion.stats.frames).

Rulings (docs in the report): only people count as players (the solo opponent is shown beside them,
never as a player); competitive and solo plays are two modes, never blended; a shared victory is a
win for every player sharing it; scores are compared within one game only (a Gùgōng total and a
Yinzi total are different units), so averages, bests and trends are per game; a category a sheet
does not list for a play scored 0 in it, except in a game whose sheets map onto the printed pad
(companion.stats.categories), where a category a sheet cannot know is missing.
"""

from __future__ import annotations

import pandas as pd

from ..core.errors import SetupError
from ..core.registry import manifest
from .categories import PADS
from .frames import Frames
from .result import AUTOMA, PLAYER

MIN_TREND_PLAYS = 3  # a trend needs at least three scores


def people(frames: Frames) -> pd.DataFrame:
    return frames.players[frames.players["role"] == PLAYER]


def history(frames: Frames) -> pd.DataFrame:
    """A row per play, newest first: who played (with scores), who won, options, duration."""
    seats = frames.players
    scored = (seats["name"] + " " + seats["total"].map(_number).astype(str)).groupby(seats["result_id"], sort=False)
    by_play = pd.DataFrame({
        "players": scored.agg(" · ".join), "seats": scored.size(),
        "winners": seats.loc[seats["winner"], "name"].groupby(seats["result_id"], sort=False).agg(", ".join),
    })
    by_play["winners"] = by_play["winners"].fillna("")
    res = frames.results.join(by_play, on="id")
    columns = ["id", "played", "date", "game", "sheet_game", "edition", "tags", "players", "winners", "seats",
               "duration_min", "solo", "difficulty", "source"]
    return res[columns].sort_values(["played", "id"], ascending=False, kind="stable").reset_index(drop=True)


def overall(frames: Frames) -> pd.DataFrame:
    """Per mode and person over every game: plays, wins (shared ones included), shared wins, win rate."""
    rows = people(frames).assign(shared_win=lambda p: p["winner"] & p["shared"])
    out = rows.groupby(["mode", "name"]).agg(plays=("result_id", "nunique"), wins=("winner", "sum"),
                                             shared_wins=("shared_win", "sum"), games=("game", "nunique"))
    out["win_rate"] = out["wins"] / out["plays"]
    return out.sort_values(["plays", "wins"], ascending=False).sort_index(level="mode", sort_remaining=False)


def per_game(frames: Frames) -> pd.DataFrame:
    """Per mode, game and person: plays, wins, win rate, average, best and trend (points per play)."""
    rows = people(frames)
    keys = ["mode", "game", "name"]
    out = rows.groupby(keys).agg(plays=("result_id", "nunique"), wins=("winner", "sum"), average=("total", "mean"),
                                 best=("total", "max"), last=("total", "last"))
    out["win_rate"] = out["wins"] / out["plays"]
    out["trend"] = trend(rows, keys)
    return out.sort_index()


def trend(rows: pd.DataFrame, keys: list[str]) -> pd.Series:
    """Least-squares slope of the score over the plays in order (points gained per play), per group;
    NaN with fewer than MIN_TREND_PLAYS plays."""
    ordered = rows.sort_values(["played", "result_id"], kind="stable")
    groups = ordered.groupby(keys)
    n = groups.cumcount().astype(float)
    dx = n - n.groupby([ordered[k] for k in keys]).transform("mean")
    dy = ordered["total"] - groups["total"].transform("mean")
    sums = pd.DataFrame({"xy": dx * dy, "xx": dx * dx}).groupby([ordered[k] for k in keys]).sum()
    slope = sums["xy"] / sums["xx"].where(sums["xx"] > 0)
    counts = groups.size()
    return slope.where(counts >= MIN_TREND_PLAYS)


def scores(frames: Frames, game: str) -> pd.DataFrame:
    """Every person's total in each play of `game`, in order (the trend chart)."""
    rows = people(frames)
    return rows.loc[rows["game"] == game, ["played", "name", "mode", "total", "winner"]].reset_index(drop=True)


def categories(frames: Frames, game: str) -> pd.DataFrame:
    """Average points per score-sheet category in `game`: over every person's sheet ("average") and over
    the winners' ("winners", the winners' category profile), categories in sheet order."""
    cells = frames.rows[(frames.rows["game"] == game) & (frames.rows["role"] == PLAYER)]
    if cells.empty:
        return pd.DataFrame(columns=["average", "winners", "difference"], index=pd.Index([], name="code"))
    # a sheet that omits a row scored 0 in it; a game mapped onto its pad (PADS) keeps what a sheet cannot
    # know missing (the wall in a game without it), so its averages are over the sheets that have it
    known = game in PADS or manifest_box(game) in PADS
    table = cells.pivot_table(index=["result_id", "seat"], columns="code", values="value", aggfunc="sum",
                              fill_value=None if known else 0.0)
    won = cells.groupby(["result_id", "seat"])["winner"].first().reindex(table.index).fillna(False).astype(bool)
    out = pd.DataFrame({"average": table.mean(), "winners": table[won.to_numpy()].mean()})
    out["difference"] = out["winners"] - out["average"]
    order = cells.groupby("code")["position"].min().sort_values(kind="stable")
    return out.reindex(order.index)


def solo_by_difficulty(frames: Frames) -> pd.DataFrame:
    """Solo plays per game and difficulty: plays, the person's wins and win rate, both sides' averages."""
    seats = frames.players[frames.players["solo"]]
    human = seats[seats["role"] == PLAYER].groupby(["game", "difficulty"]).agg(
        plays=("result_id", "nunique"), wins=("winner", "sum"), average=("total", "mean"), best=("total", "max"))
    automa = seats[seats["role"] == AUTOMA].groupby(["game", "difficulty"]).agg(
        automa_average=("total", "mean"), automa_wins=("winner", "sum"))
    out = human.join(automa, how="outer")
    out["win_rate"] = out["wins"] / out["plays"]
    return out


def solo_series(frames: Frames) -> pd.DataFrame:
    """Each solo play's totals, the person's and the opponent's, in order (the over-time chart)."""
    seats = frames.players[frames.players["solo"]]
    return seats[["played", "game", "difficulty", "role", "name", "total", "winner"]].reset_index(drop=True)


def manifest_box(game: str) -> str:
    try:
        return manifest(game).box
    except SetupError:
        return game


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
