"""Storage: several devices on one game, save time and the cost of the live-follow poll, per backend.

- 2 devices x 1,000 accepted actions of Gùgōng, interleaved by two threads on two Stores (two app
  replicas); a stale tap is refused, the device reloads the stored game and taps again. Lost moves:
  accepted actions missing from the final stored logs (must be 0).
- Save time: one compare-and-set save of a game 100 actions in.
- Revision poll: the query every open screen runs once a second; CPU ms per poll in the app process
  (and, for PostgreSQL, in the database server's backend process).

SQLite in a temp dir; PostgreSQL on a throwaway server in a temp dir (tests/storage/pg_server.py),
skipped with the reason when none can be started. `--actions` changes the count per device.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.core import Session  # noqa: E402
from companion.core.registry import get_game  # noqa: E402
from companion.storage import Store, open_store  # noqa: E402
from companion.ui.dispatch import Table, dispatch  # noqa: E402
from tests.storage.pg_server import PgServer, why_not  # noqa: E402

GAME = "gugong"
SETUP = {"players": ["Lisa", "Ben", "Mia", "Tom"], "seed": 42}


def _new_table(store: Store, owner: str, seed: int) -> Table:
    session = Session.new(get_game(GAME), {**SETUP, "seed": seed})
    row = store.create_game(session, owner=owner, title="bench")
    return Table(row.id, session, "bench", owner=owner, revision=row.revision)


def _open(store: Store, game_id: str, owner: str) -> Table:
    session, row = store.load_game(game_id, owner=owner)
    return Table(game_id, session, row.title, owner=owner, revision=row.revision)


class Devices:
    """Two devices playing games one after another; a finished game is followed by a new one."""

    def __init__(self, stores: list[Store], per_device: int) -> None:
        self.stores, self.per_device = stores, per_device
        self.owner = stores[0].new_table()
        self.games: list[str] = []
        self.accepted: dict[str, list[tuple[int, dict]]] = {}
        self.refused = 0
        self.lock = threading.Lock()
        self._next_game()

    def _next_game(self) -> None:
        table = _new_table(self.stores[0], self.owner, len(self.games) + 1)
        self.games.append(table.game_id)
        self.accepted[table.game_id] = []

    def play(self, i: int) -> None:
        rng, store, done = random.Random(i), self.stores[i], 0
        table = _open(store, self.games[-1], self.owner)
        while done < self.per_device:
            if table.game_id != self.games[-1]:
                table = _open(store, self.games[-1], self.owner)
            decision = table.session.decision
            if decision is None:
                with self.lock:
                    if table.game_id == self.games[-1]:
                        self._next_game()
                continue
            action = decision.options[rng.randrange(len(decision.options))]
            out = dispatch(table, action, table.revision, store)
            with self.lock:
                if out.ok:
                    done += 1
                    self.accepted[table.game_id].append((table.revision, table.session.log[-1]))
                else:
                    self.refused += 1

    def lost(self) -> int:
        lost = 0
        for game_id, accepted in self.accepted.items():
            log = self.stores[0].load_game(game_id, owner=self.owner)[0].log
            ordered = [a for _, a in sorted(accepted, key=lambda x: x[0])]
            lost += sum(1 for i, a in enumerate(ordered) if i >= len(log) or log[i] != a) + abs(len(log) - len(ordered))
        return lost


def interleaved(location: str, per_device: int) -> str:
    stores = [open_store(location), open_store(location)]
    devices = Devices(stores, per_device)
    threads = [threading.Thread(target=devices.play, args=(i,)) for i in range(2)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seconds = time.perf_counter() - t0
    accepted = sum(len(a) for a in devices.accepted.values())
    lost = devices.lost()
    for s in stores:
        s.close()
    return (f"2 devices x {per_device} actions: accepted {accepted}, stale taps refused and reloaded "
            f"{devices.refused}, games {len(devices.games)}, lost {lost}, {seconds:.1f} s")


def save_times(location: str, n: int = 200) -> str:
    store = open_store(location)
    table = _new_table(store, store.new_table(), 7)
    rng = random.Random(3)
    while len(table.session.log) < 100:
        d = table.session.decision
        table.session.act(d.options[rng.randrange(len(d.options))])
    wall, cpu = [], []
    for _ in range(n):
        t0, c0 = time.perf_counter(), time.process_time()
        table.revision = store.save_game(table.game_id, table.session, expected=table.revision, owner=table.owner)
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    size = len(store.save_text(table.game_id, owner=table.owner))
    store.close()
    return (f"save (compare-and-set, {size} bytes, 100 actions): median {statistics.median(wall):.2f} ms, "
            f"p90 {statistics.quantiles(wall, n=10)[-1]:.2f} ms, CPU median {statistics.median(cpu):.2f} ms")


def _backend_cpu(store: Store) -> float | None:
    """CPU seconds used so far by the PostgreSQL backend process serving this Store."""
    if store.backend != "postgresql":
        return None
    with store._tx() as run:
        pid = run("SELECT pg_backend_pid()")[0][0]
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def poll_cost(location: str, n: int = 5000) -> str:
    store = open_store(location)
    table = _new_table(store, store.new_table(), 9)
    server0 = _backend_cpu(store)
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(n):
        store.revision(table.game_id, owner=table.owner)
    wall, cpu = (time.perf_counter() - t0) * 1000 / n, (time.process_time() - c0) * 1000 / n
    server = _backend_cpu(store)
    store.close()
    extra = f", database server CPU {(server - server0) * 1000 / n:.3f} ms" if server is not None else ""
    return f"revision poll: {wall:.3f} ms wall, app CPU {cpu:.3f} ms per poll (= per open screen per second){extra}"


def run_backend(name: str, location: str, per_device: int) -> None:
    print(f"-- {name}")
    print("  " + interleaved(location, per_device))
    print("  " + save_times(location))
    print("  " + poll_cost(location))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=1000, help="accepted actions per device")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-storage-") as folder:
        run_backend("SQLite", str(Path(folder) / "companion.sqlite3"), args.actions)
    reason = why_not()
    if reason:
        print(f"-- PostgreSQL: skipped ({reason})")
        return 0
    server = PgServer().start()
    try:
        run_backend("PostgreSQL 127.0.0.1", server.new_database("bench"), args.actions)
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
