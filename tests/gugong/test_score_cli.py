"""`python -m companion score gugong FILE [--json]` through companion.cli.main (issue 7, section 5)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from companion.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "gugong-end-table-example.json"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, data) -> str:
    path = tmp_path / "table.json"
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return str(path)


def test_score_prints_breakdown_eligibility_and_winner(capsys):
    code, out, err = run(capsys, "score", "gugong", str(EXAMPLE))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].split() == ["Anna", "Lisa", "Sebastian", "David"]
    # Row labels are translated (English in the terminal), values aligned per player.
    assert lines[1].split() == ["VP", "during", "the", "game", "38", "41", "24", "52"]
    assert lines[2].split() == ["Incomplete", "Great", "Wall", "0", "0", "3", "0"]
    assert lines[3].split()[-4:] == ["10", "0", "9", "0"] and lines[3].startswith("Decree: 1 VP per 3 VP")
    assert ["Jade", "19", "6", "3", "10"] in [ln.split() for ln in lines]
    assert ["TOTAL", "82", "60", "50", "0"] in [ln.split() for ln in lines]
    assert ["eligible", "yes", "yes", "yes", "NO"] in [ln.split() for ln in lines]
    assert "Winner: Anna" in lines
    assert "Note: David's envoy did not reach the palace: the 62 VP are struck, final score 0, cannot win." in lines
    assert "Note: Incomplete wall: Sebastian's envoy reaches the palace and takes arrival space 3." in lines


def test_score_json(capsys):
    code, out, _ = run(capsys, "score", "gugong", str(EXAMPLE), "--json")
    assert code == 0
    sheet = json.loads(out)
    assert sheet["game"] == "gugong"
    assert sheet["totals"] == [82, 60, 50, 0]
    assert sheet["eligible"] == [True, True, True, False]
    assert sheet["winners"] == [0]
    assert sheet["rows"][0]["code"] == "gugong_score.row.during_game"
    assert all("text" in n and "code" in n for n in sheet["notes"])


def test_tie_break_is_explained(capsys, tmp_path):
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["players"][1]["vp"] = 63  # Lisa now ties Anna on 82; Lisa (space 9) is ahead of Anna (space 6)
    code, out, err = run(capsys, "score", "gugong", write(tmp_path, data))
    assert code == 0, err
    assert ["TOTAL", "82", "82", "50", "0"] in [ln.split() for ln in out.splitlines()]
    assert "Winner: Lisa" in out
    assert "Tie broken by the intrigue track" in out and "Tie-break: Tie" not in out  # the app's words, once
    assert "gugong_score.tiebreak" not in out and "{" not in out
    assert "Note: Anna, Lisa tie on 82 VP; Lisa wins: furthest along the intrigue track (space 9)." in out
    code, out, _ = run(capsys, "score", "gugong", write(tmp_path, data), "--json")
    sheet = json.loads(out)
    assert sheet["winners"] == [1]
    assert sheet["tiebreak"]["params"]["tied"] == [0, 1]
    assert sheet["tiebreak"]["params"]["intrigue"] == {"Anna": [6, 1], "Lisa": [9, 1]}


def test_nobody_in_the_palace(capsys, tmp_path):
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    for p in data["players"]:
        p.pop("palace_arrival", None)
        p["envoy_steps"] = 3
    code, out, _ = run(capsys, "score", "gugong", write(tmp_path, data))
    assert code == 0
    assert "No player can win." in out
    assert "Note: No envoy reached the palace: nobody wins." in out


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (lambda d: d["players"][0].update(jade="six"), "players[0] (Anna).jade: 'six' is not of type 'integer'"),
        (lambda d: d["players"][1].update(vp=-2), "players[1] (Lisa).vp: -2 is less than the minimum of 0"),
        (lambda d: d.update(players=d["players"][:1]), "players: "),
        (lambda d: d["players"][2].update(decrees=["vp_per_4_vp"]), "'vp_per_4_vp' is not one of"),
        (lambda d: d["players"][1].update(palace_arrival=1), "Anna, Lisa all have arrival 1"),
        (lambda d: d["players"][0].update(envoy_steps=6), "is set but envoy_steps is 6"),
    ],
)
def test_bad_table_files_are_refused_without_traceback(capsys, tmp_path, edit, says):
    data = copy.deepcopy(json.loads(EXAMPLE.read_text(encoding="utf-8")))
    edit(data)
    code, out, err = run(capsys, "score", "gugong", write(tmp_path, data))
    assert code == 2
    assert out == ""
    assert err.startswith("error: ")
    assert says in err
    assert "Traceback" not in err


def test_not_json_and_not_an_object(capsys, tmp_path):
    code, _, err = run(capsys, "score", "gugong", write(tmp_path, "{players: ["))
    assert code == 2 and "Cannot read" in err
    code, _, err = run(capsys, "score", "gugong", write(tmp_path, [1, 2]))
    assert code == 2 and "is not of type 'object'" in err


def test_missing_file(capsys, tmp_path):
    code, _, err = run(capsys, "score", "gugong", str(tmp_path / "nope.json"))
    assert code == 2 and "Cannot read" in err


def test_documented_example_output_is_current(capsys):
    """docs/gugong-end-table.md shows the example file and its output: both must match what the code does."""
    doc = (ROOT / "docs" / "gugong-end-table.md").read_text(encoding="utf-8")
    code, out, _ = run(capsys, "score", "gugong", str(EXAMPLE))
    assert code == 0
    assert out.strip() in doc
    block = doc.split("```json\n{")[1].split("```")[0]
    assert json.loads("{" + block) == json.loads(EXAMPLE.read_text(encoding="utf-8"))
