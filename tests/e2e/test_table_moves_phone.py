"""Issue 20 on a phone (390×844) in a real Chromium against `streamlit run`: the table's moves come first.

(1) A scripted 3-player Gùgōng day 1 (the script of test_taps_gugong: the app draws, each player gives a card,
    takes from an official, takes an action): after every tap the first line the table has not done yet lies
    inside the first screen (its top, measured on the unscrolled page, above y = 844); the lines of a player's
    turn are still listed after the next player's first tap; a reload mid-day shows the same lines.
(2) The layout checklist (a new game) survives taps until it is ticked, and stays ticked after a reload.
(3) The sidebar does not stay open over the page after a tap on its navigation.
"""

from __future__ import annotations

import contextlib

import pytest

from companion.i18n import t

from .test_browser import PHONE, sync_api, wait_for_app
from .test_taps_gugong import NAMES, Taps, day_over, enter_hands, new_game, stored, tap, tap_choice

pytestmark = pytest.mark.e2e
FIRST_SCREEN = PHONE["height"]
RELOAD_AT = 12  # the tap after which the page is reloaded mid-day

# the page position (unscrolled) of the first line the table has not done: the layout checklist's first unticked
# line, else the first listed line (a group's line, or the bold current step of a walked list); None: nothing
FIRST_NOT_DONE = """() => {
  const top = (el) => {
    let y = el.getBoundingClientRect().top + window.scrollY;
    for (let p = el.parentElement; p; p = p.parentElement) y += p.scrollTop || 0;
    return y;
  };
  const unticked = [...document.querySelectorAll("[class*='st-key-setup_'] input[type=checkbox]")]
    .find((box) => !box.checked);
  if (unticked) return {top: top(unticked), text: unticked.closest("label").innerText};
  const root = document.querySelector(".st-key-on_table");
  if (!root) return null;
  const line = [...root.querySelectorAll("li, p > strong")].find((el) =>
    el.tagName === "LI" || el.parentElement.innerText.trim() !== el.innerText.trim());  // not a name or a title
  return line ? {top: top(line), text: line.innerText} : null;
}"""


# the lines listed under a player's name (the section of the lines to do, after any to put back)
PLAYER_LINES = """(name) => {
  const root = document.querySelector(".st-key-on_table");
  const heads = root ? [...root.querySelectorAll("p")].filter((p) =>
    p.innerText.trim() === name && p.querySelector("strong")) : [];
  const list = heads.length ? heads[heads.length - 1].nextElementSibling : null;
  return list && list.tagName === "UL" ? [...list.querySelectorAll("li")].map((li) => li.innerText) : [];
}"""


def first_not_done(page) -> dict | None:
    return page.evaluate(FIRST_NOT_DONE)


def test_a_gugong_day_keeps_the_tables_next_move_on_the_first_screen(browser, server):
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    game_id = new_game(page, server, "Gùgōng", NAMES)
    seen: list[tuple[str, float]] = []
    tap(page, "app_chance_all_0")  # the app draws up to the start hands: a walked list, its one-tap "Everything done"
    walk = page.locator("[class*='st-key-do_all_'] button")
    assert walk.first.get_attribute("data-testid") == "stBaseButton-primary", "one tap for all: the primary button"
    walk.first.click()
    wait_for_app(page)
    enter_hands(page, server, game_id, Taps())  # each start hand on one screen, then the app draws the rest
    lines_of: dict[int, str] = {}
    for _ in range(120):
        session = stored(server, game_id)
        d = session.decision
        if d is None or day_over(session):
            break
        if d.is_chance:
            tap(page, f"app_chance_{session.version}")
        else:
            tap_choice(page, session, [])
        line = first_not_done(page)
        if line is not None:
            seen.append((line["text"][:60], line["top"]))
            assert line["top"] < FIRST_SCREEN, (line, len(seen))
        shown = page.locator(".st-key-on_table").inner_text()
        if len(seen) == RELOAD_AT:  # the lines are kept with the game: a reload shows the same ones
            page.reload()
            wait_for_app(page)
            page.wait_for_selector(".st-key-on_table")
            assert page.locator(".st-key-on_table").inner_text() == shown
        after = stored(server, game_id)
        if after.decision is not None and not after.decision.is_chance:
            player = after.decision.player
            for seat, text in lines_of.items():  # a player's lines stay until their next turn
                if seat != player:
                    assert text in shown, (seat, text, shown)
            group = page.evaluate(PLAYER_LINES, NAMES[player])  # this turn's lines of the player asked now
            if group:
                text = group[-1].strip()  # without the "New" badge, which goes with the next change
                lines_of[player] = text.removeprefix(t("table.do.new", "en")).strip()[-40:]
            else:
                lines_of.pop(player, None)
    assert day_over(stored(server, game_id))
    assert len(seen) >= 20, seen
    print(f"\n{len(seen)} taps checked; lowest first line not done at y = {max(top for _, top in seen):.0f}")


def test_the_layout_checklist_survives_taps_until_ticked(browser, server):
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    game_id = new_game(page, server, "In the Year of the Dragon", NAMES)
    checklist = page.locator("[class*='st-key-setup_'] input[type=checkbox]")
    total = checklist.count()
    assert total >= 5
    page.locator(f".st-key-setup_{game_id}_0 label").click()
    wait_for_app(page)
    for _ in range(3):
        tap(page, f"app_chance_{stored(server, game_id).version}")
        assert checklist.count() == total, "the checklist is still there after a tap"
        assert page.locator(f".st-key-setup_{game_id}_0 input").is_checked()
        assert first_not_done(page)["top"] < FIRST_SCREEN
    tap(page, f"setup_all_{game_id}")
    assert checklist.count() == 0
    page.reload()
    wait_for_app(page)
    page.wait_for_selector(".st-key-event_log")
    assert checklist.count() == 0, "ticked stays ticked after a reload"


def slid(page, where: str) -> None:
    """Until the sidebar's box meets `where` (JS on its `rect`), at most 5 s; the caller then asserts it."""
    with contextlib.suppress(sync_api.TimeoutError):
        page.wait_for_function(f"""() => {{
          const bar = document.querySelector('[data-testid=stSidebar]');
          const rect = bar && bar.getBoundingClientRect();
          return !!rect && {where};
        }}""", timeout=5_000, polling=50)


def test_the_sidebar_closes_after_navigating_on_a_phone(browser, server):
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    page.goto(server.url)
    wait_for_app(page)
    sidebar = page.locator("[data-testid=stSidebar]")
    page.locator("[data-testid=stExpandSidebarButton]").first.click()
    slid(page, "rect.x >= 0")  # the sidebar slides in (a transition): until it is in, or 5 s
    assert sidebar.bounding_box()["x"] >= 0, "the sidebar opened"
    page.locator("[data-testid=stSidebarNavLink]").filter(has_text="Settings").click()
    wait_for_app(page)
    slid(page, "rect.x + rect.width <= 0")
    box = sidebar.bounding_box()
    assert box["x"] + box["width"] <= 0, "the sidebar closed after navigating"
    assert page.url.endswith("settings")
