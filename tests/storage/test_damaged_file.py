"""Issue 24: one damaged page must not hide the intact games of an SQLite file.

A file with a damaged index page (the probe's case: 3 intact games set aside whole) is recovered into a
fresh file when the app starts: every game is readable, the damaged original is kept aside and the
notice says how many games were recovered. The rescue by hand in docs/deploy.md is run here as written,
with Debian's sqlite3 (whose `.recover` fails with "SQL logic error" on such a file)."""

from __future__ import annotations

import re
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from companion.core import Session
from companion.storage import open_store
from companion.ui.dispatch import APP_CHANCE, Table, dispatch
from tests.core.toy_game import GAME as PIG

DEPLOY = Path(__file__).resolve().parents[2] / "docs" / "deploy.md"
SQLITE3 = shutil.which("sqlite3")


def _games(path: Path, count: int = 4) -> dict[str, list]:
    """A database with `count` games a few moves in; returns each game's log by id."""
    logs = {}
    with open_store(path) as store:
        owner = store.new_table()
        for seed in range(count):
            session = Session.new(PIG, {"players": ["Ada", "Bo"], "seed": seed})
            row = store.create_game(session, owner=owner, title=f"Pig {seed}")
            tab = Table(row.id, session, row.title, row.meta, owner=owner, revision=row.revision)
            for _ in range(3):
                decision = tab.session.decision
                assert dispatch(tab, APP_CHANCE if decision.is_chance else decision.options[0], tab.revision,
                                store).ok
            logs[row.id] = list(tab.session.log)
    return logs


def _damage_index_page(path: Path, index: str = "games_by_owner") -> None:
    """Overwrite one index page with junk (the file's tables stay intact)."""
    with sqlite3.connect(path) as con:
        root = con.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (index,)).fetchone()[0]
        size = con.execute("PRAGMA page_size").fetchone()[0]
    con.close()
    with path.open("r+b") as f:
        f.seek((root - 1) * size)
        f.write(b"\x0d\xff\xff\xff" + b"\xa5" * (size - 4))
    with sqlite3.connect(path) as con:
        assert con.execute("PRAGMA quick_check(1)").fetchone()[0] != "ok"  # really damaged
    con.close()


@pytest.fixture
def damaged(tmp_path) -> tuple[Path, dict[str, list]]:
    path = tmp_path / "companion.sqlite3"
    logs = _games(path)
    _damage_index_page(path)
    return path, logs


def test_a_damaged_index_page_is_recovered_and_every_intact_game_is_readable(damaged):
    path, logs = damaged
    with open_store(path) as store:
        assert [n.code for n in store.notices] == ["database_recovered"]
        assert store.notices[0].params["n"] == len(logs)
        for game_id, log in logs.items():
            assert store.load_game(game_id)[0].log == log
        assert {r.id for r in store.list_games()} == set(logs)
        owner = store.list_games()[0].owner
        assert store.create_game(Session.new(PIG, {"players": ["Ada", "Bo"], "seed": 9}), owner=owner).revision == 1
    kept = list(path.parent.glob("companion.sqlite3.damaged-*"))
    assert len(kept) == 1 and kept[0].stat().st_size > 0  # the damaged original, kept aside as it was
    with open_store(path) as again:  # the recovered file is sound: no second recovery
        assert again.notices == [] and len(again.list_games()) == len(logs) + 1


def _rescue_lines() -> list[str]:
    text = DEPLOY.read_text(encoding="utf-8")
    lines = [line.strip() for line in text.splitlines() if re.match(r"\s{4,}sqlite3 \"\$DAMAGED\"", line)]
    assert lines, "docs/deploy.md gives the rescue by hand"
    return lines


@pytest.mark.skipif(SQLITE3 is None, reason="the sqlite3 command is not installed (Debian package sqlite3)")
def test_the_rescue_by_hand_in_deploy_md_recovers_every_game(damaged, tmp_path):
    path, logs = damaged
    aside = path.with_name("companion.sqlite3.damaged-20261127-191500")
    path.rename(aside)
    script = "\n".join(["set -eo pipefail", *_rescue_lines()])
    done = subprocess.run(["bash", "-c", script], cwd=tmp_path, env={"DAMAGED": aside.name, "PATH": "/usr/bin:/bin"},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    rescued = tmp_path / "rescued.sqlite3"
    with open_store(rescued) as store:
        assert store.notices == []
        for game_id, log in logs.items():
            assert store.load_game(game_id)[0].log == log
