"""Click to redrawn screen in a real Chromium (phone viewport 390x844) against `streamlit run`.

Plays the first taps of a game the way a player taps (a Gùgōng card, then the first option; the table's start
hands entered as listed; the app draws chance steps) and measures, per tap, the time from the click until the
screen changed and the script has finished; and the first load (navigation until the app is idle). Games:
a 3-player Gùgōng day (gugong), a solo day against Meng (solo), a Dragon month (dragon), a Yinzi round (yinzi),
40 taps each by default. The phone's browser says it is a phone (its user agent), as a real one does; `--agent
desktop` keeps Chromium's own. Prints median, p90 and max (targets: median <= 120 ms, p90 <= 150 ms).
Run: PYTHONPATH=$PWD python benchmarks/bench_ui_clicks.py [taps] [--game gugong solo dragon yinzi | all]
Ends with one SUMMARY line per game (and the first load) with the machine's load, and the CPU time per tap of the
server process and of this browser's Chromium processes (renderer, GPU, browser; from /proc), which a loaded
machine disturbs far less than the wall-clock figures.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import sync_playwright

from tests.e2e.test_browser import CHROMIUM, CHROMIUM_ARGS, PHONE, Server, wait_for_app

PHONE_AGENT = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
               "Chrome/130.0.0.0 Mobile Safari/537.36")
GAMES = {  # what the Home screen's list calls it, the players
    "gugong": ("Gùgōng", ["Anna", "Benno", "Clara"], "a Gùgōng day"),
    "solo": ("Gùgōng solo (against Meng)", ["Anna"], "a solo Gùgōng day against Meng"),
    "dragon": ("In the Year of the Dragon", ["Anna", "Benno", "Clara"], "a Dragon month"),
    "yinzi": ("Yinzi", ["Anna", "Benno", "Clara"], "a Yinzi round"),
}

# every change below the app's main area counts; a tap is done when the screen changed and the script finished
OBSERVE = ("() => { window.__changes = 0; new MutationObserver(() => { window.__changes += 1; })"
           ".observe(document.querySelector(\"[data-testid='stMain']\"), "
           "{subtree: true, childList: true, characterData: true});"
           " document.addEventListener('click', () => { window.__clickAt = performance.now(); }, true); }")
# measured inside the page, from the click event to the first frame showing the change with the script finished
# (Playwright's own checks before a click are not part of what a player waits for). Waited for by the page's own
# mutation events, not by polling every frame: a polling wait costs the renderer ~50 ms of CPU per second it
# waits, which the renderer's CPU per tap below would count as the app's (and more so on a loaded machine).
DONE = ("n => new Promise(resolve => { const app = document.querySelector(\"[data-testid='stApp']\");"
        " let over = false; const end = ok => { if (over) return; over = true; watcher.disconnect(); resolve(ok); };"
        " const check = () => { if (!over && app && app.dataset.testScriptState === 'notRunning'"
        " && window.__changes > n) { over = true; watcher.disconnect(); requestAnimationFrame(() => {"
        " window.__took = performance.now() - window.__clickAt; resolve(true); }); } };"
        " const watcher = new MutationObserver(check);"
        " watcher.observe(app, {subtree: true, childList: true, characterData: true, attributes: true});"
        " check(); setTimeout(() => end(false), 30000); })")


READY = ", ".join(f"[class*='st-key-{k}'] button" for k in ("opt_", "held_confirm_", "app_chance_", "gg_card_",
                                                              "dy_open_", "confirm_")) + ", .st-key-decision button"


def _target(page):
    """What a player taps next, as test_browser.act_first does: a card (a Gùgōng turn starts there), the first
    option button, or "the app rolls/draws everything"; None when a list must be opened (untimed path)."""
    cards = page.locator("[class*='st-key-gg_card_'] button")
    if cards.count() and page.locator("[class*='st-key-gg_off_'] button").count():
        return cards.first
    for selector in ("[class*='st-key-opt_'] button", "[class*='st-key-held_confirm_'] button",
                     "[class*='st-key-app_chance_all_'] button", "[class*='st-key-app_chance_'] button",
                     "[class*='st-key-dy_open_'] button", ".st-key-decision button"):
        found = page.locator(f"{selector}:visible")  # a folded panel's buttons are not what a player taps
        if found.count():
            return found.first
    return None


def _choose_from_list(page) -> bool:
    """A choice only offered as a list: open it and pick the first entry (untimed); Confirm is the timed tap."""
    select = page.locator("[class*='st-key-select_'] input")
    fold = page.locator("[class*='st-key-list_fold_'] summary")  # a phone draws the list only once it is open
    if not select.count() and fold.count():
        fold.first.click()
        wait_for_app(page)
    if not select.count():
        return False
    if not select.first.is_visible():
        holder = page.locator("[data-testid='stExpander']").filter(has=page.locator("[class*='st-key-select_']"))
        holder.locator("summary").first.click()
    select.first.click()
    page.get_by_role("option").first.click()
    wait_for_app(page)
    return True


def new_game(page, game: str) -> None:
    label, names, _ = GAMES[game]
    page.locator(".st-key-new_game input").click()
    page.get_by_role("option", name=label, exact=True).click()
    wait_for_app(page)
    for i, name in enumerate(names):
        page.locator(f".st-key-new_name_{i} input").fill(name)
        page.locator(f".st-key-new_name_{i} input").press("Tab")
        wait_for_app(page)
    page.locator(".st-key-start_game button").click()
    wait_for_app(page)


class Frames:
    """The websocket messages the server sends (one ForwardMsg each: an element, a block, the run's start/end)."""

    def __init__(self, page) -> None:
        self.count = 0
        self.per_tap: list[int] = []
        page.on("websocket", lambda ws: ws.on("framereceived", self._got))

    def _got(self, _frame) -> None:
        self.count += 1


def play(page, taps: int, frames: Frames | None = None) -> list[float]:
    """Seconds from each click to the redrawn screen; a tap that changed nothing on the screen is not counted."""
    times: list[float] = []
    page.evaluate(OBSERVE)
    for _ in range(taps):
        page.wait_for_selector(READY, timeout=120_000)  # the game screen is drawn (a busy machine is slow)
        target = _target(page)
        if target is None:
            if not _choose_from_list(page):
                break
            target = page.locator("[class*='st-key-confirm_'] button").first
        before = page.evaluate("() => window.__changes")
        sent = frames.count if frames else 0
        target.click()
        if not page.evaluate(DONE, before):  # 30 s and nothing changed: not a tap that redraws
            continue
        times.append(page.evaluate("() => window.__took") / 1000)
        wait_for_app(page)  # settle (not timed): the next tap starts from a quiet screen
        if frames:
            frames.per_tap.append(frames.count - sent)
    return times


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _processes() -> dict[int, tuple[int, list[str]]]:
    """pid -> (parent pid, command line) of every process (Chromium rewrites its children's command lines)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                found[int(entry.name)] = (parent, (entry / "cmdline").read_text().replace("\0", " ").split())
            except (OSError, ValueError, IndexError):  # ended meanwhile
                pass
    return found


def chromium_cpu() -> dict[str, float]:
    """CPU seconds of this process's Chromium by process type (renderer, gpu-process, browser, ...): the processes
    under a Chromium started from here (its zygote's children are the renderers), not other browsers."""
    procs, me = _processes(), os.getpid()

    def ancestors(pid: int) -> list[int]:
        chain = []
        while pid > 1 and pid in procs and len(chain) < 64:
            chain.append(pid)
            pid = procs[pid][0]
        return chain

    ours = {pid for pid, (_, cmd) in procs.items() if cmd and "chrom" in cmd[0] and me in ancestors(pid)}
    cpu: dict[str, float] = {}
    for pid, (_, cmd) in procs.items():
        if cmd and "chrom" in cmd[0] and ours & set(ancestors(pid)):
            kind = next((a.split("=", 1)[1] for a in cmd if a.startswith("--type=")), "browser")
            with contextlib.suppress(OSError):
                cpu[kind] = cpu.get(kind, 0.0) + _cpu_seconds(pid)
    return cpu


def cpu_line(server_s: float, browser: dict[str, float], taps: int) -> str:
    """CPU ms per tap: the server, Chromium's renderer and all of this Chromium together."""
    if not taps:
        return ""
    per_tap = 1000 / taps
    return (f"CPU per tap: server {server_s * per_tap:.0f} ms, Chromium renderer "
            f"{browser.get('renderer', 0) * per_tap:.0f} ms, all Chromium {sum(browser.values()) * per_tap:.0f} ms")


def run(taps: int, games: list[str], agent: str) -> None:
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        server = Server(Path(tmp)).start()
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        extra = {"user_agent": PHONE_AGENT, "is_mobile": True, "has_touch": True} if agent == "phone" else {}
        try:
            for n, game in enumerate(games):
                page = browser.new_context(viewport=PHONE, locale="en-GB", **extra).new_page()
                frames = Frames(page)
                page.set_default_timeout(120_000)
                t0 = time.perf_counter()
                page.goto(server.url)
                page.wait_for_selector(".st-key-new_game")
                page.wait_for_selector("[data-testid='stApp'][data-test-script-state='notRunning']")
                first = (time.perf_counter() - t0) * 1000
                print(f"first load: {first:.0f} ms ({'a fresh server' if n == 0 else 'a new browser, warm server'})")
                new_game(page, game)
                server0, browser0 = _cpu_seconds(server.proc.pid), chromium_cpu()
                times = play(page, taps, frames)
                browser1 = chromium_cpu()
                used = cpu_line(_cpu_seconds(server.proc.pid) - server0,
                                {k: v - browser0.get(k, 0.0) for k, v in browser1.items()}, len(times))
                sent = f"messages per tap: median {statistics.median(frames.per_tap or [0]):.0f}"
                used = f"{used}, {sent}" if used else sent
                print(used)
                lines.append(report(GAMES[game][2], times, agent) + f", first load {first:.0f} ms"
                             + (" (fresh server)" if n == 0 else " (warm server)") + f"; {used}")
                page.context.close()
        finally:
            browser.close()
            server.kill()
    for line in lines:  # one compact line per game, the machine's load beside it
        print(f"SUMMARY bench_ui_clicks: {line}; load {os.getloadavg()[0]:.1f}")


def report(what: str, times: list[float], agent: str) -> str:
    """Print the taps' figures; return them as one short line."""
    ms = sorted(t * 1000 for t in times)
    if not ms:
        print(f"{what}: no tap redrew the screen")
        return f"{what}: no tap redrew the screen"
    p90 = statistics.quantiles(ms, n=10)[-1] if len(ms) > 1 else ms[0]
    print(f"click to redrawn screen over {len(ms)} taps ({what}, phone 390x844, {agent} browser): "
          f"median {statistics.median(ms):.0f} ms, p90 {p90:.0f} ms, max {ms[-1]:.0f} ms "
          "(targets: median <= 120 ms, p90 <= 150 ms)", flush=True)
    return (f"{what}: median {statistics.median(ms):.0f} ms, p90 {p90:.0f} ms, max {ms[-1]:.0f} ms "
            f"over {len(ms)} taps ({agent})")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("taps", type=int, nargs="?", default=40)
    parser.add_argument("--game", nargs="+", choices=[*GAMES, "all"], default=["gugong"])
    parser.add_argument("--agent", choices=["phone", "desktop"], default="phone")
    args = parser.parse_args()
    run(args.taps, list(GAMES) if "all" in args.game else args.game, args.agent)
