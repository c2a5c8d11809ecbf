"""Exports: CSV for spreadsheets, a BG Stats link per play, and a .bgsplay file for several plays.

CSV: one row per seat of each play (history) and one per score-sheet cell (rows); German and Dutch
files use ";" and a decimal comma, English "," and a point; all are UTF-8 with a byte-order mark so
a spreadsheet opens them with the right characters (Gùgōng).

BG Stats (https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/):
`createPlay.html?data=<URL-encoded JSON>` with sourceName, sourcePlayId (stable: re-exporting a play
updates it), playDate ("yyyy-MM-dd HH:mm:ss" in UTC: docs/decisions.md says why), location (the table's
name, when set), durationMin, game {name, bggId (a number), sourceGameId, highestWins, noPoints}, players
[{name, sourcePlayerId (the statistics' person), score, rank, winner, startPlayer, role}] and comments.
The solo opponent is a seat with role "Meng" (its name), the solo difficulty goes into comments. The
.bgsplay file is BG Stats' own import format (players, games, locations, plays and userInfo, linked by
ids), with uuids derived from the same stable ids; "me" is whom the exporting person chooses.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from functools import lru_cache
from types import SimpleNamespace
from typing import Any
from urllib.parse import quote

import pandas as pd

from ..core.errors import SetupError
from ..core.registry import manifest
from ..i18n import t
from ..storage.history import person_key
from . import words
from .box import bgg_id
from .extract import DEFAULT_EDITION
from .frames import Frames
from .result import AUTOMA

SEPARATOR = {"en": ",", "de": ";", "nl": ";"}
DECIMAL = {"en": ".", "de": ",", "nl": ","}
SOURCE_NAME = "Companion"
CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html"
NAMESPACE = uuid.UUID("8a1f5b52-5c1e-4c43-9d2b-5f3c0c6b7e21")  # uuids in .bgsplay files: stable per id
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet may read as a formula (OWASP)


# -- CSV ---------------------------------------------------------------------------------------------
def neutral(value: object) -> object:
    """A text cell a spreadsheet could run as a formula, with OWASP's leading apostrophe (shown as text)."""
    return f"'{value}" if isinstance(value, str) and value.startswith(FORMULA_START) else value


def csv_bytes(frame: pd.DataFrame, lang: str) -> bytes:
    """The frame as a CSV file; every text cell (headers too) that could start a formula is neutralised,
    numbers stay numbers (a negative score is a number, not text)."""
    safe = frame.copy()
    for column in safe.columns:
        if not pd.api.types.is_numeric_dtype(safe[column]) and not pd.api.types.is_bool_dtype(safe[column]):
            safe[column] = safe[column].map(neutral)
    safe.columns = [neutral(str(c)) for c in safe.columns]
    text = safe.to_csv(index=False, sep=SEPARATOR.get(lang, ","), decimal=DECIMAL.get(lang, "."),
                       lineterminator="\r\n")
    return text.encode("utf-8-sig")


def _headers(frame: pd.DataFrame, lang: str) -> pd.DataFrame:
    return frame.rename(columns={c: t(f"stats.csv.{c}", lang) for c in frame.columns})


def _points(values: pd.Series) -> pd.Series:
    """Whole points as whole numbers (no "12,0" in a spreadsheet); halves stay decimals."""
    whole = values.dropna()
    return values.astype("Int64") if (whole == whole.round()).all() else values


def history_table(frames: Frames, lang: str) -> pd.DataFrame:
    """The history for a spreadsheet: a row per seat of each play, oldest first."""
    res = frames.results.set_index("id")
    seats = frames.players
    out = pd.DataFrame({
        "play": seats["result_id"],
        "date": seats["played"].dt.strftime("%Y-%m-%d %H:%M"),
        "game": seats["game"].map(lambda g: words.game_name(g, lang)),
        "edition": seats["result_id"].map(res["edition"]).replace(DEFAULT_EDITION, ""),
        "options": [words.tags_text(g, res.at[r, "tags"], lang) for g, r in zip(seats["game"], seats["result_id"],
                                                                                strict=True)],
        "difficulty": seats["difficulty"].map(lambda d: words.difficulty_text(d, lang)),
        "player": seats["name"], "seat": seats["seat"] + 1, "colour": seats["colour"],
        "role": seats["role"].map(lambda r: t(f"stats.role.{r}", lang)),
        "score": _points(seats["total"]), "rank": seats["rank"], "winner": seats["winner"].astype(int),
        "duration_min": seats["result_id"].map(res["duration_min"]),
        "source": seats["result_id"].map(res["source"]).map(lambda s: t(f"stats.source.{s}", lang)),
    })
    return _headers(out, lang)


def rows_table(frames: Frames, lang: str) -> pd.DataFrame:
    """Every score-sheet cell: play, date, game, player, category (words and code), points."""
    cells = frames.rows.sort_values(["played", "result_id", "seat", "position"], kind="stable")
    sheet_game = cells["result_id"].map(frames.results.set_index("id")["sheet_game"])
    labels = {(g, c): words.category(g, c, lang) for g, c in set(zip(sheet_game, cells["code"], strict=True))}
    out = pd.DataFrame({
        "play": cells["result_id"], "date": cells["played"].dt.strftime("%Y-%m-%d %H:%M"),
        "game": cells["game"].map(lambda g: words.game_name(g, lang)), "player": cells["name"],
        "seat": cells["seat"] + 1, "role": cells["role"].map(lambda r: t(f"stats.role.{r}", lang)),
        "category": [labels[k] for k in zip(sheet_game, cells["code"], strict=True)], "code": cells["code"],
        "points": _points(cells["value"]),
    })
    return _headers(out, lang)


# -- BG Stats ----------------------------------------------------------------------------------------
def _box_edition(game: str, edition: str) -> tuple[str, str]:
    try:
        return manifest(game).box, edition
    except SetupError:
        return game, edition


@lru_cache(maxsize=4096)
def player_id(person: str) -> str:
    """The same person in every play: a digest of the statistics' person (their table and name key, merges
    followed), so BG Stats counts people as the statistics do."""
    return "companion:player:" + hashlib.sha256(person.encode()).hexdigest()[:16]


def _score(value: float) -> int | float:
    return int(value) if float(value).is_integer() else float(value)


def _seat(row: dict[str, Any]) -> dict[str, Any]:
    name, automa = row["name"], row["role"] == AUTOMA
    return {
        "name": name,
        "sourcePlayerId": f"companion:{row['game']}:{name.casefold()}" if automa else player_id(row["person"]),
        "score": _score(row["total"]), "rank": int(row["rank"]), "winner": bool(row["winner"]),
        "startPlayer": bool(row["started_game"]), "role": name if automa else "",
    }


def records(frame: pd.DataFrame, columns: list[str]) -> list[dict[str, Any]]:
    """The rows as plain dicts, a column at a time (to_dict("records") boxes every text cell: 5 times slower)."""
    values = [frame[c].tolist() for c in columns]
    return [dict(zip(columns, row, strict=True)) for row in zip(*values, strict=True)]


def _seats_by_play(frames: Frames) -> dict[str, list[dict[str, Any]]]:
    seats: dict[str, list[dict[str, Any]]] = {}
    columns = ["result_id", "name", "person", "role", "game", "total", "rank", "winner", "started_game"]
    for row in records(frames.players, columns):
        seats.setdefault(row["result_id"], []).append(_seat(row))
    return seats


def plays(frames: Frames, lang: str, overrides: dict[str, dict[str, Any]] | None = None,
          location: str = "") -> list[dict[str, Any]]:
    """Every play of `frames` in BG Stats' push format, oldest first. `overrides`: box -> the table's box check;
    `location`: where the table plays (its name), when known."""
    seats = _seats_by_play(frames)
    games: dict[tuple[str, str], dict[str, Any]] = {}  # made once per game and edition, not per play
    comments: dict[tuple[str, tuple[str, ...], str], str] = {}
    out = []
    columns = ["id", "game", "edition", "played_utc", "duration_min", "tags", "difficulty"]
    for res in (SimpleNamespace(**r) for r in records(frames.results, columns)):
        if (res.game, res.edition) not in games:
            games[res.game, res.edition] = _game(res.game, res.edition, lang, overrides)
        said = (res.game, tuple(res.tags), res.difficulty)
        if said not in comments:
            comments[said] = words.comments(res.game, list(res.tags), res.difficulty, lang)
        play: dict[str, Any] = {
            "sourceName": SOURCE_NAME, "sourcePlayId": f"companion:{res.id}",
            "playDate": res.played_utc,
        }
        if location:
            play["location"] = location
        if not pd.isna(res.duration_min):
            play["durationMin"] = int(res.duration_min)
        play["game"] = dict(games[res.game, res.edition])
        play["players"] = seats[res.id]
        if comments[said]:
            play["comments"] = comments[said]
        out.append(play)
    return out


def _game(game: str, edition: str, lang: str, overrides: dict[str, dict[str, Any]] | None) -> dict[str, Any]:
    """A play's game in BG Stats' terms: the box's name, its BGG id when known, a stable id per box and edition."""
    box, edition = _box_edition(game, edition)
    found: dict[str, Any] = {"name": words.box_name(game, lang)}
    bgg = bgg_id(box, edition, (overrides or {}).get(box))
    if bgg is not None:
        found["bggId"] = bgg
    found.update({"sourceGameId": f"companion:{box}" + ("" if edition == DEFAULT_EDITION else f":{edition}"),
                  "highestWins": True, "noPoints": False})
    return found


def link(play: dict[str, Any]) -> str:
    data = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return f"{CREATE_PLAY}?data={quote(data, safe='')}"


def _uuid(text: str) -> str:
    return str(uuid.uuid5(NAMESPACE, text)).upper()


def _location(pushed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    names = list(dict.fromkeys(p["location"] for p in pushed if p.get("location")))
    return [{"id": n + 1, "uuid": _uuid(f"companion:location:{name}"), "name": name, "modificationDate":
             next(p["playDate"] for p in pushed if p.get("location") == name)} for n, name in enumerate(names)]


def _play(play: dict[str, Any], game: dict[str, Any], scores: list[dict[str, Any]],
          places: dict[str, int]) -> dict[str, Any]:
    out = {"uuid": _uuid(play["sourcePlayId"]), "playDate": play["playDate"], "entryDate": play["playDate"],
           "modificationDate": play["playDate"], "durationMin": play.get("durationMin", 0), "gameRefId": game["id"],
           "usesTeams": False, "ignored": False, "manualWinner": False, "rounds": 0, "board": "",
           "comments": play.get("comments", ""), "playerScores": scores, "expansionPlays": []}
    if play.get("location"):
        out["locationRefId"] = places[play["location"]]
    return out


def bgsplay(pushed: list[dict[str, Any]], me: str | None = None) -> dict[str, Any]:
    """Several plays as one BG Stats import file (its own format: players, games, locations and plays linked
    by ids). `me`: the person exporting (a name, any spelling of it), BG Stats' "me"; None: nobody is."""
    people: dict[str, dict[str, Any]] = {}
    games: dict[str, dict[str, Any]] = {}
    locations = _location(pushed)
    places = {loc["name"]: loc["id"] for loc in locations}
    out_plays = []
    for play in pushed:
        g = play["game"]
        game = games.setdefault(g["sourceGameId"], {
            "id": len(games) + 1, "uuid": _uuid(g["sourceGameId"]), "name": g["name"], "bggId": g.get("bggId", 0),
            "highestWins": g["highestWins"], "noPoints": g["noPoints"], "cooperative": False, "usesTeams": False,
            "modificationDate": play["playDate"]})
        scores = []
        for order, p in enumerate(play["players"]):
            person = people.setdefault(p["sourcePlayerId"], {
                "id": len(people) + 1, "uuid": _uuid(p["sourcePlayerId"]), "name": p["name"], "isAnonymous": False,
                "modificationDate": play["playDate"], "metaData": {"isNpc": int(bool(p["role"]))}})
            scores.append({"playerRefId": person["id"], "score": str(p["score"]), "winner": p["winner"],
                           "newPlayer": False, "startPlayer": p["startPlayer"], "rank": p["rank"],
                           "role": p["role"], "seatOrder": order})
        out_plays.append(_play(play, game, scores, places))
    everyone = list(people.values())
    wanted = person_key(me) if me else None
    mine = next((p["id"] for p in everyone if wanted and person_key(p["name"]) == wanted
                 and not p["metaData"]["isNpc"]), None)
    return {"about": "Plays exported by Companion: open this file with BG Stats to import them.",
            "players": everyone, "locations": locations, "games": list(games.values()), "plays": out_plays,
            "userInfo": {"meRefId": mine} if mine else {}}


def bgsplay_bytes(pushed: list[dict[str, Any]], me: str | None = None) -> bytes:
    return json.dumps(bgsplay(pushed, me), ensure_ascii=False, indent=1).encode("utf-8")


def read_bgsplay(data: bytes | str) -> list[dict[str, Any]]:
    """The plays of a .bgsplay file, in the push format's terms (name, score, rank, winner per seat)."""
    doc = json.loads(data)
    people = {p["id"]: p for p in doc.get("players", [])}
    games = {g["id"]: g for g in doc.get("games", [])}
    out = []
    for play in doc.get("plays", []):
        game = games[play["gameRefId"]]
        out.append({
            "uuid": play["uuid"], "playDate": play["playDate"], "durationMin": play["durationMin"],
            "comments": play.get("comments", ""),
            "game": {"name": game["name"], "bggId": game["bggId"], "highestWins": game["highestWins"],
                     "noPoints": game["noPoints"]},
            "players": [{"name": people[s["playerRefId"]]["name"], "score": float(s["score"]), "rank": s["rank"],
                         "winner": s["winner"], "startPlayer": s["startPlayer"], "role": s["role"]}
                        for s in sorted(play["playerScores"], key=lambda s: s["seatOrder"])],
        })
    return out
