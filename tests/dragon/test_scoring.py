"""4. Phase: Wertung and Spielende: the monthly scoring, the final scoring, the tie-break, the end table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.core.errors import CompanionError
from companion.dragon.end_table import score_table
from companion.dragon.engine import GAME

from .scenario import run, scenario

DATA = Path(__file__).parent / "data"
Y, O = "young", "old"


def t(kind: str, age: str = Y) -> str:
    return f"{kind}:{age}"


def test_round_scoring_anna_three_palaces_two_ladies_large_privilege():
    """4. Phase, Wertung, Beispiel: Anna has three palaces (among them two court ladies) and a large privilege:
    3+2+2 = 7."""
    s = scenario(
        {"Anna": [(2, [t("court_lady"), t("court_lady")]), (2, [t("farmer")]), (1, [t("monk")])]},
        players=["Anna", "Benno"],
    )
    s.players[0].large_privileges = 1
    run(s, {"k": "round_score"})
    assert s.players[0].vp == 7
    assert s.players[0].scores["palaces"][2] == 3 and s.players[0].scores["court_ladies"][2] == 2
    assert s.players[0].scores["privileges"][2] == 2


def test_final_scoring_benno_25():
    """Spielende, Beispiel: Benno has seven persons (a younger monk in a two-floor and an older monk in a three-floor
    palace), one rice, two rockets and 4 yuan: 14 + 8 (1x2 + 2x3) + 3 (10 yuan : 3) = 25."""
    s = scenario(
        {
            "Benno": [
                (2, [t("monk"), t("farmer", O)]),
                (3, [t("monk", O), t("healer", O), t("scholar", O)]),
                (2, [t("warrior", O), t("pyrotechnist", O)]),
            ]
        },
        players=["Anna", "Benno"],
        month=12,
    )
    b = s.players[1]
    b.rice, b.fireworks, b.yuan = 1, 2, 4
    run(s, {"k": "final_score"})
    assert b.vp == 25 and s.over and GAME.decision(s) is None
    sheet = GAME.score(s)
    assert sheet.row("dragon.score.persons").values[1] == 14
    assert sheet.row("dragon.score.monks").values[1] == 8
    assert sheet.row("dragon.score.money").values[1] == 3


def test_tie_break_by_person_track_then_disc_on_top():
    """Spielende: on equal VP the disc further ahead on the person track wins; on one field the top disc (D8)."""
    s = scenario({}, players=["A", "B", "C"])
    for pl, vp, track in zip(s.players, (40, 40, 30), (20, 25, 50), strict=True):
        pl.vp, pl.track = vp, track
        pl.scores["research"][0] = vp
    sheet = GAME.score(s)
    assert sheet.winners == [1] and sheet.tiebreak["code"] == "dragon.tiebreak.person_track"
    s.players[0].track = 25
    s.advance(0, 0)
    s.players[0].stamp = 99
    assert GAME.score(s).winners == [0]


# -- a game played without the app: the end-of-game table -----------------------------------------------
def test_score_table_benno_final_25(capsys):
    """Spielende, Beispiel (Benno: 14 + 8 + 3 = 25) through `python -m companion score dragon FILE --json`."""
    assert main(["score", "dragon", str(DATA / "benno_end_table.json"), "--json"]) == 0
    sheet = json.loads(capsys.readouterr().out)
    assert sheet["totals"] == [88, 97] and sheet["winners"] == [1]
    rows = {r["code"]: r["values"] for r in sheet["rows"]}
    assert rows["dragon.table.persons"][1] == 14 and rows["dragon.table.monks"][1] == 8
    assert rows["dragon.table.money"][1] == 3


def test_score_table_tie_break_and_wall():
    data = json.loads((DATA / "benno_end_table.json").read_text(encoding="utf-8"))
    data["players"][0]["vp"] = 89  # 89 + 8 persons = 97, as Benno's 72 + 25
    data["great_wall"] = {"complete": True}
    data["players"][0]["wall_pieces"] = 0
    data["players"][1]["wall_pieces"] = 0
    sheet = score_table(data)
    assert sheet.totals == [97, 97] and sheet.winners == [1]  # Benno's disc is further ahead (60 > 52)
    assert sheet.tiebreak["code"] == "dragon.tiebreak.person_track"


@pytest.mark.parametrize(
    ("patch", "where"),
    [
        (lambda d: d["players"][0].pop("yuan"), "players[0] (Anna)"),
        (lambda d: d["players"][1]["palaces"][0].update(floors=4), "players[1] (Benno).palaces[0].floors"),
        (lambda d: d["players"][1]["palaces"][0]["persons"].append("dragon:young"),
         "players[1] (Benno).palaces[0].persons[2]"),
    ],
)
def test_score_table_refuses_bad_files_with_the_place(patch, where, tmp_path, capsys):
    data = json.loads((DATA / "benno_end_table.json").read_text(encoding="utf-8"))
    patch(data)
    path = tmp_path / "table.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["score", "dragon", str(path)]) == 2
    assert where in capsys.readouterr().err


def test_score_table_overfull_palace(tmp_path, capsys):
    data = json.loads((DATA / "benno_end_table.json").read_text(encoding="utf-8"))
    data["players"][1]["palaces"][0]["floors"] = 1
    path = tmp_path / "table.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["score", "dragon", str(path)]) == 2
    assert "cannot hold 2 persons" in capsys.readouterr().err


def _tied_on_one_field() -> dict:
    """Anna and Benno both at 97 VP, both person discs on field 60."""
    data = json.loads((DATA / "benno_end_table.json").read_text(encoding="utf-8"))
    data["players"][0]["vp"] = 89
    data["players"][0]["person_points"] = 60
    return data


def test_score_table_discs_on_one_field_need_their_height(tmp_path, capsys):
    """D 128: a disc that lands on another's is laid „einfach obenauf“, so two discs on one field always lie one
    on the other, and D 488 gives the victory to the disc further ahead (ruling D8: the upper one). A table with
    two discs on one field and no `disc_height` cannot say who won: refused, not a shared victory (issue 14,
    point 17)."""
    data = _tied_on_one_field()
    with pytest.raises(CompanionError) as err:
        score_table(data)
    assert err.value.code == "table_invalid.discs_stacked"
    assert "Anna" in str(err.value) and "Benno" in str(err.value) and "60" in str(err.value)
    data["players"][0]["disc_height"] = 1
    data["players"][1]["disc_height"] = 1  # two discs cannot both lie at the bottom
    with pytest.raises(CompanionError):
        score_table(data)
    path = tmp_path / "table.json"
    path.write_text(json.dumps(_tied_on_one_field()), encoding="utf-8")
    assert main(["score", "dragon", str(path)]) == 2
    assert "disc_height" in capsys.readouterr().err


def test_score_table_discs_on_one_field_the_upper_disc_wins():
    """D 488 with ruling D8: on one field the disc on top is further ahead; Anna's disc lies on Benno's."""
    data = _tied_on_one_field()
    data["players"][0]["disc_height"] = 2
    data["players"][1]["disc_height"] = 1
    sheet = score_table(data)
    assert sheet.totals == [97, 97] and sheet.winners == [0]
    data["players"][0]["disc_height"], data["players"][1]["disc_height"] = 1, 2
    assert score_table(data).winners == [1]


def test_score_table_a_lone_disc_needs_no_height():
    """Only discs sharing a field are stacked: a table without `disc_height` where no discs share a field scores."""
    data = json.loads((DATA / "benno_end_table.json").read_text(encoding="utf-8"))
    assert score_table(data).winners == [1]


def test_end_table_asks_disc_height_only_when_totals_tie():
    """Issue 26 point 9, D 488 (Spielende: „Bei Gleichstand gewinnt von diesen Spielern derjenige, dessen Scheibe auf
    der Personenpunkteleiste weiter vorne liegt“): the disc height decides only between equal totals. Two discs on
    one field of players with different totals score without `disc_height`."""
    data = _tied_on_one_field()
    data["players"][0]["vp"] = 80  # Anna 88, Benno 97: both discs on field 60, no tie to break
    sheet = score_table(data)
    assert sheet.totals == [88, 97] and sheet.winners == [1]
    data["players"][0]["vp"] = 89  # the totals tie again: now the heights are needed
    with pytest.raises(CompanionError) as err:
        score_table(data)
    assert err.value.code == "table_invalid.discs_stacked"
