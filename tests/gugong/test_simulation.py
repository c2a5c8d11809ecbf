"""`python -m companion simulate gugong ...` reports the common simulation fields."""

from __future__ import annotations

import json

from companion.cli import main
from companion.gugong.commands import simulate_main


def test_simulate_json_has_the_common_fields(capsys):
    assert simulate_main(["--players", "3", "--games", "2", "--seed", "4", "--bonus-tiles", "--expert", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    for key in ("games", "completed", "invariant_violations", "actions_total", "digest", "scores"):
        assert key in report
    assert report["games"] == report["completed"] == 2 and report["invariant_violations"] == 0
    assert report["bonus_tiles"] and report["expert"] and report["players"] == 3


def test_simulate_is_reproducible_through_the_cli(capsys):
    assert main(["simulate", "gugong", "--players", "2", "--games", "2", "--seed", "9", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)["digest"]
    assert main(["simulate", "gugong", "--players", "2", "--games", "2", "--seed", "9", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["digest"] == first
