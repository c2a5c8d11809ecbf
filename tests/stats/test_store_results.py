"""The results table (schema step 2) on both backends: save, replace, delete, read as frames in one
snapshot, the cache version, table privacy, and the migration of a database that has no results yet."""

from __future__ import annotations

import sqlite3

import pytest

from companion.stats.frames import Frames
from companion.storage import StorageError, open_store
from companion.storage.schema import LATEST
from tests.storage.helpers import new_game

from .fixture import results, store_all


def test_a_stored_result_reads_back_as_frames(store):
    home = store.home_table()
    stored = store_all(store, owner=home)
    frames = Frames.load(store)
    assert list(frames.results["id"]) == [r.id for r in stored]
    first = frames.players[frames.players["result_id"] == "r-01"]
    assert list(first["name"]) == ["Anna", "Ben", "Cleo"] and list(first["total"]) == [41.0, 50.0, 45.0]
    assert list(first["winner"]) == [False, True, False] and first["winner"].dtype == bool
    solo = frames.results.set_index("id").loc["r-23"]
    assert bool(solo["solo"]) and solo["difficulty"] == "easy" and solo["start_seat"] == 1
    assert frames.results.set_index("id").loc["r-13", "tags"] == ["great_wall"]


def test_saving_again_replaces_the_result_and_changes_the_version(store):
    first = results()[0]
    store.save_result(first.to_record())
    before = store.results_version()
    changed = first.to_record()
    changed["players"][0]["total"] = 99
    store.save_result(changed)
    frames = store.result_frames()
    assert len(frames["results"]) == 1 and len(frames["players"]) == 3 and len(frames["rows"]) == 6
    assert frames["players"]["total"].iloc[0] == 99 and store.results_version() != before
    assert store.delete_result(first.id) and not store.delete_result(first.id)
    assert store.results_version().startswith("0:0:") and store.result_frames()["rows"].empty


def test_each_table_sees_its_own_results(store):
    mine, theirs = store.new_table(), store.new_table()
    store_all(store, owner=mine)
    assert len(store.result_frames(owner=mine)["results"]) == 30
    assert store.result_frames(owner=theirs)["results"].empty
    assert not store.delete_result("r-01", owner=theirs)
    assert store.results_version(owner=theirs).startswith("0:0:")
    assert len(store.result_frames()["results"]) == 30  # the server itself (CLI) sees every table


def test_a_tracked_result_belongs_to_its_games_table_and_starts_when_the_game_was_made(store):
    game = new_game(store)  # a stored game of Pig at a new table
    record = results()[0].to_record()
    record.update(game_id=game.game_id, started=None)
    store.save_result(record)
    frames = store.result_frames(owner=game.owner)
    row = store.list_games(owner=game.owner)[0]
    assert list(frames["results"]["id"]) == ["r-01"] and frames["results"]["started"].iloc[0] == row.created


def test_finished_games_without_a_result_are_listed_for_the_backfill(store):
    game = new_game(store)
    assert store.finished_without_result(owner=game.owner) == []  # not over
    with store._tx() as run:
        run("UPDATE games SET over = 1 WHERE id = ?", (game.game_id,))
    assert store.finished_without_result(owner=game.owner) == [game.game_id]
    record = results()[0].to_record()
    record["game_id"] = game.game_id
    store.save_result(record)
    assert store.finished_without_result(owner=game.owner) == []


def test_a_database_without_results_gets_the_table_and_keeps_its_games(location, opener):
    first = opener()
    game = new_game(first)
    with first._tx() as run:  # the database as schema step 1 left it
        for table in ("result_rows", "result_players", "results", "result_games", "people"):
            run(f"DROP TABLE {table}")
        if first.backend == "postgresql":
            run("UPDATE schema_version SET version = 1")
    first.close()
    if first.backend == "sqlite":
        with sqlite3.connect(location) as con:
            con.execute("PRAGMA user_version = 1")
    again = opener()
    assert again.load_game(game.game_id, owner=game.owner)[0].log == game.session.log
    assert again.results_version().startswith("0:0:")
    store_all(again)
    assert len(again.result_frames()["results"]) == 30


def test_the_schema_has_the_results_and_the_history_steps():
    assert LATEST == 3


def test_unreadable_json_in_a_result_does_not_hide_it(tmp_path):
    with open_store(tmp_path / "c.sqlite3") as s:
        store_all(s)
        with s._tx() as run:
            run("UPDATE results SET options = 'not json', tags = '{\"a\": 1}' WHERE id = 'r-13'")
        frames = Frames.load(s)
    row = frames.results.set_index("id").loc["r-13"]
    assert row["options"] == {} and row["tags"] == [] and len(frames.results) == 30


def test_a_failing_read_is_a_storage_error(store):
    with pytest.raises(StorageError) as failed:
        store._frames([("SELECT nothing FROM nowhere", ())])
    assert failed.value.code == "storage_failed"
    assert store.results_version().startswith("0:0:")  # the connection is usable afterwards
