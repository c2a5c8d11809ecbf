"""Screenshots of Yinzi's edition-7 readings (issue 22), phone and laptop, de/nl/en.

Run as a script: `python -m tests.e2e.shots_readings OUT [en de nl]`. Yinzi with table entry on: the table reads a
boat-track field, a crop-track field and a foreign market where the game first uses them
(companion/yinzi/readings.py, rulings 42 to 44)."""

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
from tests.yinzi.test_readings import play_until

STEPS = {"boat": ("yinzi.boat_read", 3), "crop-cost": ("yinzi.crop_cost_read", 3),
         "market-vp": ("yinzi.market_vp_read", 5)}  # seed 5: a game in which wares reach a foreign market


def _game(browser, server: Server, kind: str, seed: int) -> str:
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    game_id = new_game(page, server, "Yinzi", ["Anna", "Ben", "Mia"])
    session = Session.new(YINZI, {"players": ["Anna", "Ben", "Mia"], "seed": seed, "table_entry": True})
    play_until(session, lambda d: d.kind == kind, seed=seed)
    with open_store(server.data_dir / "companion.sqlite3") as store:
        _, row = store.load_game(game_id)
        store.save_game(game_id, session, expected=row.revision, owner=row.owner)
    page.context.close()
    return game_id


def run(out: Path, langs: list[str], only: list[str] | None = None) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with served() as (browser, server):
        games = {name: _game(browser, server, kind, seed) for name, (kind, seed) in STEPS.items()
                 if only is None or name in only}

        def take(lang: str, device: str, size: dict) -> None:
            for name, game_id in games.items():
                page = browser.new_context(viewport=size, locale=LOCALES[lang]).new_page()
                go(page, server, f"table?g={game_id}")
                corrections._patient(page)
                page.wait_for_timeout(1000)
                picture(page, out / f"yinzi-{name}-read-{lang}-{device}.png")
                if name == "boat":  # the number field behind "The box shows something else…", with its label
                    page.locator("[class*='st-key-rate_other_'] summary").first.click()
                    page.wait_for_timeout(800)
                    picture(page, out / f"yinzi-{name}-read-other-{lang}-{device}.png")
                page.context.close()

        each_set(langs, take)


if __name__ == "__main__":
    run(Path(sys.argv[1]), sys.argv[2:] or ["en", "de", "nl"])
