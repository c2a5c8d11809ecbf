"""Server time per interaction in the app (streamlit.testing AppTest), mid-game vs a blank page.

Mid-game: a 3-player Gùgōng game played 70 steps in (day 2 of 4; a random game has ~160), opened on the Table screen;
each interaction is one tap (the first option, or the app rolls) followed by the rerun. The
blank page is a one-line Streamlit script measured in the same run, and the Home screen is
shown too. Prints wall-time medians and 90th percentiles, and the median CPU time of the
process (AppTest runs the script in a thread of this process), which is less sensitive to
other load on the machine. Falls back to the toy game
when the Gùgōng engine is not available.

    .venv/bin/python benchmarks/bench_app.py [--steps 40] [--warmup 70] [--profile]

With --profile, the Table screen's reruns (laptop, reruns only, then phone taps) are profiled (cProfile, in the
script thread) and the app's most expensive functions printed.
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
os.environ.setdefault("COMPANION_DATA_DIR", tempfile.mkdtemp(prefix="bench-app-"))

from streamlit.runtime.scriptrunner.script_cache import ScriptCache  # noqa: E402
from streamlit.testing.v1 import AppTest, app_test, local_script_runner  # noqa: E402

from companion.core import Session  # noqa: E402
from companion.core.errors import SetupError  # noqa: E402
from companion.core.registry import get_game, register  # noqa: E402
from companion.storage import open_store  # noqa: E402
from companion.ui.dispatch import Table  # noqa: E402

APP = str(ROOT / "streamlit_app.py")
# A server compiles each script once (its ScriptCache); AppTest makes a new cache per run and so compiled the app
# and the page again on every run (~10 ms, not what a tap costs on a server): one cache, as a server has.
_SCRIPTS = ScriptCache()
app_test.ScriptCache = local_script_runner.ScriptCache = lambda: _SCRIPTS
BLANK = "import streamlit as st\nst.write('blank')\n"


def _game() -> tuple[str, dict]:
    try:
        get_game("gugong")
        return "gugong", {"players": ["Lisa", "Ben", "Mia"], "seed": 42}
    except SetupError:
        sys.path.insert(0, str(ROOT))
        from tests.core.toy_game import GAME, MANIFEST

        register(MANIFEST)
        return GAME.name, {"players": ["Ada", "Bo", "Cy"], "seed": 42}


def mid_game_table(name: str, setup: dict, warmup: int) -> Table:
    session = Session.new(get_game(name), setup)
    rng = random.Random(7)
    for _ in range(warmup):
        d = session.decision
        if d is None:
            break
        if d.is_chance and not d.hidden:
            session.resolve_chance()
        elif d.hidden:  # what the table holds (a start hand): it enters the first listed component
            session.act(d.options[0])
        else:
            session.act(d.options[rng.randrange(len(d.options))])
    store = open_store()
    row = store.create_game(session, owner=store.home_table(), title="bench")
    return Table(row.id, session, "bench", owner=row.owner, revision=row.revision)


CPU: dict[int, list[float]] = {}  # id(sample list) -> CPU ms of the same interactions
SCRIPT_CPU: dict[int, list[float]] = {}  # id(sample list) -> CPU ms of the script thread alone (callbacks + run)
_SCRIPT_SECONDS = [0.0]  # the script threads' CPU so far (thread_time inside ScriptRunner._run_script)


def _count_script_cpu() -> None:
    """Add each script run's own CPU (time.thread_time in its thread) to _SCRIPT_SECONDS: what a tap costs the
    server, without the test harness's thread and less disturbed by other load than wall or process time."""
    from streamlit.runtime.scriptrunner import script_runner

    original = script_runner.ScriptRunner._run_script

    def run(self, *args, **kwargs):
        c0 = time.thread_time()
        try:
            return original(self, *args, **kwargs)
        finally:
            _SCRIPT_SECONDS[0] += time.thread_time() - c0

    script_runner.ScriptRunner._run_script = run


def timed(fn, samples: list[float]) -> None:
    """Wall time into `samples`; process CPU time (script thread included) and the script thread's own beside it."""
    t0, c0, s0 = time.perf_counter(), time.process_time(), _SCRIPT_SECONDS[0]
    fn()
    samples.append((time.perf_counter() - t0) * 1000)
    CPU.setdefault(id(samples), []).append((time.process_time() - c0) * 1000)
    SCRIPT_CPU.setdefault(id(samples), []).append((_SCRIPT_SECONDS[0] - s0) * 1000)


def tap(at: AppTest) -> None:
    table = at.session_state["table"]
    d, v = table.session.decision, table.version
    if d is None:
        at.run()
    elif d.hidden:
        at.button(key=f"held_confirm_{v}").click().run()
    elif d.is_chance:
        at.button(key=f"app_chance_{v}").click().run()
    elif len(d.options) <= 8:
        at.button(key=f"opt_{v}_0").click().run()
    else:
        at.selectbox(key=f"select_{v}").set_value(0)
        at.button(key=f"confirm_{v}").click().run()


LIST_FOLDS = ("list_fold_gugong", "list_fold_choose")  # a phone draws a chooser's whole list only once it is open


def open_list(at: AppTest) -> None:
    """A phone: open the folded list when the next tap chooses from it (untimed, as a player opens it first)."""
    table = at.session_state["table"]
    d, v = table.session.decision, table.version
    if d is None or d.hidden or d.is_chance or len(d.options) <= 8 or any(s.key == f"select_{v}" for s in at.selectbox):
        return
    for key in LIST_FOLDS:
        at.session_state[key] = True
    at.run()


PROFILE: list = []  # the cProfile.Profile the script runs are profiled into (--profile), else empty


def _profiled() -> None:
    """Profile every script run of this process into PROFILE[0] (AppTest runs the script in its own thread)."""
    import cProfile

    from streamlit.runtime.scriptrunner import script_runner

    original = script_runner.ScriptRunner._run_script
    PROFILE.append(cProfile.Profile(time.thread_time))

    def run(self, *args, **kwargs):
        if not PROFILE[1:]:  # switched on by main() around the measured reruns only
            return original(self, *args, **kwargs)
        PROFILE[0].enable()
        try:
            return original(self, *args, **kwargs)
        finally:
            PROFILE[0].disable()

    script_runner.ScriptRunner._run_script = run


def print_profile(limit: int = 40) -> None:
    import io
    import pstats

    text = io.StringIO()
    stats = pstats.Stats(PROFILE[0], stream=text).sort_stats("cumulative")
    stats.print_stats(r"companion/|streamlit_app", limit)
    print(text.getvalue())


def summary(label: str, samples: list[float]) -> str:
    q = statistics.quantiles(samples, n=10)[-1] if len(samples) >= 10 else max(samples)
    cpu, script = statistics.median(CPU[id(samples)]), statistics.median(SCRIPT_CPU[id(samples)])
    return (
        f"{label:<40} median {statistics.median(samples):6.1f} ms   p90 {q:6.1f} ms   "
        f"CPU median {cpu:6.1f} ms   script thread CPU {script:6.1f} ms   (n={len(samples)})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--warmup", type=int, default=70)
    parser.add_argument("--profile", action="store_true", help="profile the Table screen's reruns (cProfile)")
    args = parser.parse_args(argv)
    if args.profile:
        _profiled()
    _count_script_cpu()
    name, setup = _game()

    blank = AppTest.from_string(BLANK, default_timeout=30)
    blank.run()
    blank_ms: list[float] = []
    for _ in range(args.steps):
        timed(blank.run, blank_ms)

    home = AppTest.from_file(APP, default_timeout=30)
    home.session_state["lang"] = "en"
    home.run()
    home_ms: list[float] = []
    for _ in range(args.steps):
        timed(home.run, home_ms)

    at = AppTest.from_file(APP, default_timeout=30)
    at.session_state["lang"] = "en"
    at.session_state["table"] = mid_game_table(name, setup, args.warmup)
    at.run()
    at.switch_page("companion/ui/pages/table.py").run()
    start_actions = len(at.session_state["table"].session.log)
    tap_ms: list[float] = []
    rerun_ms: list[float] = []
    phone_ms: list[float] = []
    for _ in range(args.steps):
        timed(lambda: tap(at), tap_ms)
    PROFILE.append(True) if PROFILE else None  # --profile: from here on
    for _ in range(args.steps):
        timed(at.run, rerun_ms)
    from companion.ui import folds

    folds.is_phone = lambda: True  # a phone's browser: the log and the board folded
    at.run()
    for _ in range(args.steps):
        open_list(at)
        timed(lambda: tap(at), phone_ms)
    end_actions = len(at.session_state["table"].session.log)
    assert not at.exception, at.exception

    over = at.session_state["table"].session.is_over
    print(f"game: {name}, actions in the log: {start_actions} -> {end_actions}" + (" (game over)" if over else ""))
    print(summary("blank page (one st.write)", blank_ms))
    print(summary("Home screen", home_ms))
    print(summary("Table, mid-game: tap + rerun + autosave", tap_ms))
    print(summary("Table, mid-game: rerun only", rerun_ms))
    print(summary("Table on a phone: tap + rerun + autosave", phone_ms))
    if PROFILE:
        print_profile()
    tap_cpu, blank_cpu = statistics.median(CPU[id(tap_ms)]), statistics.median(CPU[id(blank_ms)])
    tap_wall, blank_wall = statistics.median(tap_ms), statistics.median(blank_ms)
    script = {name: statistics.median(SCRIPT_CPU[id(x)]) for name, x in
              (("tap", tap_ms), ("rerun", rerun_ms), ("phone", phone_ms), ("blank", blank_ms))}
    print(f"SUMMARY bench_app: server time per tap {tap_wall:.1f} ms (CPU {tap_cpu:.1f} ms), blank page "
          f"{blank_wall:.1f} ms (CPU {blank_cpu:.1f} ms): {tap_wall / blank_wall:.1f}x wall, "
          f"{tap_cpu / blank_cpu:.1f}x CPU (target <= 3x); script thread CPU: tap {script['tap']:.1f} ms, rerun "
          f"{script['rerun']:.1f} ms, phone tap {script['phone']:.1f} ms, blank {script['blank']:.1f} ms "
          f"({script['tap'] / script['blank']:.1f}x); phone tap {statistics.median(phone_ms):.1f} ms; "
          f"load {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
