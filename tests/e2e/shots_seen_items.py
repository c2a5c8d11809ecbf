"""Screenshots of the screens issue 22's per-item work changed, phone and laptop, de/nl/en.

Run as a script: `python -m tests.e2e.shots_seen_items OUT [en de nl]`. Yinzi with table entry on: the table
reads the exchange track where the die stands (companion/yinzi/corrections.py, ruling 41)."""

from __future__ import annotations

import sys
from pathlib import Path

from companion.core import Session
from companion.storage import open_store
from companion.yinzi.engine import GAME as YINZI
from tests.e2e import shots_corrections as corrections
from tests.e2e.harness import each_set, picture, served
from tests.e2e.shots_ui_shell import LOCALES, go
from tests.e2e.test_browser import PHONE, Server
from tests.e2e.test_taps_gugong import new_game
from tests.yinzi.test_corrections import play_until


def _yinzi_game(browser, server: Server) -> str:
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    game_id = new_game(page, server, "Yinzi", ["Anna", "Ben", "Mia"])
    session = Session.new(YINZI, {"players": ["Anna", "Ben", "Mia"], "seed": 3, "table_entry": True})
    play_until(session, lambda d: d.kind == "yinzi.rate_read")
    with open_store(server.data_dir / "companion.sqlite3") as store:
        _, row = store.load_game(game_id)
        store.save_game(game_id, session, expected=row.revision, owner=row.owner)
    page.context.close()
    return game_id


def run(out: Path, langs: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with served() as (browser, server):
        yinzi = _yinzi_game(browser, server)

        def take(lang: str, device: str, size: dict) -> None:
            page = browser.new_context(viewport=size, locale=LOCALES[lang]).new_page()
            go(page, server, f"table?g={yinzi}")
            corrections._patient(page)
            page.wait_for_timeout(1000)
            picture(page, out / f"yinzi-rate-read-{lang}-{device}.png")
            page.context.close()

        each_set(langs, take)


if __name__ == "__main__":
    run(Path(sys.argv[1]), sys.argv[2:] or ["en", "de", "nl"])
