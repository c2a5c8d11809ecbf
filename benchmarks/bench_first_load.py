"""First load: what a fresh server process spends on its first Home screen before the first paint (issue 23).

Each round starts a fresh Python process (as a fresh `streamlit run` is: Streamlit itself imported, nothing of
the app yet) and runs the app's Home screen once through streamlit.testing (the script thread does what a
server's first session does: the app's imports, catalogs, the store, the page). Prints per round the wall and
CPU time of that first run and of a second one, then the medians; with --imports, the import time of the app's
modules on that first run grouped (the app's screens, the game engines, other libraries; from
`python -X importtime`); with --profile, the first run's most expensive functions of the app (cProfile).

    PYTHONPATH=$PWD python benchmarks/bench_first_load.py [--rounds 3] [--imports] [--profile] [--lang de]

Each round also says what the first Home run loaded: the games' engines (only the game its form shows first:
the list of games comes from core.registry's listings), how many languages' catalogs, and which of the heavy
libraries (YAML, jsonschema, pandas, numpy, ReportLab, PIL, Streamlit's emoji catalogue) — none is needed.
The second run recompiles the page scripts (AppTest keeps no script cache between runs; a server does).

With --browser, the whole first load in Chromium (phone 390x844) against `streamlit run`: per server one load
on the fresh server, then --warm loads of a new browser (no cache) on the warm one; from the navigation until
Home's new-game form is drawn (its Start button, Streamlit's lazily loaded widget code included) and the app is
idle. Each load says when the page's HTML arrived, when Streamlit's JavaScript was loaded (DOMContentLoaded),
when the websocket was connected, when the script run began and ended, the first contentful paint, how many
requests and bytes, the server's CPU and Chromium's CPU (from /proc). --root names other checkouts (an old
commit's worktree) measured in turn with this one, server by server (an interleaved A/B):

    PYTHONPATH=$PWD python benchmarks/bench_first_load.py --browser [--servers 5] [--warm 2] [--root ../old]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from browser_load import browser_main

ROOT = Path(__file__).resolve().parents[1]

# the child: Streamlit imported first (a server has it before any session), then one timed first Home run
CHILD = r"""
import cProfile, io, json, os, pstats, sys, tempfile, time
os.environ.setdefault("COMPANION_DATA_DIR", tempfile.mkdtemp(prefix="bench-first-"))
sys.path.insert(0, os.environ["BENCH_ROOT"])
from streamlit.testing.v1 import AppTest
from streamlit.runtime.scriptrunner import script_runner
profile = os.environ.get("BENCH_PROFILE") == "1"
runs = []
original = script_runner.ScriptRunner._run_script
def timed(self, *args, **kwargs):
    prof = cProfile.Profile() if profile and not runs else None
    w, c = time.perf_counter(), time.thread_time()
    if prof: prof.enable()
    try:
        return original(self, *args, **kwargs)
    finally:
        if prof: prof.disable()
        runs.append(((time.perf_counter() - w) * 1000, (time.thread_time() - c) * 1000, prof))
script_runner.ScriptRunner._run_script = timed
sys.stderr.write("BENCH-MARK\n")  # the imports before this line are Streamlit's own (a server's start)
at = AppTest.from_file(os.path.join(os.environ["BENCH_ROOT"], "streamlit_app.py"), default_timeout=120)
at.session_state["lang"] = os.environ.get("BENCH_LANG", "en")
at.run()
at.run()
assert not at.exception, at.exception
out = {"first": runs[0][:2], "second": runs[1][:2], "profile": ""}
# what the first Home screen loaded: libraries it should not need, the games' engines, the languages' catalogs
out["heavy"] = sorted(m for m in ("yaml", "jsonschema", "pandas", "numpy", "reportlab", "PIL", "pyarrow",
                                  "streamlit.emojis") if m in sys.modules)
out["engines"] = sorted(m[len("companion."):-len(".engine")] for m in sys.modules
                       if m.startswith("companion.") and m.endswith(".engine"))
out["catalogs"] = sys.modules["companion.i18n"].catalog.cache_info().currsize  # languages loaded
if runs[0][2] is not None:
    text = io.StringIO()
    stats = pstats.Stats(runs[0][2], stream=text).sort_stats("cumulative")
    stats.print_stats(r"companion/(ui|i18n|storage)/.*\.py|streamlit_app", 25)
    out["profile"] = text.getvalue()
print("BENCH-RESULT " + json.dumps(out))
"""


def _child(imports: bool, profile: bool, lang: str = "en") -> tuple[dict, str]:
    env = dict(os.environ, BENCH_ROOT=str(ROOT), BENCH_PROFILE="1" if profile else "0", BENCH_LANG=lang)
    cmd = [sys.executable, *(["-X", "importtime"] if imports else []), "-c", CHILD]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600, cwd=ROOT)
    line = next((x for x in done.stdout.splitlines() if x.startswith("BENCH-RESULT ")), None)
    if line is None:
        raise SystemExit(f"the first run failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return json.loads(line.split(" ", 1)[1]), done.stderr


GROUPS = (("app screens (companion.ui, i18n, storage)", ("companion.ui", "companion.i18n", "companion.storage")),
          ("game engines (companion.core, gugong, dragon, yinzi)", ("companion.",)),
          ("other libraries", ("",)))


def import_groups(stderr: str) -> dict[str, float]:
    """ms of the top-level imports after the mark (what the app's first run imports), by group."""
    totals = {name: 0.0 for name, _ in GROUPS}
    after = stderr.split("BENCH-MARK", 1)[-1]
    for line in after.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        _, cumulative, module = line.split("|")
        if module.startswith("  "):  # counted in its parent
            continue
        name = module.strip()
        if not cumulative.strip().isdigit():
            continue
        group = next(g for g, prefixes in GROUPS if any(name.startswith(p) for p in prefixes))
        totals[group] += int(cumulative) / 1000
    return totals


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--imports", action="store_true", help="group the first run's imports (-X importtime)")
    parser.add_argument("--profile", action="store_true", help="cProfile of the first run (the app's functions)")
    parser.add_argument("--lang", choices=("en", "de", "nl"), default="en", help="the reader's language")
    parser.add_argument("--browser", action="store_true", help="the whole first load in Chromium")
    parser.add_argument("--servers", type=int, default=5, help="--browser: fresh servers per checkout")
    parser.add_argument("--warm", type=int, default=2, help="--browser: new browsers per warm server")
    parser.add_argument("--root", action="append", default=[], help="--browser: another checkout, in turn")
    args = parser.parse_args()
    if args.browser:
        return browser_main([ROOT, *(Path(r).resolve() for r in args.root)], args.servers, args.warm, args.lang)
    firsts, seconds, cpus = [], [], []
    for n in range(args.rounds):
        result, stderr = _child(args.imports, args.profile and n == 0, args.lang)
        (wall, cpu), (again, _) = result["first"], result["second"]
        firsts.append(wall), cpus.append(cpu), seconds.append(again)
        print(f"round {n + 1}: first Home run {wall:.0f} ms (CPU {cpu:.0f} ms), second run {again:.0f} ms")
        print(f"    loaded by the first Home run: engines {', '.join(result['engines']) or 'none'}; catalogs of "
              f"{result['catalogs']} language(s); of the heavy libraries {', '.join(result['heavy']) or 'none'}")
        if args.imports:
            for group, ms in import_groups(stderr).items():
                print(f"    imports on the first run, {group}: {ms:.0f} ms")
        if result["profile"]:
            print(result["profile"])
    print(f"SUMMARY first-load server: first Home run median {statistics.median(firsts):.0f} ms "
          f"(CPU {statistics.median(cpus):.0f} ms), second run {statistics.median(seconds):.0f} ms, "
          f"rounds {args.rounds}, load {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
