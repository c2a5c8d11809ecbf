"""Screenshots of the screens this branch changed (Table after setup and after a night, Home, Quick score,
Settings, Score), phone 390x844 and laptop 1280x900, in de/nl/en. Run as a script; pictures go to argv[1]."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.e2e.harness import LOCALES, Server, each_set, go, picture, served, wait_for_app
from tests.e2e.test_browser import act_first

__all__ = ["LOCALES", "go", "shot"]  # the other screenshot scripts take these from here


def shot(page, out: Path, name: str) -> None:
    picture(page, out / f"{name}.png", tallest=5000)


def run(out: Path, langs: list[str]) -> None:
    with served() as (browser, server):
        each_set(langs, lambda lang, device, size: screens(browser, server, out, lang, device, size))


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
