"""The rest of the statistics: the CLI, the season summary for the printable, the simulated Meng baseline,
the BGG ids as box-profile facts, and every catalog text the statistics ask for."""

from __future__ import annotations

import io
import json
import re
from datetime import date
from pathlib import Path

import pandas as pd
import pytest

from companion import cli
from companion.core.profile import load_default
from companion.i18n import LANGUAGES, catalog
from companion.stats import baseline, box
from companion.stats.season import season_summary
from companion.storage import open_store

from .fixture import store_all

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def stored(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    with open_store() as s:
        store_all(s)
    return tmp_path


def test_cli_prints_competitive_and_solo_apart(stored, capsys):
    assert cli.main(["stats"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("30 plays: gugong 12, dragon 10, gugong-solo 8")
    assert out.index("Competitive plays") < out.index("Solo plays (against Meng)")
    assert re.search(r"Ben\s+22\s+16\s+2", out)


def test_cli_filters_and_writes_json_and_csv(stored, capsys, tmp_path):
    target = tmp_path / "history.csv"
    assert cli.main(["stats", "--game", "dragon", "--player", "Dirk", "--json", "--csv", str(target),
                     "--lang", "de"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["plays"] == 10 and report["games"] == {"dragon": 10}
    assert len(report["history"]) == 10 and report["history"][0]["players"][0] == {
        "seat": 0, "name": "Ben", "typed": "Ben", "role": "player", "score": 32.0, "rank": 3, "winner": False}
    table = pd.read_csv(io.BytesIO(target.read_bytes()), sep=";", decimal=",", encoding="utf-8-sig")
    assert list(table.columns)[:3] == ["Partie", "Datum", "Spiel"] and len(table) == 30


def test_cli_refuses_an_unknown_game_and_says_when_nothing_is_stored(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    assert cli.main(["stats", "--game", "chess"]) == 2
    assert "Unknown game 'chess'" in capsys.readouterr().err
    assert cli.main(["stats"]) == 0
    assert "No results yet" in capsys.readouterr().out


def test_season_summary_for_the_printable(frames30):
    january = season_summary(frames30, date(2026, 1, 1), date(2026, 1, 31))
    assert january["plays"] == 30 and january["games"] == {"gugong": 12, "dragon": 10, "gugong-solo": 8}
    people = {(p["name"], p["mode"]): p for p in january["players"]}
    assert people[("Ben", "competitive")] == {"name": "Ben", "mode": "competitive", "plays": 22, "wins": 16,
                                              "shared_wins": 2, "win_rate": pytest.approx(16 / 22)}
    assert people[("Anna", "solo")]["wins"] == 5 and ("Meng", "solo") not in people
    best = {(b["name"], b["game"]): b for b in january["best_plays"]}
    assert best[("Anna", "gugong")]["score"] == 52 and best[("Anna", "gugong")]["date"] == date(2026, 1, 12)
    assert best[("Anna", "gugong-solo")]["score"] == 90 and best[("Ben", "dragon")]["winner"] is True
    json.dumps(january, default=str)  # plain values only
    late = season_summary(frames30, date(2026, 1, 23))
    assert late["plays"] == 8 and {p["mode"] for p in late["players"]} == {"solo"}


def test_simulated_baseline_is_deterministic_and_labelled_with_the_profile():
    first = baseline.simulate("gugong-solo", "hard", games=6)
    assert first == baseline.simulate("gugong-solo", "hard", games=6)
    assert first.games == 6 and first.automa["p10"] <= first.automa["mean"] <= first.automa["p90"]
    shipped = box.status(load_default("gugong"))
    assert first.profile_status == shipped and shipped["unknown"] > 0  # placeholders are named as such
    owned = baseline.simulate("gugong-solo", "hard", {"dice_faces": [1, 2, 3, 4, 5, 6]}, games=2)
    assert owned.profile_status["owner"] == 1
    assert baseline.simulate("gugong", "hard", games=2) is None  # no solo opponent


def test_bgg_ids_are_box_profile_facts_with_status_and_source():
    for game in ("gugong", "dragon", "yinzi"):
        fact = load_default(game).fact(box.BGG_FACT)
        assert fact.status in ("confirmed", "inferred", "unknown") and fact.source and fact.note
    assert box.bgg_id("gugong", "default") == 250458
    assert (box.bgg_id("dragon", "2017"), box.bgg_id("dragon", "2007")) == (214000, 31594)
    assert box.bgg_id("yinzi", "default") is None and load_default("yinzi").fact(box.BGG_FACT).status == "unknown"
    assert box.bgg_id("yinzi", "default", {"bgg.id": 777}) == 777
    assert box.bgg_id("toy-pig", "default") is None  # a game without a box profile


def test_every_statistics_text_exists_in_every_language():
    pages = ROOT / "companion" / "ui" / "pages"
    sources = [*sorted((ROOT / "companion" / "stats").glob("*.py")), pages / "stats_screen.py",
               pages / "quick_score.py", ROOT / "streamlit_app.py"]
    used = set()
    for path in sources:
        used |= set(re.findall(r"""\bt?r?\(\s*f?["'](stats\.[a-z0-9_.]*[a-z0-9_])["']""", path.read_text("utf-8")))
    assert {"stats.nav", "stats.title", "stats.quick.save", "stats.comment_difficulty"} <= used
    for lang in LANGUAGES:
        known = catalog(lang)
        missing = [k for k in used if k not in known and f"{k}.other" not in known]
        assert not missing, (lang, missing)
    prefixes = ["stats.section.", "stats.period.", "stats.col.", "stats.cat.", "stats.role.", "stats.source.",
                "stats.csv.", "stats.mode.", "stats.meng.col.", "stats.export."]
    for prefix in prefixes:
        assert any(k.startswith(prefix) for k in catalog("de")), prefix


def test_table_headers_break_between_syllables_in_the_readers_language():
    """A narrow phone column breaks a long header word between its syllables (a soft hyphen), a short word and
    one in a language without patterns stay whole."""
    from companion.ui.stats_tables import SHY, syllables

    assert syllables("Dein Durchschnitt", "de").replace(SHY, "|") == "Dein Durch|schnitt"
    assert syllables("Schwierigkeit", "de").replace(SHY, "|") == "Schwie|rig|keit"
    assert syllables("Moeilijkheid", "nl").replace(SHY, "|") == "Moei|lijk|heid"
    assert syllables("Sieger", "de") == "Sieger"  # short: never split
    assert syllables("Durchschnitt", "fr") == "Durchschnitt"
