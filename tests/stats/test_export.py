"""Exports: BG Stats plays field by field against the documented format (types included), the link,
the .bgsplay file through json and back, and the CSV files per language (separator, decimals, BOM).

The documented push format (https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/):
sourceName, sourcePlayId, playDate "yyyy-MM-dd HH:mm:ss", location, durationMin, comments, game {name, bggId (a number),
sourceGameId, highestWins, noPoints}, players [{name, sourcePlayerId, score, rank, winner, startPlayer, role}].
"""

from __future__ import annotations

import io
import json
import re
from urllib.parse import parse_qs, urlsplit

import pandas as pd
import pytest

from companion.stats import export

PLAY = {"sourceName": str, "sourcePlayId": str, "playDate": str, "durationMin": int, "game": dict, "players": list,
        "comments": str, "location": str}
OPTIONAL = {"durationMin", "comments", "location"}
GAME = {"name": str, "bggId": int, "sourceGameId": str, "highestWins": bool, "noPoints": bool}
PLAYER = {"name": str, "sourcePlayerId": str, "score": (int, float), "rank": int, "winner": bool, "startPlayer": bool,
          "role": str}


def _typed(value, kind) -> bool:
    return isinstance(value, kind) and not (kind in (int, (int, float)) and isinstance(value, bool))


def _check(obj: dict, fields: dict, optional: set[str] = frozenset()) -> None:
    assert set(obj) <= set(fields), set(obj) - set(fields)  # nothing undocumented
    assert set(fields) - optional <= set(obj), set(fields) - optional - set(obj)
    for key, value in obj.items():
        assert _typed(value, fields[key]), (key, value)


@pytest.fixture
def plays(frames30):
    return {p["sourcePlayId"]: p for p in export.plays(frames30, "en")}


def test_every_play_has_exactly_the_documented_fields_and_types(plays):
    assert len(plays) == 30
    for play in plays.values():
        _check(play, PLAY, OPTIONAL)
        _check(play["game"], GAME, {"bggId"})
        for seat in play["players"]:
            _check(seat, PLAYER)
        assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"])
        assert play["game"]["highestWins"] is True and play["game"]["noPoints"] is False


def test_a_competitive_play_field_by_field(plays):
    play = plays["companion:r-10"]
    assert play["sourceName"] == "Companion" and play["playDate"] == "2026-01-10 20:00:00"
    assert play["durationMin"] == 90 and "comments" not in play
    assert play["game"] == {"name": "Gùgōng", "bggId": 250458, "sourceGameId": "companion:gugong",
                            "highestWins": True, "noPoints": False}
    anna, ben, cleo = play["players"]
    assert (anna["name"], anna["score"], anna["rank"], anna["winner"], anna["role"]) == ("Anna", 50, 1, True, "")
    assert (ben["rank"], ben["winner"], cleo["rank"], cleo["winner"]) == (1, True, 3, False)  # a shared victory
    assert not any(p["startPlayer"] for p in play["players"])  # the fixture's games do not say who began
    first = plays["companion:r-01"]["players"][0]
    assert anna["sourcePlayerId"] == first["sourcePlayerId"] != ben["sourcePlayerId"]  # one person, every play


def test_meng_is_a_seat_with_role_meng_and_the_difficulty_is_in_the_comments(plays):
    play = plays["companion:r-29"]
    anna, meng = play["players"]
    assert (meng["name"], meng["role"], meng["score"], meng["winner"], meng["startPlayer"]) == ("Meng", "Meng", 85,
                                                                                              True, True)
    assert anna["role"] == "" and anna["rank"] == 2 and not anna["startPlayer"]
    assert play["comments"] == "Meng's difficulty: hard" and play["durationMin"] == 45
    assert play["game"]["sourceGameId"] == "companion:gugong"  # a solo Gùgōng is a play of Gùgōng on BGG


def test_options_edition_and_the_owners_bgg_id(frames30):
    play = next(p for p in export.plays(frames30, "de") if p["sourcePlayId"] == "companion:r-13")
    assert play["comments"] == "Optionen: Die chinesische Mauer"
    assert play["game"]["bggId"] == 214000 and play["game"]["name"] == "Im Jahr des Drachen"
    corrected = export.plays(frames30, "en", {"dragon": {"bgg.id": {"2017": 12345, "2007": 31594}}})
    assert next(p for p in corrected if p["sourcePlayId"] == "companion:r-13")["game"]["bggId"] == 12345
    unknown = export.plays(frames30, "en", {"gugong": {"bgg.id": 0}})
    assert "bggId" not in next(p for p in unknown if p["sourcePlayId"] == "companion:r-01")["game"]



@pytest.mark.parametrize("box", ["gugong", "dragon", "yinzi"])
def test_the_bgg_id_read_from_its_own_file_is_the_profiles(box):
    from companion.core.profile import load_default
    from companion.stats import box as facts

    shipped = load_default(box).value(facts.BGG_FACT)
    editions = list(shipped) if isinstance(shipped, dict) else ["default"]
    for edition in editions:
        assert facts.bgg_id(box, edition) == facts.bgg_id(box, edition, {"bgg.id": shipped})
    assert (facts.bgg_id(box, editions[0]) is None) == (box == "yinzi")  # Yinzi: 0, no id known
    assert facts.bgg_id("../gugong", "default") is None  # a stored game name is never a path

def test_the_link_carries_the_play_and_is_stable(frames30, plays):
    link = export.link(plays["companion:r-29"])
    parts = urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == "https://app.bgstatsapp.com/createPlay.html"
    assert json.loads(parse_qs(parts.query)["data"][0]) == plays["companion:r-29"]
    again = {p["sourcePlayId"]: p for p in export.plays(frames30, "en")}
    assert export.link(again["companion:r-29"]) == link  # exporting again updates the same play in BG Stats


def test_bgsplay_round_trip_through_json(plays):
    pushed = list(plays.values())
    data = export.bgsplay_bytes(pushed, me="Anna")
    doc = json.loads(data.decode("utf-8"))
    assert set(doc) == {"about", "players", "locations", "games", "plays", "userInfo"}
    people = {p["id"]: p for p in doc["players"]}
    assert people[doc["userInfo"]["meRefId"]]["name"] == "Anna"
    assert {p["name"] for p in doc["players"]} == {"Anna", "Ben", "Cleo", "Dirk", "Meng"}
    assert next(p for p in doc["players"] if p["name"] == "Meng")["metaData"] == {"isNpc": 1}
    assert len(doc["games"]) == 2 and len(doc["plays"]) == 30  # Gùgōng (solo too) and the Dragon
    back = export.read_bgsplay(data)
    for original, read in zip(pushed, back, strict=True):
        assert read["playDate"] == original["playDate"] and read["comments"] == original.get("comments", "")
        assert read["durationMin"] == original.get("durationMin", 0)
        assert read["game"]["name"] == original["game"]["name"]
        assert read["game"]["bggId"] == original["game"].get("bggId", 0)
        assert [{k: p[k] for k in ("name", "score", "rank", "winner", "startPlayer", "role")}
                for p in original["players"]] == read["players"]
    assert len({p["uuid"] for p in doc["plays"]}) == 30
    assert export.bgsplay_bytes(pushed, me="Anna") == data  # stable: importing again updates


@pytest.mark.parametrize(("lang", "sep", "decimal"), [("en", ",", "."), ("de", ";", ","), ("nl", ";", ",")])
def test_csv_opens_with_pandas_in_the_languages_format(frames30, lang, sep, decimal):
    data = export.csv_bytes(export.history_table(frames30, lang), lang)
    assert data.startswith(b"\xef\xbb\xbf")  # UTF-8 with BOM: a spreadsheet shows Gùgōng right
    table = pd.read_csv(io.BytesIO(data), sep=sep, decimal=decimal, encoding="utf-8-sig")
    assert len(table) == 12 * 3 + 10 * 3 + 8 * 2 and len(table.columns) == 15
    scores = table.iloc[:, 10]
    anna_and_meng = 580 + 580
    assert scores.dtype.kind in "if" and scores.sum() == 12 * (46.5 + 50 + 45) + 10 * (41 + 40 + 35) + anna_and_meng
    assert set(table.iloc[:, 2]) >= {"Gùgōng"}
    if lang != "en":
        assert b";" in data.split(b"\r\n")[0] and b"," not in data.split(b"\r\n")[0]


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_every_score_sheet_cell_as_csv(frames30, lang):
    data = export.csv_bytes(export.rows_table(frames30, lang), lang)
    table = pd.read_csv(io.BytesIO(data), sep=export.SEPARATOR[lang], decimal=export.DECIMAL[lang],
                        encoding="utf-8-sig")
    assert len(table) == len(frames30.rows)
    assert table.iloc[:, -1].sum() == frames30.rows["value"].sum()
    assert "gugong_score.row.jade" in set(table.iloc[:, 7]) and "Jade" in set(table.iloc[:, 6])


def test_halves_keep_their_decimal_comma():
    frame = pd.DataFrame({"points": pd.Series([1.5, 2.0])})
    assert export.csv_bytes(export._points(frame["points"]).to_frame(), "de").decode("utf-8-sig").split() == [
        "points", "1,5", "2,0"]
    assert export.csv_bytes(export._points(pd.Series([1.0, 2.0])).to_frame(), "de").decode("utf-8-sig").split()[1:] \
        == ["1", "2"]
