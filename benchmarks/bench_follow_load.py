"""Many open game screens on one server: N screens follow a Gùgōng game live while one device plays.

One `streamlit run` server (SQLite, or PostgreSQL: a throwaway server as in the storage tests). A player (a
headless Chromium page, phone 390x844) starts a 3-player game and plays to the first turn; then N other screens
open the same game's Table screen (`/table?g=<id>`) and stay idle. By default the followers are websocket clients
speaking Streamlit's protocol that draw nothing (benchmarks/follow_clients.py, in processes of their own), so
the two cores go to the server; `--followers browser` opens them as Chromium pages instead (their redraws then
eat the machine: the numbers say more about Chromium than about the server).
Prints, per N:
- the server's CPU per idle open screen (ms of CPU per second, from /proc over a quiet window, minus the
  player's screen alone): what following costs while nothing changes (target <= 2 ms/s);
- the player's taps: click to redrawn screen, as bench_ui_clicks measures (median, p90; target p90 <= 250 ms);
- follow latency: from the player's screen showing a move until each follower has it (websocket clients: the
  run that shows the new revision finished; browsers: the tap watch's marker read every 50 ms) (median, p90;
  target p90 <= 1 s), and the moves a follower never saw (missed: not within SETTLE s after the last tap);
  also from the player's click (the server's whole answer; the player's own browser drawing late under load
  makes the first figure small or 0);
- the server's CPU per move (all followers' reruns and the player's tap) and the load average.

Run: PYTHONPATH=$PWD python benchmarks/bench_follow_load.py [--screens 10 50 100] [--taps 15] [--db sqlite pg]
     [--followers ws|browser]
Ends with one SUMMARY line per store and N.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from benchmarks.bench_ui_clicks import DONE, OBSERVE, _choose_from_list, _target
from tests.e2e.test_browser import CHROMIUM, CHROMIUM_ARGS, PHONE, Server, wait_for_app

ROOT = Path(__file__).resolve().parents[1]
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


TAP_TIMEOUT = 120_000  # ms: a tap not drawn by then counts as this long (a lower bound) and ends the N's taps


def tap(page, timeout: int = 120_000) -> bool:
    target = _target(page)
    if target is None:
        if not _choose_from_list(page):
            return False
        target = page.locator("[class*='st-key-confirm_'] button").first
    before = page.evaluate("() => window.__changes")
    target.click()
    page.wait_for_function(DONE, arg=before, timeout=timeout, polling="raf")
    return True


def open_browsers(browser, url: str, n: int) -> list:
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


class Clients:
    """Websocket followers (follow_clients.py) in processes of their own; what they saw, gathered by a thread."""

    def __init__(self, url: str, game: str, agent: str) -> None:
        self.url, self.game, self.agent = url, game, agent
        self.procs: list[subprocess.Popen] = []
        self.count = 0
        self.seen: dict[int, list[tuple[int, float]]] = {}  # client -> [(revision, epoch ms its run finished)]
        self.errors: list[str] = []
        self._lock = threading.Lock()

    def add(self, n: int) -> None:
        cmd = [sys.executable, str(Path(__file__).with_name("follow_clients.py")), "--url", self.url,
               "--game", self.game, "--clients", str(n), "--first", str(self.count), "--agent", self.agent]
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, cwd=ROOT)
        self.procs.append(proc)
        ready = threading.Event()
        threading.Thread(target=self._read, args=(proc, ready), daemon=True).start()
        if not ready.wait(300):
            raise RuntimeError(f"{n} followers did not open the game in 5 minutes")
        for i in range(self.count, self.count + n):
            self.seen.setdefault(i, [])
        self.count += n

    def _read(self, proc: subprocess.Popen, ready: threading.Event) -> None:
        for line in proc.stdout:
            record = json.loads(line)
            with self._lock:
                if "ready" in record:
                    ready.set()
                elif "error" in record:
                    self.errors.append(record["error"])
                else:
                    self.seen.setdefault(record["c"], []).append((record["rev"], record["done"]))

    def cpu(self) -> float:
        return sum(cpu_seconds(p.pid) for p in self.procs if p.poll() is None)

    def revisions(self) -> list[list[tuple[int, float]]]:
        with self._lock:
            return [list(v) for v in self.seen.values()]

    def close(self) -> None:
        for proc in self.procs:
            proc.kill()
            proc.wait(10)


class Browsers:
    """Followers as Chromium pages (the old mode): the tap watch's marker read every 50 ms in each page."""

    def __init__(self, browser, url: str, game: str) -> None:
        self.browser, self.url = browser, f"{url}table?g={game}"
        self.pages: list = []
        self.errors: list[str] = []

    @property
    def count(self) -> int:
        return len(self.pages)

    def add(self, n: int) -> None:
        self.pages += open_browsers(self.browser, self.url, n)

    def cpu(self) -> float:
        return 0.0  # Chromium's own CPU is not counted

    def revisions(self) -> list[list[tuple[int, float]]]:
        return [page.evaluate("() => window.__revs") for page in self.pages]

    def close(self) -> None:
        pass


def play(player, taps: int, gap: float) -> tuple[list[float], list[tuple[int, float, float]]]:
    """The player's taps (ms) and the moves they stored: (revision, epoch ms the player's screen showed it, epoch
    ms of the click).
    A tap not drawn within TAP_TIMEOUT counts as TAP_TIMEOUT and ends the taps (the server is swamped)."""
    tap_ms, moves = [], []
    for _ in range(taps):
        rev_before = player.evaluate(REV)
        try:
            if not tap(player, TAP_TIMEOUT):
                break
        except PlaywrightTimeout:
            tap_ms.append(float(TAP_TIMEOUT))
            print(f"  a tap was not drawn within {TAP_TIMEOUT / 1000:.0f} s: the taps end here", flush=True)
            wait_for_app(player, 600_000)
            break
        tap_ms.append(player.evaluate("() => window.__took"))
        clicked_at = player.evaluate("() => performance.timeOrigin + window.__clickAt")
        wait_for_app(player, 120_000)
        rev = player.evaluate(REV)
        if rev != rev_before:
            moves.append((rev, clicked_at + tap_ms[-1], clicked_at))
        time.sleep(gap)
    return tap_ms, moves


SETTLE = 60.0  # seconds after the last tap for every follower to show the last move


def settle(followers, moves: list[tuple[int, float, float]]) -> None:
    """Until every follower shows the last move (SETTLE s at most)."""
    deadline = time.monotonic() + SETTLE
    last = moves[-1][0] if moves else None
    while last is not None and time.monotonic() < deadline:
        if all(any(r >= last for r, _ in seen) for seen in followers.revisions()):
            return
        time.sleep(0.5)


def follow_latency(followers, moves: list[tuple[int, float, float]]) -> tuple[list[float], list[float], int]:
    """Each follower's latency (ms) per move, from the player's screen and from the click; the moves a follower
    never showed."""
    lat, from_click, missed = [], [], 0
    for seen in followers.revisions():
        for rev, shown, clicked in moves:
            when = [t for r, t in seen if r >= rev]
            if when:
                lat.append(max(0.0, min(when) - shown))
                from_click.append(min(when) - clicked)
            else:
                missed += 1
    return lat, from_click, missed


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def measure(server, player, followers, n: int, alone: float, args) -> str:
    """Open screens up to n, the idle window, the player's taps; prints the figures, returns the summary."""
    followers.add(n - followers.count)
    time.sleep(3)
    busy = cpu_rate(server.proc.pid, args.window)
    per_screen = max(0.0, busy - alone) / n
    spy = sampler(server.proc.pid, args, n)
    runs_before = sum(len(seen) for seen in followers.revisions())
    server_cpu, client_cpu, t0 = cpu_seconds(server.proc.pid), followers.cpu(), time.perf_counter()
    tap_ms, moves = play(player, args.taps, args.gap)
    settle(followers, moves)
    reruns = sum(len(seen) for seen in followers.revisions()) - runs_before  # follower runs that showed a move
    if spy is not None:
        spy.send_signal(signal.SIGINT)  # py-spy writes its file when interrupted
        spy.wait(60)
    server_cpu = cpu_seconds(server.proc.pid) - server_cpu
    client_cpu = followers.cpu() - client_cpu
    elapsed = time.perf_counter() - t0
    lat, from_click, missed = follow_latency(followers, moves)
    load = os.getloadavg()[0]
    # the server's CPU per script run while playing: each follower rerun that showed a move, and each tap (a tap's
    # run also saves: this slightly overstates a follower's rerun); runs of followers that were behind count once
    per_run = server_cpu * 1000 / max(1, reruns + len(moves))
    print(f"N={n}: idle server CPU {busy:.1f} ms/s, per idle screen {per_screen:.2f} ms/s (target <= 2); "
          f"taps median {median(tap_ms):.0f} ms, p90 {p90(tap_ms):.0f} ms (n={len(tap_ms)}, target p90 <= 250); "
          f"follow median {median(lat):.0f} ms, p90 {p90(lat) if lat else float('nan'):.0f} ms "
          f"(n={len(lat)}, moves {len(moves)}, missed {missed}, target p90 <= 1000), from the click median "
          f"{median(from_click):.0f} ms, p90 {p90(from_click) if from_click else float('nan'):.0f} ms; "
          f"server CPU while playing {server_cpu * 1000 / max(1, len(moves)):.0f} ms per move "
          f"({server_cpu * 100 / elapsed:.0f}% of one core), per screen run {per_run:.1f} ms ({reruns} follower "
          f"reruns and {len(moves)} taps), followers' processes {client_cpu * 100 / elapsed:.0f}%;"
          f" load {load:.1f}", flush=True)
    for error in followers.errors:
        print(f"  follower failed: {error}")
    return (f"N={n}: idle {per_screen:.2f} ms/s per screen, taps median {median(tap_ms):.0f} p90 {p90(tap_ms):.0f} "
            f"ms, follow median {median(lat):.0f} p90 {p90(lat) if lat else float('nan'):.0f} ms (from the click "
            f"{median(from_click):.0f}/{p90(from_click) if from_click else float('nan'):.0f}), "
            f"missed {missed}/{len(lat) + missed}, server {server_cpu * 1000 / max(1, len(moves)):.0f} ms CPU/move, "
            f"{per_run:.1f} ms CPU/run, load {load:.1f}")


def sampler(pid: int, args, n: int) -> subprocess.Popen | None:
    """py-spy sampling the server while the player plays (--pyspy DIR): collapsed stacks of the threads holding
    the GIL, one file per store and N, to see what a move costs the server."""
    if not args.pyspy:
        return None
    spy = os.environ.get("PY_SPY") or shutil.which("py-spy")
    if spy is None:
        print("py-spy not found (PY_SPY=/path/to/py-spy): no profile")
        return None
    out = Path(args.pyspy) / f"{args.store}-{n}.txt"
    out.parent.mkdir(parents=True, exist_ok=True)
    return subprocess.Popen([spy, "record", "-p", str(pid), "-f", "raw", "-g", "-r", "200", "--nonblocking",
                             "-o", str(out)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def to_first_turn(player) -> None:
    for _ in range(12):  # to the first turn: the app draws the setup, the table enters start hands
        if player.locator("[class*='st-key-gg_card_'] button").count():
            break
        player.evaluate(OBSERVE)
        tap(player)
        wait_for_app(player, 120_000)
    player.evaluate(OBSERVE)
    player.evaluate(WATCH_REV)


def run(args, database_url: str | None) -> list[str]:
    """The figures per N, printed as they come; returned as short lines for the summary."""
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        if database_url:
            os.environ["COMPANION_DATABASE_URL"] = database_url
        else:
            os.environ.pop("COMPANION_DATABASE_URL", None)
        server = Server(Path(tmp)).start()
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        followers = None
        try:
            player = start_game(browser, server.url)
            to_first_turn(player)
            game = player.evaluate("() => new URLSearchParams(location.search).get('g')")
            time.sleep(2)
            alone = cpu_rate(server.proc.pid, args.window)
            print(f"load before: {os.getloadavg()[0]:.1f}; server CPU with the player's screen alone: {alone:.1f} ms/s")
            ws = args.followers == "ws"
            followers = Clients(server.url, game, args.agent) if ws else Browsers(browser, server.url, game)
            for n in args.screens:
                lines.append(measure(server, player, followers, n, alone, args))
        finally:
            if followers is not None:
                followers.close()
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
    parser.add_argument("--followers", choices=["ws", "browser"], default="ws",
                        help="ws: websocket clients that draw nothing (default); browser: Chromium pages")
    parser.add_argument("--agent", choices=["desktop", "phone"], default="desktop",
                        help="websocket followers say they are laptops (everything drawn) or phones (folds)")
    parser.add_argument("--pyspy", metavar="DIR", help="sample the server with py-spy while the player plays")
    parser.add_argument("--pg", action="store_true", help="PostgreSQL only (as --db pg)")
    args = parser.parse_args()
    summary: list[str] = []
    for db in ["pg"] if args.pg else args.db:
        args.store = db
        print(f"-- {db}", flush=True)
        if db == "sqlite":
            lines = run(args, None)
        else:
            from tests.storage.pg_server import PgServer

            pg = PgServer().start()
            try:
                lines = run(args, pg.url())
            finally:
                pg.stop()
        summary += [f"SUMMARY bench_follow_load {db} {line}" for line in lines]
    print("\n".join(summary))


if __name__ == "__main__":
    main()
