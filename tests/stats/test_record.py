"""When results are stored: a tracked game ends (through the app's dispatch), a quick score is saved, or
the one-time backfill replays finished games saved earlier."""

from __future__ import annotations

import json
import logging
from datetime import datetime
from pathlib import Path

import pytest

from companion.core import Session
from companion.core.playout import playout
from companion.core.registry import manifest
from companion.stats.frames import Frames
from companion.stats.record import SKIPPED, backfill, pending, result_id, save_quick
from companion.storage import open_store
from companion.storage.table import TableStore
from companion.ui.dispatch import APP_CHANCE, REDO, UNDO, dispatch
from tests.core.toy_game import GAME as PIG
from tests.storage.helpers import new_game

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "gugong-end-table-example.json"


def _play_to_end(store, table) -> None:
    for _ in range(2000):
        decision = table.session.decision
        if decision is None:
            return
        command = APP_CHANCE if decision.is_chance else decision.options[-1]  # bank: the game moves on
        assert dispatch(table, command, table.revision, store).ok
    raise AssertionError("Pig did not end")


def test_a_tracked_game_that_ends_is_a_result_and_an_undo_takes_it_back(store):
    table = new_game(store)
    _play_to_end(store, table)
    frames = Frames.load(store)
    assert list(frames.results["id"]) == [result_id(store, table.game_id)]
    res = frames.results.iloc[0]
    assert (res["game"], res["source"], res["game_id"], bool(res["solo"])) == ("toy-pig", "tracked", table.game_id,
                                                                               False)
    seats = frames.players
    sheet = PIG.score(table.session.state)
    assert list(seats["name"]) == ["Ada", "Bo"] and list(seats["colour"]) == ["red", "blue"]
    assert list(seats["total"]) == sheet.totals and list(seats["winner"]) == [i in sheet.winners for i in (0, 1)]
    assert dispatch(table, UNDO, table.revision, store).ok
    assert Frames.load(store).results.empty  # the game is open again
    assert dispatch(table, REDO, table.revision, store).ok
    assert list(Frames.load(store).results["id"]) == [result_id(store, table.game_id)]


def test_a_result_that_cannot_be_stored_never_costs_the_move(store, monkeypatch, caplog):
    table = new_game(store)

    def broken(*args, **kwargs):
        raise RuntimeError("results table unavailable")

    monkeypatch.setattr(store, "save_result", broken)
    with caplog.at_level(logging.ERROR, logger="companion.stats"):
        _play_to_end(store, table)
    assert table.session.is_over and store.load_game(table.game_id, owner=table.owner)[0].is_over
    assert "was not stored" in caplog.text


def test_a_quick_score_is_saved_once_per_sheet_and_day(tmp_path):
    with open_store(tmp_path / "c.sqlite3") as s:
        tables = TableStore(s, s.home_table())
        doc = json.loads(EXAMPLE.read_text(encoding="utf-8"))
        sheet = manifest("gugong").score_table(doc)
        evening = datetime(2026, 3, 14, 21, 0).timestamp()
        first = save_quick(tables, "gugong", doc, sheet, evening)
        assert save_quick(tables, "gugong", doc, sheet, evening + 60).id == first.id
        save_quick(tables, "gugong", doc, sheet, evening + 86400)
        frames = Frames.load(tables)
    assert len(frames.results) == 2 and set(frames.results["source"]) == {"quick"}
    seats = frames.players[frames.players["result_id"] == first.id]
    assert list(seats["name"]) == [p["name"] for p in doc["players"]]
    assert list(seats["total"]) == sheet.totals and list(seats["winner"]) == [i in sheet.winners
                                                                            for i in range(len(sheet.totals))]
    assert frames.results["duration_min"].isna().all()


def _finished(store, owner, game: str, names: list[str], options: dict, seed: int) -> str:
    m = manifest(game)
    colours = list(m.colours({}))
    setup = m.setup_for([{"name": n, "colour": c} for n, c in zip(names, colours, strict=False)], options, seed)
    run = playout(m.engine, setup, seed)
    session = Session.from_log(m.engine, run.setup, run.log)
    return store.create_game(session, owner=owner, meta={"colours": colours[:len(names)]}).id


def test_the_backfill_replays_finished_games_once(tmp_path, caplog):
    with open_store(tmp_path / "c.sqlite3") as s:
        home = s.home_table()
        solo = _finished(s, home, "gugong-solo", ["Anna"], {"difficulty": "hard"}, 3)
        dragon = _finished(s, home, "dragon", ["Ben", "Cleo"], {"edition": "2007", "great_wall": True}, 4)
        broken = _finished(s, home, "toy-pig", ["Ada", "Bo"], {}, 5)
        with s._tx() as run:
            run("UPDATE games SET save = 'not a save' WHERE id = ?", (broken,))
        done = backfill(s, home)
        assert (done.stored, done.skipped) == (2, 1) and s.setting(SKIPPED) == [broken]
        assert backfill(s, home).stored == 0 and s.finished_without_result(owner=home) == [broken]  # not retried
        assert pending(s, home) == []
        frames = Frames.load(s)
        solo, dragon = result_id(s, solo), result_id(s, dragon)
    res = frames.results.set_index("id")
    assert set(res["source"]) == {"backfill"}
    meng = frames.players[frames.players["result_id"] == solo]
    assert list(meng["name"]) == ["Anna", "Meng"] and list(meng["role"]) == ["player", "automa"]
    assert res.loc[solo, "difficulty"] == "hard" and bool(res.loc[solo, "solo"])
    assert res.loc[solo, "start_seat"] in (0, 1)  # the engine's summary names who began
    assert res.loc[dragon, "edition"] == "2007" and "great_wall" in res.loc[dragon, "tags"]


@pytest.mark.parametrize("game", ["gugong", "yinzi"])
def test_backfilled_results_match_the_engines_score_sheet(tmp_path, game):
    with open_store(tmp_path / "c.sqlite3") as s:
        game_id = _finished(s, s.home_table(), game, ["Ada", "Bo", "Cy"], {}, 11)
        session, _ = s.load_game(game_id)
        backfill(s)
        frames = Frames.load(s)
    sheet = session.game.score(session.state)
    assert list(frames.players["total"]) == sheet.totals
    cells = frames.rows.pivot_table(index="code", columns="seat", values="value", sort=False)
    for row in sheet.rows:
        assert list(cells.loc[row.code]) == [float(v) for v in row.values]
    if game == "yinzi":
        assert list(frames.players["colour"]) == list(session.setup["colors"])
