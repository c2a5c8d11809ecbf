"""The Statistics screen (AppTest): empty history, one game, many (the 30-result fixture) with every filter and
section, in three languages; a quick score saved from its screen, a tracked game that ends, and the backfill."""

from __future__ import annotations

import html
import json
import re
from datetime import date
from pathlib import Path

import pandas as pd
import pytest

from companion.stats.record import result_id
from companion.storage import open_store
from tests.ui.apphelpers import click, new_session, start, table, texts

from .fixture import store_all

STATS = "companion/ui/pages/stats.py"
EXAMPLE = json.loads((Path(__file__).resolve().parents[2] / "examples" / "gugong-end-table-example.json")
                     .read_text(encoding="utf-8"))


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    return tmp_path


def _stats(lang: str = "en"):
    at = new_session(lang)
    at.run()
    at.switch_page(STATS).run()
    assert not at.exception, at.exception
    return at


def _fixture() -> None:
    with open_store() as s:
        store_all(s, owner=s.home_table())


def tables(at) -> list[pd.DataFrame]:
    """The statistics tables of the last run (plain HTML tables, which wrap on a phone), as text frames."""
    out = []
    for element in at.get("html"):
        for body in re.findall(r'<table class="cs-table">(.*?)</table>', element.proto.body, re.S):
            # a header as it reads: without the soft hyphens a narrow column may break it at (stats_tables.SHY)
            heads = [html.unescape(h).replace("\u00ad", "") for h in re.findall(r"<th(?: [^>]*)?>(.*?)</th>", body)]
            rows = [[html.unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", r)]
                    for r in re.findall(r"<tr>(.*?)</tr>", body.split("<tbody>")[1])]
            out.append(pd.DataFrame(rows, columns=heads))
    return out


def _section(at, name: str):
    at.radio(key="stats_section").set_value(name).run()
    assert not at.exception, at.exception
    return at


def test_empty_history_says_how_results_arrive(data_dir):
    at = _stats()
    assert "No results yet" in texts(at) and not tables(at) and not at.radio


def test_one_quick_score_saved_from_its_screen_shows_in_the_history(data_dir):
    at = new_session()
    at.run()
    at.switch_page("companion/ui/pages/quick_score.py").run()
    at.radio(key="qs_entry").set_value("file").run()
    at.file_uploader(key="qs_file").upload("t.json", json.dumps(EXAMPLE).encode(), "application/json").run()
    at.date_input(key="qs_played").set_value(date(2026, 2, 1)).run()
    click(at, "qs_save")
    assert "Saved to the statistics." in texts(at)
    click(at, "qs_save")  # the same sheet the same day: still one result
    at.switch_page(STATS).run()
    assert "1 play, newest first." in texts(at)
    shown = texts(at)
    assert "Anna 82 · Lisa 60 · Sebastian 50 · David 0" in shown and "Won: Anna" in shown
    assert "2026-02-01" in shown
    links = [e.proto.url for e in at.get("link_button")]
    assert len(links) == 1 and links[0].startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    for section in ("players", "games", "meng", "export"):
        _section(at, section)
    assert "No solo plays against Meng in this selection." in texts(_section(at, "meng"))


def test_many_plays_every_section_draws(data_dir):
    _fixture()
    at = _stats()
    assert "30 plays, newest first." in texts(at)
    assert len(at.get("link_button")) == 20  # a page of plays, each with its BG Stats link
    _section(at, "players")
    assert [e.value for e in at.subheader] == ["Competitive plays", "Solo plays (against Meng)"]
    found = tables(at)
    overall = found[0].set_index("Player")
    assert overall.loc["Ben", ["Plays", "Wins", "of them shared"]].tolist() == ["22", "16", "2"]
    assert overall.loc["Ben", "Won %"] == "73 %"  # 16 of 22, half up
    solo = next(t for t in found[1:] if "of them shared" in t.columns)
    assert solo.set_index("Player").loc["Anna", "Plays"] == "8"  # solo apart
    _section(at, "games")
    cats = tables(at)[0].set_index("Category")
    assert cats.loc["Jade", "All players"] == "9.3"  # 28 / 3
    _section(at, "meng")
    meng, sims = tables(at)[:2]
    assert list(meng["Difficulty"]) == ["easy", "normal", "hard"] and list(meng["Plays"]) == ["3", "3", "2"]
    assert "–" not in list(sims.iloc[:, 3]) and "Simulated baseline: 30 games" in texts(at)
    assert "placeholders" in texts(at)  # labelled with the box profile's status
    _section(at, "export")
    assert [b.proto.label for b in at.get("download_button")] == [
        "History as CSV (one row per player and play)", "Every score-sheet row as CSV", "Plays for BG Stats (.bgsplay)"]


def test_filters_game_player_period_and_options(data_dir):
    _fixture()
    at = _stats()
    at.multiselect(key="stats_games").set_value(["dragon"]).run()
    assert "10 plays, newest first." in texts(at)
    at.multiselect(key="stats_tags").set_value(["great_wall"]).run()
    assert "5 plays, newest first." in texts(at)
    at.multiselect(key="stats_tags").set_value([]).run()
    at.multiselect(key="stats_games").set_value([]).run()
    at.selectbox(key="stats_player").set_value("Anna").run()
    assert "20 plays, newest first." in texts(at)
    at.selectbox(key="stats_period").set_value("custom").run()
    at.date_input(key="stats_dates").set_value((date(2026, 1, 11), date(2026, 1, 24))).run()
    assert "4 plays, newest first." in texts(at)  # Gùgōng 11, 12 and solo 23, 24
    at.selectbox(key="stats_player").set_value("Dirk").run()  # played on days 13-22 only
    assert "10 plays, newest first." in texts(at)
    at.date_input(key="stats_dates").set_value((date(2026, 1, 23), date(2026, 1, 24))).run()
    assert "No play matches these filters." in texts(at)
    at.selectbox(key="stats_period").set_value("30d").run()
    assert not at.exception


@pytest.mark.parametrize(("lang", "words"), [
    ("de", ["Statistik", "30 Partien, die neuesten zuerst.", "Partien gegeneinander", "Schwierigkeit", "leicht"]),
    ("nl", ["Statistieken", "30 potjes, nieuwste eerst.", "Potjes tegen elkaar", "Moeilijkheid", "makkelijk"]),
])
def test_the_screen_speaks_german_and_dutch(data_dir, lang, words):
    _fixture()
    at = _stats(lang)
    shown = texts(at)
    assert words[0] in [e.value for e in at.title] and words[1] in shown
    assert words[2] in texts(_section(at, "players"))
    _section(at, "meng")
    assert words[3] in tables(at)[0].columns  # the column headers
    assert tables(at)[0].iloc[0, 0] == words[4]


def test_a_game_played_to_its_end_in_the_app_is_in_the_history(data_dir):
    at = start(new_session(), "toy-pig", players=2, names=["Ada", "Bo"], who="app")
    for _ in range(400):
        tab = table(at)
        decision = tab.session.decision
        if decision is None:
            break
        v = tab.revision
        key = f"app_chance_{tab.version}" if decision.is_chance else None
        if key is None:
            bank = [b.key for b in at.button if b.key and b.key.startswith(f"opt_{tab.version}_")]
            key = bank[-1]
        click(at, key)
        assert table(at).revision > v
    assert table(at).session.is_over
    at.switch_page(STATS).run()
    assert "1 play, newest first." in texts(at)
    assert "Ada " in texts(at)
    with open_store() as s:
        assert list(s.result_frames()["results"]["id"]) == [result_id(s, table(at).game_id)]


def test_finished_games_saved_earlier_are_added_once(data_dir):
    from companion.core import Session
    from companion.core.playout import playout
    from tests.core.toy_game import GAME

    run = playout(GAME, {"players": ["Ada", "Bo"], "seed": 4}, 4)
    with open_store() as s:
        s.create_game(Session.from_log(GAME, run.setup, run.log), owner=s.home_table())
    at = _stats()
    assert "1 play, newest first." in texts(at)
    assert any("added to the statistics" in str(t.value) for t in at.toast)
    at.run()
    assert not at.toast


def test_a_play_deleted_on_the_screen_comes_back_with_undo_and_people_merge_and_separate(data_dir):
    _fixture()
    at = _stats()
    click(at, "stats_delete_r-30")
    assert "29 plays, newest first." in texts(at) and "The play was deleted from the history." in texts(at)
    click(at, "stats_undo_delete")
    assert "30 plays, newest first." in texts(at)
    _section(at, "people")
    at.selectbox(key="stats_merge_alias").set_value("dirk").run()
    at.selectbox(key="stats_merge_into").set_value("anna").run()
    click(at, "stats_merge")
    assert "Dirk counts as Anna." in texts(at)  # they never sat together: merged
    _section(at, "players")
    assert "Dirk" not in set(tables(at)[0]["Player"])
    _section(at, "people")
    click(at, "stats_unmerge_dirk")
    _section(at, "players")
    assert "Dirk" in set(tables(at)[0]["Player"])
