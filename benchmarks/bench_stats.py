"""The statistics at 1,000 and 10,000 stored results: `python -m companion stats --json` (a process of its own,
as a club's operator runs it, imports included) and the Statistics screen's first render (AppTest: server time
of the first run with cold caches), then a rerun, each section's first view, and the time each export file
takes to build (on the screen: when its download is tapped). Targets at 1,000 results: stats --json within
0.5 s, the first render within 1 s.

Python's compiled bytecode is kept in a folder of the temporary directory (as an installed app keeps it in
__pycache__), also when PYTHONDONTWRITEBYTECODE is set; `stats --json` runs once before it is timed, and is
also timed compiling every module afresh (--compile), what a first run after an update costs.

Results are synthetic but shaped like the real ones: the four games, 1-5 seats from eight names (some typed
in other spellings: "anna ", "BEN"), the engines' own score-sheet categories, ties, options and solo
difficulties, over two years.

    .venv/bin/python benchmarks/bench_stats.py [--results 1000 10000] [--reruns 5] [--no-screen] [--compile]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.core.registry import manifest  # noqa: E402
from companion.core.scoring import ScoreRow, ScoreSheet  # noqa: E402
from companion.stats.extract import options_of, tags_of  # noqa: E402
from companion.stats.result import TRACKED, Result, rows_of, seats_of  # noqa: E402
from companion.storage import open_store  # noqa: E402

APP = str(ROOT / "streamlit_app.py")
BYTECODE = Path(tempfile.gettempdir()) / "companion-bench-pycache"  # compiled modules, kept between runs
STATS = "companion/ui/pages/stats.py"
NAMES = ["Anna", "Ben", "Cleo", "Dirk", "Eva", "Femke", "Gijs", "Hanna", "anna ", "BEN"]
CODES = {
    "gugong": ["gugong_score.row.during_game", "gugong_score.row.incomplete_wall", "gugong_score.row.palace",
               "gugong_score.row.jade", "gugong_score.row.decree.eight_vp"],
    "dragon": ["dragon.table.track", "dragon.table.persons", "dragon.table.monks", "dragon.table.money"],
    "yinzi": ["yinzi.row_boats", "yinzi.row_factories", "yinzi.row_wares", "yinzi.row_war_glory",
              "yinzi.row_infrastructure", "yinzi.row_progress", "yinzi.row_misfortune"],
}
SETUPS = {"gugong": {"expert": True}, "dragon": {"great_wall": True, "super_event": "random"}, "yinzi": {},
          "gugong-solo": {"difficulty": "hard"}}


def synthetic(n: int, rng: random.Random) -> Result:
    game = rng.choice(["gugong", "gugong", "dragon", "yinzi", "gugong-solo"])
    m = manifest(game)
    people = 1 if m.solo else rng.randint(2, 5)
    names = rng.sample(NAMES[:8], people) + (["Meng"] if m.solo else [])
    names = [rng.choice(["anna ", "ANNA"]) if x == "Anna" and rng.random() < 0.2 else x for x in names]
    codes = CODES["gugong" if m.solo else game]
    rows = [ScoreRow(c, [float(rng.randint(-2, 25)) for _ in names]) for c in codes]
    totals = [sum(r.values[i] for r in rows) for i in range(len(names))]
    sheet = ScoreSheet(m.engine.name if not m.solo else "gugong", names, rows, totals, [True] * len(names),
                       sorted(range(len(names)), key=lambda i: -totals[i]),
                       [i for i, t in enumerate(totals) if t == max(totals)])
    setup = {k: v for k, v in SETUPS[game].items() if rng.random() < 0.5}
    if m.solo:
        setup["difficulty"] = rng.choice(["easy", "normal", "hard"])
    options = options_of(m, setup)
    end = time.time() - rng.uniform(0, 2 * 365 * 86400)
    return Result(f"b-{n:05d}", game, TRACKED, end, seats_of(sheet, people, []), rows_of(sheet),
                  started=end - rng.uniform(30, 150) * 60, solo=m.solo, difficulty=setup.get("difficulty"),
                  options=options, tags=tags_of(m, options), start_seat=0, extra={"sheet_game": sheet.game})


def fill(folder: str, results: int) -> None:
    rng = random.Random(7)
    with open_store(Path(folder) / "companion.sqlite3") as store:
        home = store.home_table()
        t0 = time.perf_counter()
        for n in range(results):
            store.save_result(synthetic(n, rng).to_record(), owner=home)
    print(f"  stored {results} results in {time.perf_counter() - t0:.1f} s")


def stats_json(folder: str, runs: int, compile_all: bool = False) -> list[tuple[float, float]]:
    """`python -m companion stats --json`, a process each run (imports included): (wall, CPU) seconds. CPU is
    the child's user + system time, which a machine busy with other work inflates far less than wall time.
    Bytecode is cached (one untimed run first), or with `compile_all` every module is compiled each run."""
    env = {**os.environ, "COMPANION_DATA_DIR": folder, "PYTHONPATH": str(ROOT)}
    env.pop("COMPANION_DATABASE_URL", None)
    if compile_all:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "no-bytecode")  # empty: nothing cached is read
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(BYTECODE)
        subprocess.run([sys.executable, "-m", "companion", "stats", "--json"], cwd=ROOT, env=env,
                       capture_output=True, check=True)
    times = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "companion", "stats", "--json"], cwd=ROOT, env=env,
                              capture_output=True, check=True)
        wall = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append((wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime))
        assert done.stdout.startswith(b"{"), done.stdout[:200]
    return times


def in_process(folder: str) -> tuple[float, float]:
    """The same report in this process (imports done): what the command itself costs, (wall, CPU) seconds."""
    import contextlib
    import io

    from companion.stats.commands import stats_main

    os.environ["COMPANION_DATA_DIR"] = folder
    args = argparse.Namespace(game=None, player=None, csv=None, json=True, lang="en", table=None, delete=None,
                              restore=None, deleted=False, people=False, merge=None, unmerge=None)
    t0, c0 = time.perf_counter(), time.process_time()
    with contextlib.redirect_stdout(io.StringIO()):
        stats_main(args)
    return time.perf_counter() - t0, time.process_time() - c0


def screen(folder: str, reruns: int) -> None:
    os.environ["COMPANION_DATA_DIR"] = folder
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(APP, default_timeout=300)
    at.session_state["lang"] = "en"
    at.run()
    t0, c0 = time.perf_counter(), time.process_time()
    at.switch_page(STATS).run()
    first, cpu = time.perf_counter() - t0, time.process_time() - c0
    assert not at.exception, at.exception
    print(f"  Statistics screen, first render (cold caches): wall {first:.2f} s, CPU {cpu:.2f} s")
    again = []
    for _ in range(reruns):
        t0 = time.perf_counter()
        at.run()
        again.append(time.perf_counter() - t0)
    print(f"  Statistics screen, rerun: median {statistics.median(again) * 1000:.0f} ms")
    for section in ("players", "games", "meng", "people", "export"):
        t0 = time.perf_counter()
        at.radio(key="stats_section").set_value(section).run()
        assert not at.exception, at.exception
        print(f"    {section}: first view {(time.perf_counter() - t0) * 1000:.0f} ms")


def export_files(folder: str) -> None:
    """Each file of the Export section, built as a tap on its download builds it (every play, English)."""
    from companion.stats import export
    from companion.stats.frames import Frames
    from companion.storage.table import TableStore

    with open_store(Path(folder) / "companion.sqlite3") as store:
        frames = Frames.load(TableStore(store, store.home_table()))
    builders = {"history CSV": lambda: export.csv_bytes(export.history_table(frames, "en"), "en"),
                "score rows CSV": lambda: export.csv_bytes(export.rows_table(frames, "en"), "en"),
                ".bgsplay": lambda: export.bgsplay_bytes(export.plays(frames, "en"), me="Anna")}
    for name, build in builders.items():
        t0, c0 = time.perf_counter(), time.process_time()
        size = len(build())
        print(f"    export {name} ({size / 1e6:.1f} MB): wall {time.perf_counter() - t0:.2f} s, "
              f"CPU {time.process_time() - c0:.2f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--results", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--runs", type=int, default=3, help="stats --json runs (the median is printed)")
    parser.add_argument("--reruns", type=int, default=5)
    parser.add_argument("--no-screen", action="store_true", help="only stats --json")
    parser.add_argument("--compile", action="store_true", help="also time stats --json compiling every module")
    args = parser.parse_args(argv)
    sys.dont_write_bytecode, sys.pycache_prefix = False, str(BYTECODE)  # the app's own modules, as installed
    for count in args.results:
        with tempfile.TemporaryDirectory(prefix="bench-stats-") as folder:
            print(f"{count} results")
            fill(folder, count)
            times = stats_json(folder, args.runs)
            print(f"  stats --json, a process: wall median {statistics.median(t[0] for t in times):.2f} s, "
                  f"CPU median {statistics.median(t[1] for t in times):.2f} s")
            if args.compile:
                times = stats_json(folder, args.runs, compile_all=True)
                print(f"  stats --json, a process compiling every module: wall median "
                      f"{statistics.median(t[0] for t in times):.2f} s, "
                      f"CPU median {statistics.median(t[1] for t in times):.2f} s")
            wall, cpu = in_process(folder)
            print(f"  stats --json, in process (imports done): wall {wall:.2f} s, CPU {cpu:.2f} s")
            if not args.no_screen:
                screen(folder, args.reruns)
                export_files(folder)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
