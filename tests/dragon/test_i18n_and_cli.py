"""Every code the engine emits is translated (en/de/nl); the CLI scores and simulates."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.cli import main
from companion.core import Session
from companion.core.playout import playout
from companion.dragon.commands import score_table
from companion.dragon.engine import GAME
from companion.dragon.steps import STEPS
from companion.i18n import LANGUAGES, catalog, placeholders

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"


def _emitted_codes() -> tuple[set[str], dict[str, set[str]]]:
    """Decision kinds, event codes (with their parameters) and score rows seen in playouts of every kind."""
    codes: set[str] = set()
    params: dict[str, set[str]] = {}
    for i, (wall, se) in enumerate([(True, "earthquake"), (True, "flood"), (False, "sunrise"), (True, "charter"),
                                    (False, "tornado"), (True, "solar_eclipse"), (False, "random")]):
        result = playout(GAME, {"players": ["A", "B", "C", "D"], "great_wall": wall, "super_event": se}, seed=i)
        s = Session.new(GAME, result.setup)
        for action in result.log:
            d = s.decision
            codes.add(d.kind)
            params.setdefault(d.kind, set()).update(d.params)
            for e in s.act(action):
                codes.add(e.code)
                params.setdefault(e.code, set()).update(e.params)
        codes.update(r.code for r in GAME.score(s.state).rows)
    return codes, params


def test_every_emitted_code_is_translated_with_its_parameters():
    codes, params = _emitted_codes()
    codes.update(f"dragon.{k}" for k in STEPS)
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "companion" / "dragon").glob("*.py"))
    codes.update(re.findall(r'RuleError\(\s*"(dragon\.[a-z_.]+)"', source))
    codes.update(re.findall(r'SetupError\(\s*"(dragon\.[a-z_.]+)"', source))
    for lang in LANGUAGES:
        cat = catalog(lang)
        missing = sorted(c for c in codes if c not in cat)
        assert not missing, f"{lang}: {missing}"
        for code, names in params.items():
            assert placeholders(cat[code]) <= names, f"{lang}: {code} uses {placeholders(cat[code]) - names}"


def test_german_catalog_uses_the_rulebook_terms():
    de = catalog("de")
    assert de["dragon.person.tax_collector"] == "Steuereintreiber"
    assert de["dragon.event.mongol_invasion"] == "Mongolensturm" and de["dragon.card.parade"] == "Heerschau"
    assert de["dragon.super.charter"] == "Freibrief" and de["dragon.card.wall"] == "Mauerbau"


def test_score_table_benno_final_25(capsys):
    """Spielende (Benno: 14 + 8 + 3 = 25) through `python -m companion score dragon FILE --json`."""
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
        (lambda d: d["players"][0].pop("yuan"), "players/0"),
        (lambda d: d["players"][1]["palaces"][0].update(floors=4), "players/1/palaces/0/floors"),
        (lambda d: d["players"][1]["palaces"][0]["persons"].append("dragon:young"), "players/1/palaces/0/persons/2"),
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


def test_simulate_json_fields(capsys):
    argv = ["simulate", "dragon", "--players", "3", "--games", "3", "--seed", "5", "--wall", "--super-event",
            "random", "--json"]
    assert main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    for key in ("games", "completed", "invariant_violations", "actions_total", "digest", "scores", "winning_scores"):
        assert key in report
    assert report["games"] == report["completed"] == 3 and report["invariant_violations"] == 0
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["digest"] == report["digest"]  # same seed, same games


def test_simulate_named_super_event_text_output(capsys):
    assert main(["simulate", "dragon", "--players", "2", "--games", "2", "--seed", "1", "--super-event", "buddha"]) == 0
    assert "2/2 games completed" in capsys.readouterr().out
