"""Click to redrawn screen in a real Chromium (phone viewport 390x844) against `streamlit run`.

Plays a 3-player Gùgōng day by tapping the first option (the app draws chance steps) and measures,
per tap, the time from the click until the screen shows the new step and the script has finished;
and the first load (navigation until the app is idle). Prints median and p90 (target p90 <= 250 ms).
Run: PYTHONPATH=$PWD python benchmarks/bench_ui_clicks.py [taps]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import sync_playwright

from tests.e2e.test_browser import CHROMIUM, CHROMIUM_ARGS, PHONE, Server, wait_for_app

LAST_STEP = "() => { const p = [...document.querySelectorAll('.st-key-event_log p')].pop();" \
            " return p ? parseInt(p.innerText) || 0 : 0; }"
DONE = ("n => { const app = document.querySelector(\"[data-testid='stApp']\");"
        " const p = [...document.querySelectorAll('.st-key-event_log p')].pop();"
        " return app && app.dataset.testScriptState === 'notRunning' && p && (parseInt(p.innerText) || 0) > n; }")


def _tap(page) -> bool:
    for selector in ("[class*='st-key-opt_'] button", "[class*='st-key-app_chance_all_'] button",
                     "[class*='st-key-confirm_'] button"):
        found = page.locator(selector)
        if found.count():
            if "confirm" in selector:
                page.locator("[class*='st-key-select_'] input").first.click()
                page.get_by_role("option").first.click()
                wait_for_app(page)
            found.first.click()
            return True
    return False


def run(taps: int) -> None:
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        server = Server(Path(tmp)).start()
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
            t0 = time.perf_counter()
            page.goto(server.url)
            page.wait_for_selector(".st-key-new_game")
            page.wait_for_selector("[data-testid='stApp'][data-test-script-state='notRunning']")
            first_load = time.perf_counter() - t0
            page.locator(".st-key-new_game input").click()
            page.get_by_role("option", name="Gùgōng", exact=True).click()
            wait_for_app(page)
            page.locator(".st-key-start_game button").click()
            wait_for_app(page)
            times = []
            for _ in range(taps):
                before = page.evaluate(LAST_STEP)
                start = time.perf_counter()
                if not _tap(page):
                    break
                page.wait_for_function(DONE, arg=before, timeout=30_000, polling="raf")
                times.append(time.perf_counter() - start)
                wait_for_app(page)  # settle (not timed): the next tap starts from a quiet screen
        finally:
            browser.close()
            server.kill()
    ms = sorted(t * 1000 for t in times)
    p90 = statistics.quantiles(ms, n=10)[-1] if len(ms) > 1 else ms[0]
    print(f"first load: {first_load * 1000:.0f} ms")
    print(f"click to redrawn screen over {len(ms)} taps (a Gùgōng day, phone 390x844): "
          f"median {statistics.median(ms):.0f} ms, p90 {p90:.0f} ms, max {ms[-1]:.0f} ms (target p90 <= 250 ms)")


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
