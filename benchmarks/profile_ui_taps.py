"""Where Chromium's renderer spends a tap (issue 23): a profile of taps on the Table screen (phone 390x844).

Plays a game as bench_ui_clicks.py does (3 taps to settle, then `taps` profiled) with a Chrome trace
(devtools.timeline) and the V8 CPU profiler on, and prints per tap: the DOM nodes the tap added and removed
under the app's main area (a direct count of what React rebuilt, not disturbed by the machine's load), the
trace's main-thread totals (style recalculation = UpdateLayoutTree, Layout, Paint; nested events overlap) and
the JavaScript self time by script file (react-dom, emotion = Streamlit's styling, StreamlitMarkdown = the
Markdown parser every label and text goes through) and the top functions.
Run: PYTHONPATH=$PWD python benchmarks/profile_ui_taps.py [taps] [--game gugong|solo|dragon|yinzi]
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_ui_clicks import GAMES, PHONE_AGENT, new_game, play
from playwright.sync_api import sync_playwright

from tests.e2e.test_browser import CHROMIUM, CHROMIUM_ARGS, PHONE, Server

COUNT_NODES = ("() => { window.__added = 0; window.__removed = 0; new MutationObserver(records => {"
               " for (const r of records) { window.__added += r.addedNodes.length;"
               " window.__removed += r.removedNodes.length; } })"
               ".observe(document.querySelector(\"[data-testid='stMain']\"), {subtree: true, childList: true}); }")
TRACED = {"UpdateLayoutTree", "Layout", "Paint", "PrePaint", "Layerize", "Commit", "ParseHTML", "FunctionCall",
          "EventDispatch", "TimerFire", "HitTest"}


def profiled(game: str, taps: int) -> tuple[int, tuple[int, int], list, dict]:
    """Taps played, DOM nodes (added, removed), the trace's events and the CPU profile."""
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        server = Server(Path(tmp)).start()
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_context(viewport=PHONE, locale="en-GB", user_agent=PHONE_AGENT, is_mobile=True,
                                       has_touch=True).new_page()
            page.set_default_timeout(120_000)
            page.goto(server.url)
            page.wait_for_selector(".st-key-new_game")
            new_game(page, game)
            play(page, 3)
            page.evaluate(COUNT_NODES)
            cdp = page.context.new_cdp_session(page)
            cdp.send("Profiler.enable")
            cdp.send("Profiler.setSamplingInterval", {"interval": 200})
            cdp.send("Profiler.start")
            browser.start_tracing(page=page, categories=["devtools.timeline"])
            played = len(play(page, taps))
            trace = json.loads(browser.stop_tracing())
            profile = cdp.send("Profiler.stop")["profile"]
            nodes = page.evaluate("() => [window.__added, window.__removed]")
        finally:
            browser.close()
            server.kill()
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    return played, (nodes[0], nodes[1]), events, profile


def self_times(profile: dict) -> tuple[collections.Counter, collections.Counter]:
    """JavaScript self time (ms) by script file and by function."""
    nodes = {node["id"]: node for node in profile["nodes"]}
    by_file: collections.Counter = collections.Counter()
    by_function: collections.Counter = collections.Counter()
    for sample, delta in zip(profile["samples"], profile["timeDeltas"], strict=False):
        frame = nodes[sample]["callFrame"]
        where = frame["url"].rsplit("/", 1)[-1] or frame["functionName"] or "(native)"
        by_file[where] += delta / 1000
        by_function[f"{frame['functionName'] or '(anonymous)'} @{where}:{frame['columnNumber']}"] += delta / 1000
    return by_file, by_function


def main(game: str, taps: int) -> None:
    played, (added, removed), events, profile = profiled(game, taps)
    if not played:
        print("no tap redrew the screen")
        return
    totals: collections.Counter = collections.Counter()
    for event in events:
        if event.get("ph") == "X" and event.get("name") in TRACED and "dur" in event:
            totals[event["name"]] += event["dur"] / 1000
    print(f"{GAMES[game][2]}, {played} taps profiled; load {os.getloadavg()[0]:.1f}")
    print(f"DOM nodes per tap: added {added / played:.0f}, removed {removed / played:.0f}")
    print("main thread per tap (ms; nested events overlap): "
          + ", ".join(f"{name} {ms / played:.0f}" for name, ms in totals.most_common()))
    by_file, by_function = self_times(profile)
    print("JavaScript self time per tap (ms) by file (idle and (program) include the waits between taps):")
    for name, ms in by_file.most_common(12):
        print(f"  {name:44s} {ms / played:7.1f}")
    print("top functions:")
    for name, ms in by_function.most_common(14):
        print(f"  {name:64s} {ms / played:7.1f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("taps", type=int, nargs="?", default=15)
    parser.add_argument("--game", choices=list(GAMES), default="gugong")
    args = parser.parse_args()
    main(args.game, args.taps)
