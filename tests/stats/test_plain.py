"""`stats --json` is made in plain Python (companion.stats.plain, no pandas): it must say what the pandas
statistics say. Checked on the 30-result fixture with other spellings of a name, a merge, a deleted play and
every filter the command offers; the process itself must not import pandas, the engines or ReportLab."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from companion.stats import plain
from companion.stats.frames import Filters, Frames, apply
from companion.stats.season import season_summary
from companion.storage.table import TableStore

from .fixture import store_all
from .test_history_identity import _sheet_result

ROOT = Path(__file__).resolve().parents[2]


def _pandas_history(frames: Frames) -> list[dict]:
    """The history as the pandas frames hold it (what `stats --json` printed before it was plain Python)."""
    out = []
    for r in frames.results.itertuples(index=False):
        seats = frames.players[frames.players["result_id"] == r.id]
        out.append({
            "id": r.id, "date": r.played.strftime("%Y-%m-%d %H:%M:%S"), "game": r.game, "edition": r.edition,
            "options": list(r.tags), "difficulty": r.difficulty or None,
            "duration_min": None if pd.isna(r.duration_min) else int(r.duration_min), "source": r.source,
            "players": [{"seat": int(s.seat), "name": s.name, "typed": s.typed, "role": s.role,
                         "score": float(s.total), "rank": int(s.rank), "winner": bool(s.winner)}
                        for s in seats.itertuples(index=False)]})
    return out


@pytest.fixture
def history(local_store):
    """The fixture, two plays with "anna " and "ANNE", "Anne" merged into Anna, and a deleted play."""
    store_all(local_store)
    local_store.save_result(_sheet_result("r-x1", ["anna ", "Ben"], [12, 8], 31).to_record())
    local_store.save_result(_sheet_result("r-x2", ["ANNE", "Cleo"], [7, 9], 31).to_record())
    local_store.save_result(_sheet_result("r-x3", ["Dirk", "Cleo"], [7, 7], 31).to_record())
    table = TableStore(local_store, local_store.home_table())
    assert table.merge_people("anne", "anna") and table.set_deleted("r-x3", True)
    return local_store


@pytest.mark.parametrize("games, player", [((), None), (("dragon",), None), ((), "ANNA"), ((), " ben"),
                                           (("gugong-solo", "gugong"), "Anna"), (("yinzi",), None)])
def test_the_plain_report_says_what_the_pandas_statistics_say(history, games, player):
    frames = apply(Frames.load(history), Filters(games=games, player=player))
    season = season_summary(frames)
    found = plain.report(history, games, player)
    assert found["plays"] == season["plays"] == len(found["history"])
    assert found["games"] == season["games"]
    assert found["players"] == season["players"]  # the same order too: most plays first per mode
    assert found["per_game"] == season["per_game"]
    assert found["history"] == _pandas_history(frames)
    json.dumps(found, ensure_ascii=False)  # plain values only


def test_a_merged_spelling_counts_as_the_person_and_a_deleted_play_not_at_all(history):
    found = plain.report(history)
    anna = next(p for p in found["players"] if p["name"] == "Anna" and p["mode"] == "competitive")
    assert anna["plays"] == 12 + 2  # Gùgōng, "anna " and "ANNE" (merged)
    assert "r-x3" not in {h["id"] for h in found["history"]} and found["plays"] == 32


def test_stats_json_as_a_process_loads_no_pandas_engine_or_reportlab(history, tmp_path):
    probe = ("import runpy, sys; sys.argv = ['companion', 'stats', '--json']\n"
             "try:\n    runpy.run_module('companion', run_name='__main__')\n"
             "except SystemExit:\n    pass\n"
             "heavy = ('pandas', 'altair', 'reportlab', 'streamlit', 'companion.gugong.engine',\n"
             "         'companion.core.codec')\n"
             "print(sorted(m for m in heavy if m in sys.modules), file=sys.stderr)")
    env = {**os.environ, "COMPANION_DATA_DIR": str(Path(history.path).parent), "PYTHONPATH": str(ROOT)}
    env.pop("COMPANION_DATABASE_URL", None)
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=True)
    assert json.loads(done.stdout)["plays"] == 32
    assert done.stderr.strip().splitlines()[-1] == "[]"
