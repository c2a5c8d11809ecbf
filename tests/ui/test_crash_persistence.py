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

from companion.storage import Store

ROOT = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent(
    """
    import sys
    from companion.core import Session
    from companion.core.registry import get_game, register
    from companion.storage import Store
    from companion.ui.dispatch import APP_CHANCE, Table, dispatch
    from tests.core.toy_game import MANIFEST as PIG_MANIFEST

    register(PIG_MANIFEST)
    game = get_game(sys.argv[2])
    setup = {"players": ["Ada", "Bo", "Cy"], "seed": 11}
    store = Store(sys.argv[1])
    session = Session.new(game, setup)
    table = Table("crash", session, "crash test")
    store.save_game("crash", session)
    n = 0
    while session.decision is not None:
        d = session.decision
        command = APP_CHANCE if d.is_chance else d.options[n % len(d.options)]
        if dispatch(table, command, table.version, store).ok:
            n += 1
            print("ACK", len(session.log), flush=True)
    print("DONE", flush=True)
    """
)


def _run_and_kill(db: Path, game: str, after: int) -> int:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(db), game], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT
    )
    acked = 0
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("ACK"):
            acked = int(line.split()[1])
            if acked >= after:
                proc.send_signal(signal.SIGKILL)  # no shutdown hooks: like a crash or a pulled plug
                break
    proc.wait(10)
    return acked


def test_sigkill_mid_game_loses_no_accepted_action(tmp_path):
    db = tmp_path / "companion.sqlite3"
    acked = _run_and_kill(db, "toy-pig", after=25)
    assert acked >= 25
    session, row = Store(db).load_game("crash")  # replays and verifies the stored log
    assert len(session.log) >= acked and row.actions == len(session.log)


def test_sigkill_mid_gugong_game(tmp_path):
    db = tmp_path / "companion.sqlite3"
    acked = _run_and_kill(db, "gugong", after=60)
    session, _ = Store(db).load_game("crash")
    assert len(session.log) >= acked >= 60
