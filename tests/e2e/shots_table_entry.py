"""Screenshots for issue 22 (a setup in few taps): the run screens of a Gùgōng setup the table enters: a start
hand (its player set chosen beforehand), the officials' cards with three tapped and "Something else…" open,
the decrees with one tapped, the cities' tiles; phone 390x844 and laptop 1280x900, in de/nl/en.
Run as a script: `python -m tests.e2e.shots_table_entry OUT [en de nl]`."""

from __future__ import annotations

from pathlib import Path

from companion.core.session import Session
from companion.storage import open_store
from tests.e2e.harness import LOCALES, Server, go, shots_main, wait_for_app
from tests.e2e.test_taps_table_entry import shown

NAMES = ["Anna", "Ben", "Mia"]


def stored_at(server: Server, kind: str) -> str:
    """A game with table entry on, the table entering, set up up to the first step of `kind`."""
    from companion.core.registry import get_game

    session = Session.new(get_game("gugong"), {"players": NAMES, "seed": 5, "table_entry": True})
    while session.decision.kind != kind:
        session.act(shown(session))
    with open_store(server.data_dir / "companion.sqlite3") as store:
        row = store.create_game(session, owner=store.home_table(), title="entry", meta={"randomness": "table"})
    return row.id


def tap_entries(page, version: int, n: int) -> None:
    for i in range(n):
        page.locator(f"[class*='st-key-entry_{version}_{i}_'] button").first.click()
        wait_for_app(page)


def decision_shot(page, path: Path) -> None:
    """The decision panel alone (the page around it is the usual table screen), the viewport grown to hold it."""
    size = page.viewport_size
    height = page.evaluate("document.querySelector('[data-testid=stMain]')?.scrollHeight || 0")
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], min(int(height), 5000))})
    page.wait_for_timeout(300)
    page.locator(".st-key-decision").screenshot(path=str(path))
    page.set_viewport_size(size)


def screens(browser, server: Server, out: Path, lang: str, device: str, size: dict) -> None:
    page = browser.new_context(viewport=size, locale=LOCALES[lang]).new_page()
    tag = f"{lang}-{device}"
    for kind, taps, name in (("gugong.deal_card", 0, "hand"), ("gugong.setup_board", 3, "officials"),
                             ("gugong.setup_decree", 1, "decrees"), ("gugong.draw_tile", 2, "tiles")):
        game_id = stored_at(server, kind)
        go(page, server, f"table?g={game_id}")
        page.wait_for_selector("[class*='st-key-entry_confirm_'], [class*='st-key-held_confirm_']")
        with open_store(server.data_dir / "companion.sqlite3") as store:
            version = store.load_game(game_id)[0].version
        tap_entries(page, version, taps)
        if name == "officials":  # "Something else…" open: a card the profile does not list
            page.locator("[class*='st-key-something_else_'] summary").first.click()
            wait_for_app(page)
        decision_shot(page, out / f"table-entry-{name}-{tag}.png")
    page.context.close()


if __name__ == "__main__":
    shots_main(screens)
