"""Screenshots for issue 20 items 2-3 (hidden information is the table's): Gùgōng's start-hand entry screen,
the shared Table screen (hands and discard piles as counts) and a Seat screen (that player's own cards), phone
390x844 and laptop 1280x900, in de/nl/en. Run as a script: `python -m tests.e2e.shots_hidden OUT [en de nl]`."""

from __future__ import annotations

import random
from pathlib import Path

from companion.core.chance import app_may_draw, pick
from companion.storage import open_store
from tests.e2e.harness import LOCALES, Server, go, shots_main, wait_for_app
from tests.e2e.shots_ui_shell import shot
from tests.e2e.test_browser import pick_game

NAMES = ["Anna", "Ben", "Mia"]


def advance(server: Server, game_id: str, moves: int, seed: int = 7) -> None:
    """Seeded legal moves saved like another device's taps: the app draws what it may, the table enters the
    hands (the first listed cards), players choose at random."""
    rng = random.Random(seed)
    with open_store(server.data_dir / "companion.sqlite3") as store:
        session, row = store.load_game(game_id)
        for _ in range(moves):
            d = session.decision
            if d is None:
                break
            if app_may_draw(d):
                session.resolve_chance()
            else:
                session.act(d.options[0] if d.hidden else pick(d, rng))
        store.save_game(game_id, session, expected=row.revision, owner=row.owner)


def new_game(page, server: Server, names: list[str]) -> str:
    """A Gùgōng game started from Home in the page's language, the app drawing (the first choice)."""
    page.goto(server.url)
    wait_for_app(page)
    pick_game(page, "Gùgōng", names)
    page.locator(".st-key-new_randomness label").first.click()
    wait_for_app(page)
    page.locator(".st-key-start_game button").click()
    wait_for_app(page)
    page.wait_for_selector(".st-key-app_chance_all_0")
    return page.url.split("g=", 1)[1].split("&", 1)[0]


def screens(browser, server: Server, out: Path, lang: str, device: str, size: dict) -> None:
    page = browser.new_context(viewport=size, locale=LOCALES[lang]).new_page()
    tag = f"{lang}-{device}"
    game_id = new_game(page, server, NAMES)
    page.locator(".st-key-app_chance_all_0 button").click()  # the app draws the start player, then stops
    wait_for_app(page)
    page.wait_for_selector("[class*='st-key-held_confirm_']")
    shot(page, out, f"gugong-start-hand-{tag}")
    advance(server, game_id, 60)
    go(page, server, f"table?g={game_id}")
    shot(page, out, f"gugong-table-{tag}")
    go(page, server, f"seat?g={game_id}&s=1")
    shot(page, out, f"gugong-seat-{tag}")
    page.context.close()


if __name__ == "__main__":
    shots_main(screens)
