"""The Statistics screen in a real headless Chromium (Debian's /usr/bin/chromium, driven by Playwright as in
tests/e2e/test_browser.py), on a phone (390x844) and a laptop (1280x900), in German, Dutch and English, with the
30-result fixture. Screenshots go to out/screenshots/stats-<lang>-<device>-<section>.png (look at them). The
history CSV downloaded from the browser opens with pandas in the language's format."""

from __future__ import annotations

import io
from pathlib import Path

import pandas as pd
import pytest

from companion.i18n import t
from companion.stats import export
from companion.storage import open_store
from tests.e2e.harness import LAPTOP, LOCALES, PHONE, Server, charts_drawn
from tests.e2e.test_browser import shot, wait_for_app

from .fixture import store_all
from .shots_stats import sideways

pytestmark = pytest.mark.e2e
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "gugong-end-table-example.json"
SECTIONS = ("history", "players", "games", "meng", "people", "export")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One server for the three languages, on the 30-result fixture alone (the screen only reads it)."""
    folder = tmp_path_factory.mktemp("stats")
    with open_store(folder / "companion.sqlite3") as s:
        store_all(s, owner=s.home_table())
    running = Server(folder).start()
    yield running
    running.kill()


# A header word set on two lines inside a syllable ("Siege" / "r") happens when the browser may break anywhere.
# Headers may break only between words and at the soft hyphens between syllables; then each header must fit its
# column without spilling over.
_BROKEN_HEADERS = """() => [...document.querySelectorAll('table.cs-table th')].filter(th => {
  const style = getComputedStyle(th);
  const anywhere = style.overflowWrap !== 'normal' || !['normal', 'keep-all'].includes(style.wordBreak);
  return anywhere || th.scrollWidth > th.clientWidth + 1;
}).map(th => th.textContent)"""


def broken_headers(page) -> list[str]:
    """The table headers that may be split inside a syllable, or that spill out of their column."""
    return page.evaluate(_BROKEN_HEADERS)


def _section(page, lang: str, name: str) -> None:
    page.locator(".st-key-stats_section").get_by_text(t(f"stats.section.{name}", lang), exact=True).click()
    wait_for_app(page)
    charts_drawn(page)
    assert not page.locator("[data-testid='stException']").count(), name


def _download_history(page, lang: str) -> pd.DataFrame:
    with page.expect_download() as info:
        page.locator(".st-key-stats_download_history button").click()
    data = Path(info.value.path()).read_bytes()
    return pd.read_csv(io.BytesIO(data), sep=export.SEPARATOR[lang], decimal=export.DECIMAL[lang],
                       encoding="utf-8-sig")


@pytest.mark.parametrize("lang", ["de", "nl", "en"])
def test_statistics_on_phone_and_laptop(server, browser, lang):
    for device, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
        ctx = browser.new_context(viewport=viewport, locale=LOCALES[lang], accept_downloads=True)
        page = ctx.new_page()
        page.goto(server.url + "stats")
        wait_for_app(page)
        assert page.locator("h1").first.inner_text() == t("stats.title", lang)
        assert t("stats.history_count", lang, n=30) in page.content()
        # plain tables that wrap: no grid (its toolbar covered rows), nothing past the right edge
        assert page.locator("[data-testid='stDataFrame']").count() == 0 and sideways(page) == 0
        charts_drawn(page)
        shot(page, f"stats-{lang}-{device}-history")
        page.locator("[data-testid='stExpander'] summary").first.click()
        page.wait_for_selector(".st-key-stats_games")
        shot(page, f"stats-{lang}-{device}-filters")
        for name in SECTIONS[1:]:
            _section(page, lang, name)
            assert sideways(page) == 0, (name, device)
            assert broken_headers(page) == [], (name, device)
            shot(page, f"stats-{lang}-{device}-{name}")
        table = _download_history(page, lang)
        assert len(table) == 82 and table.columns[0] == t("stats.csv.play", lang)
        ctx.close()


def test_a_quick_score_saved_on_a_phone_shows_in_the_statistics(tmp_path, browser):
    server = Server(tmp_path).start()
    try:
        page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
        page.goto(server.url + "quick-score")
        wait_for_app(page)
        page.locator(".st-key-qs_game input").click()
        page.get_by_role("option", name="Gùgōng", exact=True).click()
        wait_for_app(page)
        page.locator(".st-key-qs_entry").get_by_text("file", exact=True).click()
        wait_for_app(page)
        page.locator(".st-key-qs_file input[type=file]").set_input_files(str(EXAMPLE))
        wait_for_app(page)
        page.locator(".st-key-qs_save button").click()
        wait_for_app(page)
        assert t("stats.quick.saved", "en") in page.content()
        shot(page, "stats-en-phone-quick-score-saved")
        page.goto(server.url + "stats")
        wait_for_app(page)
        assert t("stats.history_count", "en", n=1) in page.content()
    finally:
        server.kill()
