"""End to end in a real headless Chromium (Debian's /usr/bin/chromium) against `streamlit run`.

Start a game, take a turn, see the log update, download the save; then kill the server with
SIGKILL, restart it on the same SQLite file and find every accepted step again. Screenshots
(phone portrait and laptop) go to out/screenshots/. Skips with a reason when Chromium or
Playwright is missing (`make test` installs Chromium via apt-get when it runs as root).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.core import codec
from companion.core.registry import register
from tests.core.toy_game import MANIFEST as PIG_MANIFEST

from .harness import (  # noqa: F401 (the helpers the other browser tests import from here)
    CHROMIUM,
    CHROMIUM_ARGS,
    LAPTOP,
    PHONE,
    ROOT,
    SHOTS,
    Server,
    _free_port,
    _why_no_browser,
    picture,
    picture_if_asked,
    wait_for_app,
)

pytestmark = pytest.mark.e2e

if _why_no_browser():
    pytest.skip(_why_no_browser(), allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
register(PIG_MANIFEST)


def shot(page, name: str) -> None:
    """The whole page, to out/screenshots/<name>.png (with COMPANION_TEST_SHOTS=1: harness.picture_if_asked)."""
    picture_if_asked(page, SHOTS / f"{name}.png")


def choose(page, key: str, label: str) -> None:
    page.locator(f".st-key-{key} input").click()
    page.get_by_role("option", name=label, exact=True).click()
    wait_for_app(page)


def pick_game(page, game: str, names: list[str]) -> None:
    """On Home: the game to start (as Home lists it) and its players' names, one field after the other."""
    choose(page, "new_game", game)
    for i, name in enumerate(names):
        page.locator(f".st-key-new_name_{i} input").fill(name)
        page.locator(f".st-key-new_name_{i} input").press("Tab")
        wait_for_app(page)


def toggle_on(page, key: str) -> None:
    """Switch a toggle on; a click that lands while the script reruns can be dropped, so check and retry."""
    box = page.locator(f".st-key-{key} input[type='checkbox']")
    for _ in range(3):
        if box.is_checked():
            return
        page.locator(f".st-key-{key} label").click()
        wait_for_app(page)
    assert box.is_checked(), f"toggle {key} stayed off"


def log_lines(page) -> list[str]:
    return [t.strip() for t in page.locator(".st-key-event_log p").all_inner_texts() if t.strip()]


def actions_in_log(page) -> int:
    """The log's last entry (oldest first; the newest page shown) starts with the number of accepted actions."""
    lines = log_lines(page)
    return int(lines[-1].split(".", 1)[0]) if lines and lines[-1][0].isdigit() else 0


def banner(page) -> str:
    return page.locator("h3").first.inner_text()


def pick_card(page) -> None:
    """A Gùgōng turn starts with tapping the card you give (its chooser, companion/ui/choosers/gugong.py)."""
    cards = page.locator("[class*='st-key-gg_card_'] button")
    if cards.count() and page.locator("[class*='st-key-gg_off_'] button").count():  # no card picked yet
        cards.first.click()
        wait_for_app(page)


def act_first(page) -> None:
    """One step the way a player taps: the first option, or the app rolls/draws everything pending."""
    pick_card(page)
    buttons = page.locator("[class*='st-key-opt_'] button")
    held = page.locator("[class*='st-key-held_confirm_'] button")  # a start hand: the table enters it
    if buttons.count():
        buttons.first.click()
    elif held.count():
        held.first.click()
    elif page.locator("[class*='st-key-select_'] input").count():
        page.locator("[class*='st-key-select_'] input").first.click()
        page.get_by_role("option").first.click()
        wait_for_app(page)
        page.locator("[class*='st-key-confirm_'] button").first.click()
    else:
        page.locator("[class*='st-key-app_chance_all_'] button").first.click()
    wait_for_app(page)


def to_first_turn(page) -> None:
    """The app draws the setup; the table enters each start hand (one tap per player)."""
    for _ in range(12):
        act_first(page)
        if banner(page).endswith("'s turn"):
            return


def test_start_take_turn_see_log_download_then_survive_a_kill(browser, tmp_path):
    server = Server(tmp_path).start()
    try:
        ctx = browser.new_context(viewport=PHONE, locale="en-GB", accept_downloads=True)
        page = ctx.new_page()
        page.goto(server.url)
        wait_for_app(page)
        pick_game(page, "Gùgōng", ["Lisa", "Ben", "Mia"])
        shot(page, "01-home-phone")
        page.locator(".st-key-start_game button").click()
        wait_for_app(page)
        page.wait_for_selector(".st-key-app_chance_all_0")
        assert "The app rolls or draws" in banner(page)
        shot(page, "02-table-setup-phone")

        # the app draws the setup up to the start hands, the table enters them; then the first player's turn
        to_first_turn(page)
        first = banner(page)
        assert first.endswith("'s turn") and actions_in_log(page) > 20
        shot(page, "03-table-first-turn-phone")
        before = actions_in_log(page)
        for _ in range(15):
            act_first(page)
            if banner(page) != first:
                break
        assert banner(page) != first, "the turn passed to the next player"
        assert actions_in_log(page) > before
        shot(page, "04-table-after-turn-phone")

        # download the save from the resume panel
        page.get_by_text("Resume link, QR code and save file").click()
        page.wait_for_selector(".st-key-download_save button")
        toggle_on(page, "show_resume")
        page.wait_for_selector("[data-testid='stCode']")
        shot(page, "05-resume-panel-phone")
        link = page.locator("[data-testid='stCode']").first.inner_text().replace("\n", "").strip()
        with page.expect_download() as info:
            page.locator(".st-key-download_save button").click()
        saved = Path(info.value.path()).read_text(encoding="utf-8")
        accepted = len(codec.loads(saved).log)
        assert json.loads(saved)["game"] == "gugong" and accepted == actions_in_log(page)

        # the resume link opens the same game on a laptop, in German
        wide = browser.new_context(viewport=LAPTOP, locale="de-DE")
        wpage = wide.new_page()
        wpage.goto(server.url + link[link.index("?") :])
        wait_for_app(wpage)
        wpage.wait_for_selector(".st-key-event_log")
        assert "ist am Zug" in banner(wpage)
        shot(wpage, "06-table-laptop-de")

        # crash the server and start it again on the same SQLite file
        server.kill()
        server = Server(tmp_path).start()
        page = ctx.new_page()
        page.goto(server.url)
        wait_for_app(page)
        page.get_by_role("tab", name="Saved games").click()
        shot(page, "07-saved-games-phone")
        page.locator("[class*='st-key-resume_'] button").first.click()
        wait_for_app(page)
        page.wait_for_selector(".st-key-event_log")
        assert actions_in_log(page) == accepted
        shot(page, "08-table-after-restart-phone")
        game_id = link.split("g=", 1)[1].split("&", 1)[0]
        for name in ("score", "quick-score", "box-check", "settings"):
            page.goto(f"{server.url}{name}?g={game_id}")  # a reload keeps the open game
            wait_for_app(page)
            shot(page, f"09-{name}-phone")
            assert not page.locator("[data-testid='stException']").count(), name
            if name == "score":
                assert "No game is open" not in page.content() and page.locator("table").count()
    finally:
        server.kill()
