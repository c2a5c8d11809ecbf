"""Schema versions and migrations: a database written by the first app (main before tables and
revisions, fixtures/main_v0.sqlite3, made with that app's own Store) opens and keeps everything."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.core import codec
from companion.storage import StorageUnavailableError, is_game_id, open_store
from companion.storage.schema import LATEST

from .helpers import new_game

OLD = Path(__file__).parent / "fixtures" / "main_v0.sqlite3"


@pytest.fixture
def old_db(tmp_path) -> Path:
    path = tmp_path / "companion.sqlite3"
    shutil.copy(OLD, path)
    return path


def test_the_first_apps_database_moves_into_the_home_table(old_db):
    with sqlite3.connect(old_db) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == 0
        before = con.execute("SELECT save FROM games WHERE id = '0123456789ab'").fetchone()[0]
    with open_store(old_db) as store:
        home = store.home_table()
        rows = {r.title: r for r in store.list_games(owner=home)}
        assert set(rows) == {"Gùgōng · Ada, Bo, Cy", "from a ?g= link"}
        kept = rows["Gùgōng · Ada, Bo, Cy"]
        assert kept.id == "0123456789ab" and kept.revision == 1 and kept.actions == 40
        assert kept.meta == {"colours": ["red", "blue", "green"], "randomness": "app"}
        session, _ = store.load_game(kept.id, owner=home)
        assert store.save_text(kept.id, owner=home) == before and session.log == codec.loads(before).log
        assert store.box_overrides("gugong", owner=home) == {"decree_spaces": 5}
        assert store.setting("randomness", owner=home) == "table"
    with sqlite3.connect(old_db) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == LATEST


def test_an_id_a_client_chose_on_the_first_app_is_replaced_by_a_server_id(old_db):
    with open_store(old_db) as store:
        row = next(r for r in store.list_games(owner=None) if r.title == "from a ?g= link")
        assert is_game_id(row.id) and len(store.load_game(row.id, owner=row.owner)[0].log) == 28
    with sqlite3.connect(old_db) as con:
        assert con.execute("SELECT count(*) FROM games WHERE id LIKE '%<%'").fetchone()[0] == 0


def test_opening_again_migrates_nothing_twice(old_db):
    with open_store(old_db) as store:
        home, ids = store.home_table(), sorted(r.id for r in store.list_games(owner=None))
    with open_store(old_db) as store:
        assert store.home_table() == home and sorted(r.id for r in store.list_games(owner=None)) == ids


def test_a_database_from_a_newer_app_is_refused_not_changed(tmp_path):
    path = tmp_path / "companion.sqlite3"
    open_store(path).close()
    with sqlite3.connect(path) as con:
        con.execute(f"PRAGMA user_version = {LATEST + 1}")
    with pytest.raises(StorageUnavailableError) as refused:
        open_store(path)
    assert refused.value.code == "database_too_new" and str(tmp_path) not in refused.value.message


def test_every_backend_records_its_schema_version(store, location):
    new_game(store)
    if store.backend == "sqlite":
        with sqlite3.connect(location) as con:
            assert con.execute("PRAGMA user_version").fetchone()[0] == LATEST
    else:
        import psycopg

        with psycopg.connect(location) as con:
            assert con.execute("SELECT version FROM schema_version").fetchall() == [(LATEST,)]


def test_a_second_replica_opening_a_migrated_database_finds_the_same_home_table(store, opener):
    home = store.home_table()
    game = new_game(store)
    other = opener()
    assert other.home_table() == home and other.revision(game.game_id, owner=game.owner) == 1
