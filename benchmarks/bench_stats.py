"""The Statistics screen with 1,000 stored results (AppTest: server time per run), and the one-time backfill of
1,000 finished saved games (each replayed through its engine).

Results are synthetic but shaped like the real ones: the four games, 1-5 seats from eight names, the engines'
own score-sheet categories, ties, options and solo difficulties, over two years. The screen is measured cold
(first render: read_sql, pandas, the history with 1,000 BG Stats links) and warm (a rerun: one version query,
then cached frames), per section, and after a filter change. Target: a rerun within 300 ms.

    .venv/bin/python benchmarks/bench_stats.py [--results 1000] [--games 1000] [--reruns 20]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("COMPANION_DATA_DIR", tempfile.mkdtemp(prefix="bench-stats-"))

from streamlit.testing.v1 import AppTest  # noqa: E402

from companion.core import Session  # noqa: E402
from companion.core.playout import playout  # noqa: E402
from companion.core.registry import manifest  # noqa: E402
from companion.core.scoring import ScoreRow, ScoreSheet  # noqa: E402
from companion.stats.extract import options_of, tags_of  # noqa: E402
from companion.stats.record import backfill  # noqa: E402
from companion.stats.result import TRACKED, Result, rows_of, seats_of  # noqa: E402
from companion.storage import open_store  # noqa: E402

APP = str(ROOT / "streamlit_app.py")
STATS = "companion/ui/pages/stats.py"
NAMES = ["Anna", "Ben", "Cleo", "Dirk", "Eva", "Femke", "Gijs", "Hanna"]
CODES = {
    "gugong": ["gugong_score.row.during_game", "gugong_score.row.incomplete_wall", "gugong_score.row.palace",
               "gugong_score.row.jade", "gugong_score.row.decree.eight_vp"],
    "dragon": ["dragon.score.research", "dragon.score.festival", "dragon.score.palaces", "dragon.score.privileges",
               "dragon.score.persons", "dragon.score.monks", "dragon.score.money"],
    "yinzi": ["yinzi.row_boats", "yinzi.row_factories", "yinzi.row_wares", "yinzi.row_war_glory",
              "yinzi.row_infrastructure", "yinzi.row_progress", "yinzi.row_misfortune"],
}
SETUPS = {"gugong": {"expert": True}, "dragon": {"great_wall": True, "super_event": "random"}, "yinzi": {},
          "gugong-solo": {"difficulty": "hard"}}


def synthetic(n: int, rng: random.Random) -> Result:
    game = rng.choice(["gugong", "gugong", "dragon", "yinzi", "gugong-solo"])
    m = manifest(game)
    people = 1 if m.solo else rng.randint(2, 5)
    names = rng.sample(NAMES, people) + (["Meng"] if m.solo else [])
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


def ms(fn) -> tuple[float, float]:
    t0, c0 = time.perf_counter(), time.process_time()
    fn()
    return (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000


def line(label: str, samples: list[tuple[float, float]]) -> str:
    wall = [s[0] for s in samples]
    p90 = statistics.quantiles(wall, n=10)[-1] if len(wall) >= 10 else max(wall)
    return (f"{label:<46} median {statistics.median(wall):7.1f} ms   p90 {p90:7.1f} ms   "
            f"CPU median {statistics.median(s[1] for s in samples):7.1f} ms   (n={len(wall)})")


def screen(results: int, reruns: int) -> None:
    rng = random.Random(7)
    with open_store() as store:
        home = store.home_table()
        wall, _ = ms(lambda: [store.save_result(synthetic(n, rng).to_record(), owner=home) for n in range(results)])
    print(f"stored {results} results in {wall / 1000:.1f} s ({wall / results:.2f} ms each)")
    at = AppTest.from_file(APP, default_timeout=120)
    at.session_state["lang"] = "en"
    at.run()
    print(line("Statistics, first render (cold caches)", [ms(lambda: at.switch_page(STATS).run())]))
    assert not at.exception, at.exception
    print(line("Statistics, history: rerun", [ms(at.run) for _ in range(reruns)]))
    for section in ("players", "games", "meng", "export", "history"):
        first = ms(lambda s=section: at.radio(key="stats_section").set_value(s).run())
        assert not at.exception, at.exception
        print(line(f"  {section}: first view", [first]))
        print(line(f"  {section}: rerun", [ms(at.run) for _ in range(reruns)]))
    print(line("filter change (a new view: pandas + links)",
               [ms(lambda: at.multiselect(key="stats_games").set_value(["dragon"]).run())]))
    print(line("  filtered: rerun", [ms(at.run) for _ in range(reruns)]))


def finished_saves(distinct: int) -> list[Session]:
    """`distinct` finished games of the four engines (random legal playouts)."""
    out = []
    for i in range(distinct):
        m = manifest(["gugong", "gugong-solo", "dragon", "yinzi"][i % 4])
        people = 1 if m.solo else 2 + i % 3
        players = [{"name": n, "colour": c} for n, c in zip(NAMES[:people], m.colours({}), strict=False)]
        run = playout(m.engine, m.setup_for(players, {}, i), i)
        out.append(Session.from_log(m.engine, run.setup, run.log))
    return out


def backfill_bench(games: int, distinct: int) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-backfill-") as folder, open_store(Path(folder) / "c.sqlite3") as s:
        home = s.home_table()
        saves = finished_saves(distinct)
        for n in range(games):
            s.create_game(saves[n % len(saves)], owner=home)
        wall, cpu = ms(lambda: backfill(s, home))
        assert len(s.result_frames()["results"]) == games
        print(f"backfill of {games} finished saved games ({distinct} distinct, each replayed): {wall / 1000:.1f} s "
              f"({wall / games:.1f} ms per game, CPU {cpu / 1000:.1f} s)")
        wall, _ = ms(lambda: backfill(s, home))
        print(f"backfill again (nothing left to do): {wall:.1f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--results", type=int, default=1000)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--distinct", type=int, default=40)
    parser.add_argument("--reruns", type=int, default=20)
    args = parser.parse_args(argv)
    screen(args.results, args.reruns)
    backfill_bench(args.games, args.distinct)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
