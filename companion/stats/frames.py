"""The stored results as pandas frames, typed and joined once, and the history filters.

`Frames.load(store)` runs the store's `read_sql` (three queries in one snapshot) and prepares:

- results: a play each (played/started as local datetimes, duration_min, solo, options, tags);
- players: a seat each, with its play's game, date, mode ("competitive" or "solo") and difficulty;
- rows:    a score-sheet cell each, with the seat's name, role and whether it won.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, tzinfo
from typing import Any

import pandas as pd

from ..storage.history import person_key
from . import categories
from .extract import DIFFICULTY
from .plain import COMPETITIVE, MAX_MINUTES, SOLO, People, parsed, tag_word
from .zone import local

UTC_FORMAT = "%Y-%m-%d %H:%M:%S"  # BG Stats' playDate (see export.py)

RESULT_COLUMNS = ["id", "owner", "game", "game_id", "source", "played", "started", "duration_min", "solo", "difficulty",
                  "edition", "options", "tags", "start_seat", "extra"]
PLAYER_COLUMNS = ["result_id", "seat", "name", "colour", "role", "total", "rank", "winner", "eligible"]
ROW_COLUMNS = ["result_id", "position", "seat", "code", "value"]


@dataclass(frozen=True)
class Filters:
    """What the history shows: games, one player's plays, a period (dates, inclusive) and option tags."""

    games: tuple[str, ...] = ()
    player: str | None = None
    since: date | None = None
    until: date | None = None
    tags: tuple[str, ...] = ()  # every one must be set ("great_wall", "super_event=random", "difficulty=hard")


@dataclass(frozen=True)
class Frames:
    results: pd.DataFrame
    players: pd.DataFrame
    rows: pd.DataFrame

    @classmethod
    def load(cls, store: Any, zone: tzinfo | None = None) -> Frames:
        """From a Store (every table) or a TableStore (its table); dates in `zone` (None: the server's)."""
        raw = store.result_frames()
        return prepare(raw["results"], raw["players"], raw["rows"], raw.get("people"), zone)

    @classmethod
    def empty(cls) -> Frames:
        return prepare(pd.DataFrame(columns=RESULT_COLUMNS), pd.DataFrame(columns=PLAYER_COLUMNS),
                       pd.DataFrame(columns=ROW_COLUMNS))

    def __len__(self) -> int:
        return len(self.results)


def _local(seconds: pd.Series, zone: tzinfo | None) -> pd.Series:
    """Epoch seconds as the table's wall-clock time (what the table saw), NaT where missing (vectorised)."""
    values = pd.to_datetime(pd.to_numeric(seconds, errors="coerce"), unit="s", utc=True)
    return values.dt.tz_convert(zone or local()).dt.tz_localize(None).astype("datetime64[us]")


def _json(column: pd.Series, empty: Any) -> pd.Series:
    return column.map(lambda text: parsed(text, empty)).astype(object)


def _results(raw: pd.DataFrame, zone: tzinfo | None) -> pd.DataFrame:
    out = raw.reindex(columns=RESULT_COLUMNS).copy()
    out["id"] = out["id"].astype(str)
    out["game"] = out["game"].astype(str)
    minutes = (pd.to_numeric(raw.get("played"), errors="coerce") - pd.to_numeric(raw.get("started"), errors="coerce"))
    minutes = (minutes / 60).round()
    out["duration_min"] = minutes.where((minutes > 0) & (minutes <= MAX_MINUTES)).astype("Int64")
    seconds = pd.to_numeric(out["played"], errors="coerce")
    out["played_utc"] = pd.to_datetime(seconds, unit="s", utc=True).dt.strftime(UTC_FORMAT)
    out["played"], out["started"] = _local(out["played"], zone), _local(out["started"], zone)
    out["solo"] = pd.to_numeric(out["solo"]).fillna(0).astype(bool)
    out["difficulty"] = out["difficulty"].fillna("").astype(str)  # "" when not a solo game
    out["edition"] = out["edition"].fillna("").astype(str)
    out["options"], out["tags"], out["extra"] = (_json(out["options"], {}), _json(out["tags"], []),
                                                 _json(out["extra"], {}))
    out["tags"] = out["tags"].map(lambda tags: [tag_word(str(t)) for t in tags])
    out["start_seat"] = pd.to_numeric(out["start_seat"], errors="coerce").astype("Int64")
    out["date"] = out["played"].dt.date
    # what the options filter matches: the options played, and a solo game's difficulty
    out["filter_tags"] = [[*tags, *([f"{DIFFICULTY}={d}"] if d else [])]
                          for tags, d in zip(out["tags"], out["difficulty"], strict=True)]
    out["sheet_game"] = [e.get("sheet_game") or g for e, g in zip(out["extra"], out["game"], strict=True)]
    return out.sort_values(["played", "id"], kind="stable").reset_index(drop=True)


def _players(raw: pd.DataFrame, results: pd.DataFrame, people: pd.DataFrame | None) -> pd.DataFrame:
    out = raw.reindex(columns=PLAYER_COLUMNS).copy()
    for col in ("seat", "rank"):
        out[col] = pd.to_numeric(out[col]).astype("int64")
    out["total"] = pd.to_numeric(out["total"]).astype(float)
    for col in ("winner", "eligible"):
        out[col] = pd.to_numeric(out[col]).fillna(0).astype(bool)
    out[["name", "colour", "role", "result_id"]] = out[["name", "colour", "role", "result_id"]].astype(str)
    play = results.set_index("id")[["owner", "game", "played", "date", "solo", "difficulty", "start_seat"]]
    out = out.join(play, on="result_id")
    out["typed"] = out["name"]
    out["person"], out["name"] = identify(out, people)
    out["mode"] = out["solo"].map({True: SOLO, False: COMPETITIVE}).astype(str)
    out["shared"] = out.groupby("result_id")["winner"].transform("sum") > 1
    out["started_game"] = out["seat"].eq(out["start_seat"]).fillna(False).astype(bool)
    return out.sort_values(["played", "result_id", "seat"], kind="stable").reset_index(drop=True)


def _rows(raw: pd.DataFrame, players: pd.DataFrame) -> pd.DataFrame:
    out = raw.reindex(columns=ROW_COLUMNS).copy()
    out["position"] = pd.to_numeric(out["position"]).astype("int64")
    out["seat"] = pd.to_numeric(out["seat"]).astype("int64")
    out["value"] = pd.to_numeric(out["value"]).astype(float)
    out[["result_id", "code"]] = out[["result_id", "code"]].astype(str)
    seats = players.set_index(["result_id", "seat"])[["name", "role", "winner", "game", "played", "mode"]]
    return out.join(seats, on=["result_id", "seat"]).reset_index(drop=True)


def identify(seats: pd.DataFrame, people: pd.DataFrame | None) -> tuple[pd.Series, pd.Series]:
    """Each seat's person (an id: table and key) and the name shown for them: spellings of one name are one
    person, a merged person counts as the one they were merged into. The solo opponent stays as typed."""
    who = People([] if people is None else people[["owner", "key", "name", "merged_into"]].itertuples(index=False))
    found = {k: who.of(*k) for k in set(zip(seats["owner"].astype(str), seats["typed"], seats["role"], strict=True))}
    pairs = [found[k] for k in zip(seats["owner"].astype(str), seats["typed"], seats["role"], strict=True)]
    return (pd.Series([p[0] for p in pairs], index=seats.index, dtype=object),
            pd.Series([p[1] for p in pairs], index=seats.index, dtype=object))


def prepare(results: pd.DataFrame, players: pd.DataFrame, rows: pd.DataFrame, people: pd.DataFrame | None = None,
            zone: tzinfo | None = None) -> Frames:
    res = _results(results, zone)
    seats = _players(players, res, people)
    return Frames(res, seats, categories.pad_rows(_rows(rows, seats), res))


def apply(frames: Frames, filters: Filters) -> Frames:
    """The plays the filters keep, with their seats and cells."""
    if filters == Filters():
        return frames
    res = frames.results
    keep = pd.Series(True, index=res.index)
    if filters.games:
        keep &= res["game"].isin(filters.games)
    if filters.since is not None:
        keep &= res["date"] >= filters.since
    if filters.until is not None:
        keep &= res["date"] <= filters.until
    if filters.tags:
        wanted = set(filters.tags)
        keep &= res["filter_tags"].map(lambda tags: wanted <= set(tags)).astype(bool)
    if filters.player:
        wanted = person_key(filters.player)
        seats = frames.players
        played = seats.loc[seats["name"].map(person_key).eq(wanted) | seats["typed"].map(person_key).eq(wanted),
                           "result_id"]
        keep &= res["id"].isin(played)
    ids = res.loc[keep, "id"]
    return replace(frames, results=res[keep].reset_index(drop=True),
                   players=frames.players[frames.players["result_id"].isin(ids)].reset_index(drop=True),
                   rows=frames.rows[frames.rows["result_id"].isin(ids)].reset_index(drop=True))


def choices(frames: Frames) -> dict[str, Any]:
    """What the filter widgets offer: the games, people and tags that occur, and the period covered."""
    res, people = frames.results, frames.players
    humans = people.loc[people["role"] == "player", "name"]
    return {
        "games": list(dict.fromkeys(res["game"])),
        "players": sorted(humans.unique(), key=str.casefold),
        "tags": sorted({t for tags in res["filter_tags"] for t in tags}),
        "tag_games": {t: g for g, tags in zip(res["game"], res["filter_tags"], strict=True) for t in tags},
        "first": res["date"].min() if len(res) else None,
        "last": res["date"].max() if len(res) else None,
    }


def only(frames: Frames, ids: tuple[str, ...] | list[str]) -> Frames:
    """The plays `ids` (a page of the history), with their seats and cells, in the frames' order."""
    wanted = frames.results["id"].isin(ids)
    return replace(frames, results=frames.results[wanted].reset_index(drop=True),
                   players=frames.players[frames.players["result_id"].isin(ids)].reset_index(drop=True),
                   rows=frames.rows[frames.rows["result_id"].isin(ids)].reset_index(drop=True))
