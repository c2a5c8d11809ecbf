"""Storage faults (issue 13): a clear message, the damaged file kept aside, the other games usable,
no traceback or server path in what players read."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from companion.storage import DamagedRowError, StorageUnavailableError, open_store

from .helpers import device, new_game


def raw(location: str, sql: str, params: tuple = ()) -> None:
    """Change the database behind the store's back (a hand edit, a bad disk, another program)."""
    if location.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(location, autocommit=True) as con:
            con.execute(sql.replace("?", "%s"), params)
    else:
        with sqlite3.connect(location) as con:
            con.execute(sql, params)


def kept_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if ".damaged-" in p.name and not p.name.endswith(("-wal", "-shm")))


# -- one bad record ------------------------------------------------------------------------
def test_one_bad_meta_row_does_not_break_the_list(store, location):
    good, bad = new_game(store, title="good"), new_game(store, title="bad")
    bad_owner = bad.owner
    raw(location, "UPDATE games SET meta = ? WHERE id = ?", ("{not json", bad.game_id))
    rows = {r.title: r for r in store.list_games(owner=None)}
    assert rows["good"].problem == "" and rows["bad"].problem and rows["bad"].meta == {}
    assert [r.id for r in store.list_games(owner=bad_owner)] == [bad.game_id]
    assert store.load_game(good.game_id, owner=good.owner)[0].log == []
    assert store.load_game(bad.game_id, owner=bad_owner)[1].meta == {}  # the game itself is fine


def test_a_save_that_does_not_replay_names_the_game_and_leaves_the_others(store, location):
    good, bad = new_game(store, title="good"), new_game(store, title="Ada's game")
    raw(location, "UPDATE games SET save = ? WHERE id = ?", ('{"format": "companion-save", "log"', bad.game_id))
    with pytest.raises(DamagedRowError) as refused:
        store.load_game(bad.game_id, owner=bad.owner)
    err = refused.value
    assert err.code == "stored_game_damaged" and err.params["title"] == "Ada's game" and "Ada's game" in err.message
    assert "Traceback" not in err.message and len(store.list_games(owner=None)) == 2
    assert device(store, good).session.log == []


def test_a_bad_settings_row_or_box_row_names_what_is_damaged(store, location):
    owner = store.new_table()
    store.set_setting("randomness", "table", owner=owner)
    store.set_setting("lang", "de", owner=owner)
    store.set_box_overrides("gugong", {"a": 1}, owner=owner)
    raw(location, "UPDATE settings SET value = ? WHERE key = ?", ("tab", "randomness"))
    raw(location, "UPDATE box_overrides SET overrides = ? WHERE game = ?", ("[1, 2]", "gugong"))
    with pytest.raises(DamagedRowError) as setting:
        store.setting("randomness", owner=owner)
    assert setting.value.code == "stored_setting_damaged" and setting.value.params == {"key": "randomness"}
    with pytest.raises(DamagedRowError) as box:
        store.box_overrides("gugong", owner=owner)
    assert box.value.code == "stored_box_damaged" and "gugong" in box.value.message
    assert store.setting("lang", owner=owner) == "de"
    store.set_setting("randomness", "app", owner=owner)  # writing a good value repairs it
    assert store.setting("randomness", owner=owner) == "app"


def test_a_hand_edited_number_column_is_listed_as_damaged(tmp_path):
    store = open_store(tmp_path / "c.sqlite3")
    game = new_game(store, title="edited")
    raw(str(store.path), "UPDATE games SET actions = 'many', created = 'x' WHERE id = ?", (game.game_id,))
    (row,) = store.list_games(owner=None)
    assert row.problem and row.actions == 0 and row.title == "edited"


# -- a damaged file --------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("content", "reason"),
    [(b"", "empty (0 bytes)"), (b"PK\x03\x04 this is a zip, not a database" * 40, "not an SQLite database")],
)
def test_a_file_that_is_no_database_is_kept_aside_and_a_new_one_started(tmp_path, content, reason):
    path = tmp_path / "companion.sqlite3"
    path.write_bytes(content)
    store = open_store(path)
    (notice,) = store.notices
    (kept,) = kept_files(tmp_path)
    assert notice.code == "database_kept_aside" and reason in notice.message and kept.name in notice.message
    assert str(tmp_path) not in notice.message and kept.read_bytes() == content
    assert new_game(store).revision == 1 and len(store.list_games(owner=None)) == 1


def test_damaged_pages_are_found_at_start_and_the_file_kept_aside(tmp_path):
    path = tmp_path / "companion.sqlite3"
    with open_store(path) as store:
        owner = store.new_table()
        for i in range(40):
            new_game(store, owner=owner, title=f"game {i} " + "x" * 500)
    with sqlite3.connect(path) as con:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page = con.execute("PRAGMA page_size").fetchone()[0]
    data = bytearray(path.read_bytes())
    for offset in range(3 * page, len(data) - page, page):  # every b-tree page header from page 4 on
        data[offset : offset + 8] = b"\xff" * 8
    path.write_bytes(bytes(data))
    store = open_store(path)
    assert [n.code for n in store.notices] == ["database_kept_aside"]
    assert kept_files(tmp_path)[0].read_bytes() == bytes(data)
    assert store.list_games(owner=None) == []


def test_a_healthy_database_is_never_set_aside(tmp_path):
    path = tmp_path / "companion.sqlite3"
    with open_store(path) as store:
        new_game(store)
    with open_store(path) as store:
        assert store.notices == [] and len(store.list_games(owner=None)) == 1
    assert kept_files(tmp_path) == []


# -- the data directory and the server -------------------------------------------------------
def test_a_data_directory_that_cannot_be_made_says_so_at_start(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(StorageUnavailableError) as refused:
        open_store(blocker / "companion" / "companion.sqlite3")
    assert refused.value.code == "data_dir_missing" and str(tmp_path) not in refused.value.message


@pytest.fixture
def read_only_folder(tmp_path):
    """A folder nobody may write to: chmod for a user; for root (who may write anyway) the immutable flag."""
    folder = tmp_path / "data"
    folder.mkdir()
    if os.geteuid() != 0:
        folder.chmod(0o555)
        yield folder
        folder.chmod(0o755)
        return
    if not shutil.which("chattr") or subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode:
        pytest.skip("running as root where chattr +i is not possible: no folder root cannot write to")
    yield folder
    subprocess.run(["chattr", "-i", str(folder)], check=True)


def test_a_read_only_data_directory_says_so_at_start(read_only_folder):
    with pytest.raises(StorageUnavailableError) as refused:
        open_store(read_only_folder / "companion.sqlite3")
    assert refused.value.code == "data_dir_read_only" and str(read_only_folder) not in refused.value.message
    assert list(read_only_folder.iterdir()) == []


def test_an_unreachable_database_server_says_so_without_its_address(pg_port_closed):
    url = f"postgresql://companion:secret@127.0.0.1:{pg_port_closed}/companion"
    with pytest.raises(StorageUnavailableError) as refused:
        open_store(url)
    message = refused.value.message
    assert refused.value.code == "database_unreachable"
    assert "secret" not in message and str(pg_port_closed) not in message and "127.0.0.1" not in message


@pytest.fixture
def pg_port_closed() -> int:
    pytest.importorskip("psycopg", reason="the psycopg package is not installed")
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
