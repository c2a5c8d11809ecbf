"""Screenshots of the screens issue 20 (table moves) changed: the Table screen after the setup (the walked list
and the layout checklist), mid-turn (the lines kept per player above the next question), at the game's end
(the button to the score) and the Score screen with what comes next; mid-turn again after a reload (the lines
are kept with the game); phone 390x844 and laptop 1280x900, de/nl/en.
Run as a script: `python -m tests.e2e.shots_table_moves OUT [en de nl]`."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.e2e.harness import LAPTOP, LOCALES, PHONE, Server, go, served, wait_for_app
from tests.e2e.shots_every_screen import advance
from tests.e2e.shots_ui_shell import shot
from tests.e2e.test_browser import act_first
from tests.e2e.test_taps_gugong import new_game

NAMES = ["Anna", "Ben", "Mia"]
MIDTURN_ONLY = "midturn" in sys.argv[2:]


def screens(browser, server: Server, out: Path, lang: str, device: str, viewport: dict, ids: dict) -> None:
    page = browser.new_context(viewport=viewport, locale=LOCALES[lang]).new_page()
    go(page, server, f"table?g={ids['dragon']}")  # a new game: its layout checklist
    shot(page, out, f"table-new-dragon-{lang}-{device}")
    go(page, server, f"table?g={ids[(lang, device)]}")
    page.locator(".st-key-app_chance_all_0 button").click()  # the app draws the whole setup: the walked list
    wait_for_app(page)
    page.wait_for_selector("[class*='st-key-do_all_']", timeout=90_000)
    shot(page, out, f"table-setup-{lang}-{device}")
    page.locator("[class*='st-key-do_all_'] button").first.click()
    wait_for_app(page)
    for _ in range(7):  # a few taps of the first player's turn and the next one's: the lines add up
        try:
            act_first(page)
        except Exception:  # a list that redrew under the click (or a tap the poll dropped): the next tries again
            wait_for_app(page)
    shot(page, out, f"table-midturn-{lang}-{device}")
    page.reload()  # the lines are kept with the game: the same ones after a reload
    wait_for_app(page)
    page.wait_for_selector(".st-key-on_table", timeout=90_000)
    shot(page, out, f"table-reload-{lang}-{device}")
    if MIDTURN_ONLY:
        page.context.close()
        return
    go(page, server, f"table?g={ids['ended']}")
    shot(page, out, f"table-over-{lang}-{device}")
    page.locator(".st-key-to_score button").click()
    page.wait_for_selector(".st-key-score_next", timeout=90_000)
    wait_for_app(page)
    shot(page, out, f"score-{lang}-{device}")
    page.context.close()


def games(browser, server: Server, sets: list[tuple[str, str]]) -> dict:
    """The games, started through the app in English: a Dragon (its checklist), a Gùgōng per screen set, one ended."""
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    ids: dict = {"dragon": new_game(page, server, "In the Year of the Dragon", NAMES)}
    for key in sets:
        ids[key] = new_game(page, server, "Gùgōng", NAMES)
    ids["ended"] = new_game(page, server, "Gùgōng", NAMES)
    page.context.close()
    if not MIDTURN_ONLY:
        advance(server, ids["ended"], None)
    return ids


def run(out: Path, langs: list[str], devices: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    sizes = {"phone": PHONE, "laptop": LAPTOP}
    sets = [(lang, device) for lang in langs for device in devices]
    with served() as (browser, server):
        ids = games(browser, server, sets)
        for lang, device in sets:
            try:
                screens(browser, server, out, lang, device, sizes[device], ids)
            except Exception as err:  # one failed set is reported, the others still taken
                print(f"{lang} {device}: {err}", file=sys.stderr)


if __name__ == "__main__":
    langs = [a for a in sys.argv[2:] if a in LOCALES] or list(LOCALES)
    devices = [a for a in sys.argv[2:] if a in ("phone", "laptop")] or ["phone", "laptop"]
    run(Path(sys.argv[1]), langs, devices)
