"""A process killed (SIGKILL) in the middle of a game loses no accepted action.

A child process plays through the app's dispatch and prints ACK after each accepted action;
the parent kills it mid-game and reopens the same SQLite file. (The browser test does the same
with a real `streamlit run` server.)
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from companion.storage import open_store

ROOT = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent(
    """
    import sys
    from companion.core import Session
    from companion.core.registry import get_game, register
    from companion.storage import open_store
    from companion.ui.dispatch import APP_CHANCE, Table, dispatch
    from tests.core.toy_game import MANIFEST as PIG_MANIFEST

    register(PIG_MANIFEST)
    game = get_game(sys.argv[2])
    setup = {"players": ["Ada", "Bo", "Cy"], "seed": 11}
    store = open_store(sys.argv[1])
    session = Session.new(game, setup)
    row = store.create_game(session, owner=store.home_table(), title="crash test")
    table = Table(row.id, session, row.title, owner=row.owner, revision=row.revision)
    print("GAME", row.id, flush=True)
    n = 0
    while session.decision is not None:
        d = session.decision
        command = APP_CHANCE if d.is_chance and not d.hidden else d.options[n % len(d.options)]
        if dispatch(table, command, table.revision, store).ok:
            n += 1
            print("ACK", len(session.log), flush=True)
    print("DONE", flush=True)
    """
)


def _run_and_kill(db: Path, game: str, after: int) -> tuple[str, int]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(db), game], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT
    )
    acked, game_id = 0, ""
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("GAME"):
            game_id = line.split()[1]
        if line.startswith("ACK"):
            acked = int(line.split()[1])
            if acked >= after:
                proc.send_signal(signal.SIGKILL)  # no shutdown hooks: like a crash or a pulled plug
                break
    proc.wait(10)
    return game_id, acked


def test_sigkill_mid_game_loses_no_accepted_action(tmp_path):
    db = tmp_path / "companion.sqlite3"
    game_id, acked = _run_and_kill(db, "toy-pig", after=25)
    assert acked >= 25
    session, row = open_store(db).load_game(game_id, owner=None)  # replays and verifies the stored log
    assert len(session.log) >= acked and row.actions == len(session.log) and row.revision == len(session.log) + 1


def test_sigkill_mid_gugong_game(tmp_path):
    db = tmp_path / "companion.sqlite3"
    game_id, acked = _run_and_kill(db, "gugong", after=60)
    session, _ = open_store(db).load_game(game_id, owner=None)
    assert len(session.log) >= acked >= 60
