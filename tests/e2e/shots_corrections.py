"""Screenshots of the screens where the table corrects a printed fact (issue 22), phone and laptop, de/nl/en.

Run as a script: `python -m tests.e2e.shots_corrections OUT [en de nl]`. A 3-player Gùgōng with table entry is
played (seeded, no corrections) to three questions: the morning's day track (day 2), a location action at the
jade houses (the correction panel opened), and a travel move (the correction panel opened)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from companion.core import Session
from companion.gugong.engine import GAME
from companion.storage import open_store
from tests.e2e import shots_ui_shell as shell
from tests.e2e import test_taps_gugong as taps
from tests.e2e.harness import each_set, served
from tests.e2e.shots_ui_shell import LOCALES, go
from tests.e2e.test_browser import PHONE, Server
from tests.e2e.test_taps_gugong import new_game
from tests.gugong.test_corrections import play_until


def _patient(page) -> None:
    """The app's screen at rest, waiting longer than the tests do (screenshots run on a busy machine)."""
    page.wait_for_selector("[data-testid='stApp'][data-test-connection-state='CONNECTED']", timeout=180_000)
    page.wait_for_timeout(300)
    page.wait_for_selector("[data-testid='stApp'][data-test-script-state='notRunning']", timeout=180_000)
    page.wait_for_selector("[data-testid='stSkeleton']", state="detached", timeout=180_000)


shell.wait_for_app = taps.wait_for_app = _patient
WANTED: dict[str, Callable] = {
    "income": lambda d: d.kind.endswith("income_read"),
    "jade": lambda d: d.kind.endswith(".act") and any(o.get("type") == "jade_house_seen" for o in d.options),
    "travel": lambda d: d.kind.endswith("travel_move") and any("seen" in o for o in d.options),
}
OPEN = {"jade": "jade_house_seen", "travel": "move"}  # the correction panel opened for the shot


def games(browser, server: Server) -> dict[str, str]:
    """Each screen's game: started through the app (its owner), then replaced by a table-entry game at the
    wanted question, saved as another device would."""
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    ids = {}
    for name, wanted in WANTED.items():
        game_id = new_game(page, server, "Gùgōng", ["Anna", "Ben", "Mia"])
        session = Session.new(GAME, {"players": ["Anna", "Ben", "Mia"], "seed": 5, "table_entry": True})
        play_until(session, wanted)
        with open_store(server.data_dir / "companion.sqlite3") as store:
            _, row = store.load_game(game_id)
            store.save_game(game_id, session, expected=row.revision, owner=row.owner)
        ids[name] = game_id
    page.context.close()
    return ids


def _corrections(page, server, out: Path, ids: dict[str, str], lang: str, device: str) -> None:
    for name, game_id in ids.items():
        go(page, server, f"table?g={game_id}")
        target = f"[class*='st-key-something_else_'][class*='_{OPEN[name]}']" if name in OPEN \
            else "[class*='st-key-income_other_']"
        panel = page.locator(target).first
        panel.locator("summary").click()
        _patient(page)
        page.wait_for_timeout(1500)
        panel.scroll_into_view_if_needed()
        page.mouse.wheel(0, -250 if device == "phone" else -350)  # the question above the panel
        page.wait_for_timeout(500)
        page.screenshot(path=str(out / f"correct-{name}-{lang}-{device}.png"))


def run(out: Path, langs: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with served() as (browser, server):
        ids = games(browser, server)

        def take(lang: str, device: str, size: dict) -> None:
            page = browser.new_context(viewport=size, locale=LOCALES[lang]).new_page()
            _corrections(page, server, out, ids, lang, device)
            page.context.close()

        each_set(langs, take)


if __name__ == "__main__":
    run(Path(sys.argv[1]), sys.argv[2:] or ["en", "de", "nl"])
