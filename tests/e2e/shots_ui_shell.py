"""Screenshots of the screens this branch changed (Table after setup and after a night, Home, Quick score,
Settings, Score), phone 390x844 and laptop 1280x900, in de/nl/en. Run as a script; pictures go to argv[1]."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.e2e.test_browser import CHROMIUM, CHROMIUM_ARGS, LAPTOP, PHONE, Server, act_first, wait_for_app

LOCALES = {"de": "de-DE", "nl": "nl-NL", "en": "en-GB"}


def shot(page, out: Path, name: str) -> None:
    size = page.viewport_size
    height = page.evaluate("document.querySelector('[data-testid=stMain]')?.scrollHeight || 0")
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], min(int(height), 5000))})
    page.wait_for_timeout(250)
    page.screenshot(path=str(out / f"{name}.png"))
    page.set_viewport_size(size)


def go(page, server: Server, path: str) -> None:
    page.goto(server.url + path)
    wait_for_app(page)


def run(out: Path, langs: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        server = Server(Path(tmp)).start()
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            for lang in langs:
                for device, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
                    try:
                        screens(browser, server, out, lang, device, viewport)
                    except Exception as err:  # one failed screen set is reported, the others still taken
                        print(f"{lang} {device}: {err}", file=sys.stderr)
        finally:
            browser.close()
            server.kill()


def screens(browser, server: Server, out: Path, lang: str, device: str, viewport: dict) -> None:
    page = browser.new_context(viewport=viewport, locale=LOCALES[lang]).new_page()
    go(page, server, "")
    page.locator(".st-key-new_game input").click()
    page.get_by_role("option").first.click()  # Gùgōng
    wait_for_app(page)
    shot(page, out, f"home-new-{lang}-{device}")
    page.locator(".st-key-start_game button").click()
    wait_for_app(page)
    act_first(page)  # the app draws the whole setup: the walked checklist
    shot(page, out, f"table-setup-{lang}-{device}")
    for _ in range(4):
        try:
            act_first(page)
        except Exception:  # a list that redrew under the click: the next tap tries again
            wait_for_app(page)
    shot(page, out, f"table-turn-{lang}-{device}")
    page.locator("[class*='st-key-undo_'] button").first.click()
    wait_for_app(page)
    shot(page, out, f"table-undo-{lang}-{device}")
    url = page.url
    query = url.split("?", 1)[1] if "?" in url else ""
    for name, path in (("score", "score"), ("quick", "quick-score?game=gugong"),
                       ("settings", "settings"), ("home", "")):
        sep = "&" if "?" in path else "?"
        go(page, server, f"{path}{sep}{query}" if query else path)
        shot(page, out, f"{name}-{lang}-{device}")
    page.context.close()



if __name__ == "__main__":
    run(Path(sys.argv[1]), sys.argv[2:] or ["en", "de", "nl"])
