"""Provenance in the terminal (issue 14, "provenance travels"): `replay` and `score` print a number that rests
on an unverified box fact with the placeholder mark, and a legend under the sheet; a number resting only on
confirmed facts (or on the owner's box check) carries none.

Which cells rest on what is the engine's word (ScoreRow.unverified, decided by experiment in
tests/yinzi/test_provenance.py); here: the printed sheet shows exactly those marks, and a total carries the mark
when it adds up a marked value.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.core import codec
from companion.core.playout import playout
from companion.core.replay import replay_log
from companion.core.scoring import ScoreSheet
from companion.i18n import labels
from companion.yinzi.components import for_overrides
from companion.yinzi.editions import CURRENT
from companion.yinzi.engine import GAME as YINZI

ROOT = Path(__file__).resolve().parents[2]
MARK = "?"
OWNED = {f.key: f.value for f in for_overrides({}).profile.unverified()}  # the owner confirms every value


def _setup(names: list[str], overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"players": names, "seed": 1, "rules": CURRENT, "profile": {"overrides": overrides or {}}}


@pytest.fixture(scope="module")
def played() -> tuple[dict[str, Any], list]:
    result = playout(YINZI, _setup(["Ada", "Bo", "Cai"]), 11)
    assert result.completed
    return result.setup, result.log


def _printed(tmp_path: Path, capsys, setup: dict[str, Any], log: list) -> tuple[ScoreSheet, list[str]]:
    session = replay_log(YINZI, setup, log)
    path = tmp_path / "game.json"
    path.write_text(codec.dumps(session), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    return YINZI.score(session.state), capsys.readouterr().out.splitlines()


def _cells(lines: list[str], label: str, n: int) -> list[str]:
    """The n value cells of the sheet line that starts with `label`."""
    line = next(ln for ln in lines if ln.startswith(label + " "))
    return line.split()[-n:]


def test_replay_marks_exactly_the_values_resting_on_unverified_facts(played, tmp_path, capsys):
    sheet, lines = _printed(tmp_path, capsys, *played)
    n = len(sheet.players)
    assert any(any(row.unverified) for row in sheet.rows), "the default Yinzi box has placeholders in the score"
    for row in sheet.rows:
        cells = _cells(lines, labels.row_label("yinzi", row.code, "en", **row.params), n)
        assert [c.endswith(MARK) for c in cells] == [bool(row.facts_behind(i)) for i in range(n)], row.code
        assert [labels.number(v) for v in row.values] == [c.removesuffix(MARK) for c in cells]
    summed = [sheet.eligible[i] and any(row.facts_behind(i) for row in sheet.rows) for i in range(n)]
    assert [c.endswith(MARK) for c in _cells(lines, "TOTAL", n)] == summed
    assert labels.placeholder_legend_text("yinzi", "en") in lines


def test_replay_with_every_fact_confirmed_prints_no_mark(played, tmp_path, capsys):
    setup, log = played
    sheet, lines = _printed(tmp_path, capsys, _setup(setup["players"], OWNED), log)
    before, _ = _printed(tmp_path, capsys, setup, log)
    n = len(sheet.players)
    for row, old in zip(sheet.rows, before.rows, strict=True):
        cells = _cells(lines, labels.row_label("yinzi", row.code, "en", **row.params), n)
        assert cells == [labels.number(v) for v in old.values]  # the same numbers, none marked
    assert _cells(lines, "TOTAL", n) == [labels.number(v) for v in before.totals]
    assert labels.placeholder_legend_text("yinzi", "en") not in lines


@pytest.mark.parametrize(
    ("game", "table"),
    [("gugong", ROOT / "examples" / "gugong-end-table-example.json"),
     ("dragon", ROOT / "tests" / "dragon" / "data" / "benno_end_table.json")],
)
def test_score_of_confirmed_facts_only_prints_no_mark(game, table, capsys):
    """Gùgōng's and the Dragon's final scoring rest only on confirmed facts of the default box."""
    assert main(["score", game, str(table)]) == 0
    out = capsys.readouterr().out
    sheet_lines = out.split("\nWinner")[0].splitlines()[1:]
    assert not any(cell.endswith(MARK) for line in sheet_lines for cell in line.split())
    assert labels.placeholder_legend_text(game, "en") not in out
