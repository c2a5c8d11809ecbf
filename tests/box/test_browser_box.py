"""Issue 15 in a real Chromium on a phone: the guided Box check and "Something else…" at table entry, in
de/nl/en. Screenshots go to $COMPANION_SHOTS (default out/screenshots/box/) to be looked at."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.e2e import harness
from tests.e2e import test_browser as e2e
from tests.e2e.harness import LOCALES, picture_if_asked

pytestmark = pytest.mark.e2e
SHOTS = Path(os.environ.get("COMPANION_SHOTS", e2e.ROOT / "out" / "screenshots" / "box"))


def _shot(page, name: str) -> None:
    picture_if_asked(page, SHOTS / f"{name}.png")  # with COMPANION_TEST_SHOTS=1


@pytest.mark.parametrize("lang", ["de", "nl", "en"])
def test_box_check_and_something_else_on_a_phone(browser, app_server, lang):
    server = app_server
    page = browser.new_context(viewport=e2e.PHONE, locale=LOCALES[lang]).new_page()
    page.goto(server.url + "box-check")
    e2e.wait_for_app(page)
    page.wait_for_selector(".st-key-box_editor")
    _shot(page, f"{lang}-01-box-check-gift-cards")
    page.locator(".st-key-box_fact_gugong input").click()
    page.get_by_role("option").nth(3).click()
    e2e.wait_for_app(page)
    _shot(page, f"{lang}-02-box-check-next-fact")
    page.goto(server.url)
    e2e.wait_for_app(page)
    _shot(page, f"{lang}-03-new-game")
    page.locator(".st-key-start_game button").click()
    e2e.wait_for_app(page)
    mode = page.locator("[class*='st-key-chance_mode_']").get_by_role("radio")
    mode.nth(1).click(force=True)  # the table enters what it sees
    e2e.wait_for_app(page)
    page.locator("[class*='st-key-entry_0_0_'] button").first.click()  # the start player: tap, then confirm
    e2e.wait_for_app(page)
    page.locator("[class*='st-key-entry_confirm_'] button").first.click()
    e2e.wait_for_app(page)
    page.locator("[class*='st-key-something_else_'] summary").first.click()
    e2e.wait_for_app(page)
    assert page.locator("[class*='st-key-enter_seen_'] button").count() >= 1  # the last field's values, one tap each
    _shot(page, f"{lang}-04-something-else")


FITS = """() => [document.scrollingElement.scrollWidth, window.innerWidth,
  [...document.querySelectorAll('.st-key-box_editor .dvn-scroller')].map(e => e.scrollWidth - e.clientWidth)]"""


def test_the_gift_card_census_fits_a_phone_without_scrolling_sideways(browser, app_server):
    """Box check's gift cards: one row per card (value, action) per set, no sideways scrolling of the page
    nor inside the grid, at 390 px and on a laptop, in de/nl/en."""
    server = app_server
    for lang, locale in LOCALES.items():
        for size, viewport in (("phone", e2e.PHONE), ("laptop", e2e.LAPTOP)):
            page = browser.new_context(viewport=viewport, locale=locale).new_page()
            page.goto(server.url + "box-check")
            e2e.wait_for_app(page)
            page.wait_for_selector(".st-key-box_editor .dvn-scroller")
            for tab in (0, 1):  # start cards (7), draw pile (11)
                chosen = page.locator(".st-key-box_editor [role='tab']").nth(tab)
                chosen.click()
                chosen.and_(page.locator("[aria-selected='true']")).wait_for()  # not a fixed 300 ms pause:
                page.wait_for_selector(".st-key-box_editor [role='tabpanel'] .dvn-scroller")  # its grid is there
                harness.drawn(page)  # and laid out, painted
                page_width, inner, grids = page.evaluate(FITS)
                assert page_width <= inner, (lang, size, tab, page_width, inner)
                assert grids and max(grids) <= 1, (lang, size, tab, grids)  # the grid scrolls no sideways
            _shot(page, f"{lang}-gift-cards-{size}")
            page.context.close()
