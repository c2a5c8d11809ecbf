"""`python -m companion simulate gugong-solo ...` (companion/gugong/solo_commands.py)."""

from __future__ import annotations

import json

from companion.cli import main


def test_simulate_json_has_the_common_fields_and_the_score_table(capsys):
    assert main(["simulate", "gugong-solo", "--difficulty", "easy", "--games", "3", "--seed", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    for key in ("games", "completed", "invariant_violations", "actions_total", "digest", "scores", "meng", "human"):
        assert key in out
    assert out["games"] == 3 and out["completed"] == 3 and out["invariant_violations"] == 0
    assert set(out["meng"]) == {"mean", "median", "p10", "p90", "win_rate"}
    assert [row["seat"] for row in out["table"]] == ["Meng", "random"]


def test_simulate_table_per_difficulty_and_csv(tmp_path, capsys):
    csv = tmp_path / "meng.csv"
    code = main(["simulate", "gugong-solo", "--difficulty", "easy", "hard", "--games", "2", "--seed", "3",
                 "--opponent", "greedy", "--csv", str(csv)])
    assert code == 0
    out = capsys.readouterr().out
    assert "win_rate" in out and "greedy" in out
    lines = csv.read_text().splitlines()
    assert lines[0].startswith("difficulty,seat,mean,median,p10,p90,win_rate") and len(lines) == 5


def test_same_seed_same_digest(capsys):
    digests = []
    for _ in range(2):
        main(["simulate", "gugong-solo", "--games", "2", "--seed", "9", "--json", "--no-check"])
        digests.append(json.loads(capsys.readouterr().out)["digest"])
    assert digests[0] == digests[1]
