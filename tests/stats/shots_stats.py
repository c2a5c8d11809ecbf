"""Screenshots of the Statistics screen with a merged person, phone 390x844 and laptop 1280x900, de/nl/en, and
whether any page scrolls sideways (the page wider than the screen).

Run as a script: `python -m tests.stats.shots_stats OUT [en de nl]`. The 30-result fixture is stored at the home
table, with Anna also typed "anna " and "Annie" (Annie merged into Anna), then each section is opened.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from companion.storage import open_store
from companion.storage.table import TableStore
from tests.e2e.harness import LOCALES, SIZES, Server, go, served, wait_for_app
from tests.e2e.shots_ui_shell import shot

from .fixture import store_all
from .test_history_identity import _sheet_result

SECTIONS = ("history", "players", "games", "meng", "people", "export")  # in the screen's order


def fill(folder: Path) -> None:
    with open_store(folder / "companion.sqlite3") as store:
        home = store.home_table()
        store_all(store, owner=home)
        store.save_result(_sheet_result("x-1", ["anna ", "Ben", "Cleo"], [61.5, 58, 49], 28).to_record(), owner=home)
        store.save_result(_sheet_result("x-2", ["Annie", "Cleo"], [70, 52], 29).to_record(), owner=home)
        TableStore(store, home).merge_people("Annie", "Anna")


def sideways(page) -> int:
    """How many pixels the page, or any of its tables, reaches past the screen's right edge (0: nothing is
    cut off and nothing scrolls sideways)."""
    return int(page.evaluate("""Math.max(document.documentElement.scrollWidth - window.innerWidth,
        ...[...document.querySelectorAll('table')].map(t => Math.ceil(t.getBoundingClientRect().right
            - document.querySelector('[data-testid=stMainBlockContainer]').getBoundingClientRect().right)), 0)"""))


def _patient(page, server: Server) -> None:
    """The first load on a busy machine may take longer than the helpers wait: once more, then fail."""
    try:
        go(page, server, "stats")
    except PlaywrightTimeout:
        go(page, server, "stats")


def _settled(page) -> None:
    """Meng's baseline simulates games first: on a busy machine that takes longer than the helpers wait."""
    try:
        wait_for_app(page)
    except PlaywrightTimeout:
        page.wait_for_selector("[data-testid='stApp'][data-test-script-state='notRunning']", timeout=180_000)


def run(out: Path, langs: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        fill(Path(tmp))
        with served(Path(tmp)) as (browser, server):
            for lang in langs:
                for device, size in SIZES:
                    page = browser.new_context(viewport=size, locale=LOCALES[lang]).new_page()
                    _patient(page, server)
                    for n, section in enumerate(SECTIONS):
                        if section == "meng" and (device, lang) != ("phone", "en"):
                            continue  # Meng's baseline simulates games: once is enough
                        page.locator(".st-key-stats_section [role=radiogroup] label").nth(n).click()
                        _settled(page)
                        page.wait_for_timeout(800)
                        print(f"stats-{section}-{lang}-{device}: {sideways(page)} px sideways")
                        shot(page, out, f"stats-{section}-{lang}-{device}")
                    page.context.close()


if __name__ == "__main__":
    run(Path(sys.argv[1]), sys.argv[2:] or ["en", "de", "nl"])
