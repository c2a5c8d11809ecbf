"""Click to redrawn screen in a real Chromium (phone viewport 390x844) against `streamlit run`.

Plays a 3-player Gùgōng day the way a player taps (a card, then the first option; the app draws chance steps) and
measures, per tap, the time from the click until the screen changed and the script has finished;
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

# every change below the app's main area counts; a tap is done when the screen changed and the script finished
OBSERVE = ("() => { window.__changes = 0; new MutationObserver(() => { window.__changes += 1; })"
           ".observe(document.querySelector(\"[data-testid='stMain']\"), "
           "{subtree: true, childList: true, characterData: true});"
           " document.addEventListener('click', () => { window.__clickAt = performance.now(); }, true); }")
# measured inside the page, from the click event to the first frame showing the change with the script finished
# (Playwright's own checks before a click are not part of what a player waits for)
DONE = ("n => { const app = document.querySelector(\"[data-testid='stApp']\");"
        " const done = app && app.dataset.testScriptState === 'notRunning' && window.__changes > n;"
        " if (done) { window.__took = performance.now() - window.__clickAt; } return done; }")


def _target(page):
    """What a player taps next, as test_browser.act_first does: a card (a Gùgōng turn starts there), the first
    option button, or "the app rolls/draws everything"; None when a list must be opened (untimed path)."""
    cards = page.locator("[class*='st-key-gg_card_'] button")
    if cards.count() and page.locator("[class*='st-key-gg_off_'] button").count():
        return cards.first
    for selector in ("[class*='st-key-opt_'] button", "[class*='st-key-held_confirm_'] button",
                     "[class*='st-key-app_chance_all_'] button"):
        found = page.locator(selector)
        if found.count():
            return found.first
    return None


def _choose_from_list(page) -> bool:
    """A choice only offered as a list: open it and pick the first entry (untimed); Confirm is the timed tap."""
    select = page.locator("[class*='st-key-select_'] input")
    if not select.count():
        return False
    if not select.first.is_visible():
        holder = page.locator("[data-testid='stExpander']").filter(has=page.locator("[class*='st-key-select_']"))
        holder.locator("summary").first.click()
    select.first.click()
    page.get_by_role("option").first.click()
    wait_for_app(page)
    return True


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
            page.evaluate(OBSERVE)
            for _ in range(taps):
                target = _target(page)
                if target is None:
                    if not _choose_from_list(page):
                        break
                    target = page.locator("[class*='st-key-confirm_'] button").first
                before = page.evaluate("() => window.__changes")
                target.click()
                page.wait_for_function(DONE, arg=before, timeout=30_000, polling="raf")
                times.append(page.evaluate("() => window.__took") / 1000)
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
