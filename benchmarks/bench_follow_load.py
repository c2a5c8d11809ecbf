"""Many open game screens on one server: N screens follow a Gùgōng game live while one device plays.

One `streamlit run` server (SQLite, or PostgreSQL with --pg: a throwaway server as in the storage tests), one
headless Chromium. A player (phone 390x844) starts a 3-player game and plays to the first turn; then N other
sessions open the same game's Table screen (`/table?g=<id>`, every browser at the home table) and stay idle.
Prints, per N:
- the server's CPU per idle open screen (ms of CPU per second, from /proc over a quiet window, minus the
  player's screen alone): what following costs while nothing changes (target <= 2 ms/s);
- the player's taps: click to redrawn screen (median, p90; target p90 <= 250 ms);
- follow latency: from the player's screen showing a move until each follower's screen shows it (p90;
  target <= 1 s). Each screen's stored revision is read from the tap watch's marker every 50 ms.

Run: PYTHONPATH=$PWD python benchmarks/bench_follow_load.py [--screens 10 50 100] [--taps 15] [--db sqlite pg]
Ends with one SUMMARY line per store and N.
The browser's own CPU is not counted (only the server process's); the machine's load is printed alongside.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import sync_playwright

from benchmarks.bench_ui_clicks import DONE, OBSERVE, _choose_from_list, _target
from tests.e2e.test_browser import CHROMIUM, CHROMIUM_ARGS, PHONE, Server, wait_for_app

TICK = os.sysconf("SC_CLK_TCK")
# every 50 ms: the revision this screen shows, and when it first showed it (epoch ms: comparable across pages)
WATCH_REV = ("() => { window.__revs = []; setInterval(() => {"
             " const m = document.querySelector('.companion-tap-watch'); if (!m) return;"
             " const r = Number(m.dataset.rev); const last = window.__revs[window.__revs.length - 1];"
             " if (!last || last[0] !== r) window.__revs.push([r, Date.now()]); }, 50); }")
REV = "() => { const m = document.querySelector('.companion-tap-watch'); return m ? Number(m.dataset.rev) : -1; }"


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime + stime of the whole process (all threads)


def cpu_rate(pid: int, seconds: float) -> float:
    """The server's CPU in ms per second over a quiet window."""
    c0, t0 = cpu_seconds(pid), time.perf_counter()
    time.sleep(seconds)
    return (cpu_seconds(pid) - c0) * 1000 / (time.perf_counter() - t0)


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1] if len(values) > 1 else values[0]


def start_game(browser, url: str):
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    page.goto(url)
    page.wait_for_selector(".st-key-new_game")
    wait_for_app(page, 120_000)
    page.locator(".st-key-new_game input").click()
    page.get_by_role("option", name="Gùgōng", exact=True).click()
    wait_for_app(page, 120_000)
    page.locator(".st-key-start_game button").click()
    wait_for_app(page, 120_000)
    return page


def tap(page) -> bool:
    target = _target(page)
    if target is None:
        if not _choose_from_list(page):
            return False
        target = page.locator("[class*='st-key-confirm_'] button").first
    before = page.evaluate("() => window.__changes")
    target.click()
    page.wait_for_function(DONE, arg=before, timeout=120_000, polling="raf")
    return True


def open_followers(browser, url: str, n: int) -> list:
    pages = []
    for _ in range(n):
        page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
        page.set_default_timeout(180_000)
        page.goto(url, wait_until="commit")
        pages.append(page)
    for page in pages:
        page.wait_for_selector(".companion-tap-watch", state="attached", timeout=180_000)
        page.evaluate(WATCH_REV)
    return pages


def play(player, followers: list, taps: int, gap: float) -> tuple[list[float], list[float], int]:
    """The player's taps (ms) and every follower's latency (ms) for each tap that stored a move."""
    tap_ms, moves = [], []  # moves: (revision, epoch ms the player's screen showed it)
    for _ in range(taps):
        rev_before = player.evaluate(REV)
        if not tap(player):
            break
        tap_ms.append(player.evaluate("() => window.__took"))
        shown_at = player.evaluate("() => performance.timeOrigin + window.__clickAt + window.__took")
        wait_for_app(player, 120_000)
        rev = player.evaluate(REV)
        if rev != rev_before:
            moves.append((rev, shown_at))
        time.sleep(gap)
    time.sleep(3)  # the last move reaches every follower
    lat, missed = [], 0
    for page in followers:
        seen = page.evaluate("() => window.__revs")
        for rev, at in moves:
            when = [t for r, t in seen if r >= rev]
            if when:
                lat.append(max(0.0, min(when) - at))
            else:
                missed += 1
    return tap_ms, lat, missed


def run(screens: list[int], taps: int, gap: float, window: float, database_url: str | None) -> list[str]:
    """The figures per N, printed as they come; returned as short lines for the summary."""
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        if database_url:
            os.environ["COMPANION_DATABASE_URL"] = database_url
        else:
            os.environ.pop("COMPANION_DATABASE_URL", None)
        server = Server(Path(tmp)).start()
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            player = start_game(browser, server.url)
            for _ in range(12):  # to the first turn: the app draws the setup, the table enters start hands
                if player.locator("[class*='st-key-gg_card_'] button").count():
                    break
                player.evaluate(OBSERVE)
                tap(player)
                wait_for_app(player, 120_000)
            player.evaluate(OBSERVE)
            player.evaluate(WATCH_REV)
            game = player.evaluate("() => new URLSearchParams(location.search).get('g')")
            time.sleep(2)
            alone = cpu_rate(server.proc.pid, window)
            print(f"load before: {os.getloadavg()[0]:.1f}; server CPU with the player's screen alone: {alone:.1f} ms/s")
            opened: list = []
            for n in screens:
                opened += open_followers(browser, f"{server.url}table?g={game}", n - len(opened))
                time.sleep(3)
                busy = cpu_rate(server.proc.pid, window)
                per_screen = max(0.0, busy - alone) / n
                tap_ms, lat, missed = play(player, opened, taps, gap)
                print(f"N={n}: idle server CPU {busy:.1f} ms/s, per idle screen {per_screen:.2f} ms/s (target <= 2); "
                      f"taps median {statistics.median(tap_ms):.0f} ms, p90 {p90(tap_ms):.0f} ms (n={len(tap_ms)}); "
                      f"follow p90 {p90(lat) if lat else float('nan'):.0f} ms, median "
                      f"{statistics.median(lat) if lat else float('nan'):.0f} ms (n={len(lat)}, missed {missed}); "
                      f"load {os.getloadavg()[0]:.1f}", flush=True)
                lines.append(f"N={n}: idle {per_screen:.2f} ms/s per screen, taps p90 {p90(tap_ms):.0f} ms, "
                             f"follow p90 {p90(lat) if lat else float('nan'):.0f} ms, missed {missed}, "
                             f"load {os.getloadavg()[0]:.1f}")
        finally:
            browser.close()
            server.kill()
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--screens", type=int, nargs="+", default=[10, 50, 100])
    parser.add_argument("--taps", type=int, default=15)
    parser.add_argument("--gap", type=float, default=1.0, help="seconds between the player's taps")
    parser.add_argument("--window", type=float, default=10.0, help="seconds of the idle CPU window")
    parser.add_argument("--db", nargs="+", choices=["sqlite", "pg"], default=["sqlite", "pg"],
                        help="the stores to measure, one server each (pg: a throwaway PostgreSQL server)")
    parser.add_argument("--pg", action="store_true", help="PostgreSQL only (as --db pg)")
    args = parser.parse_args()
    summary: list[str] = []
    for db in ["pg"] if args.pg else args.db:
        print(f"-- {db}", flush=True)
        if db == "sqlite":
            lines = run(args.screens, args.taps, args.gap, args.window, None)
        else:
            from tests.storage.pg_server import PgServer

            pg = PgServer().start()
            try:
                lines = run(args.screens, args.taps, args.gap, args.window, pg.url())
            finally:
                pg.stop()
        summary += [f"SUMMARY bench_follow_load {db} {line}" for line in lines]
    print("\n".join(summary))


if __name__ == "__main__":
    main()
