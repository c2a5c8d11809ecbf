"""Screenshots of the Table page in a solo game (issue 20): Meng's turn as one button, then after that tap the
table's list with his moves and the board without the player's hand; phone 390x844 and laptop, de/nl/en.

Run as a script: `python -m tests.e2e.shots_table_meng OUT [en de nl]` (`table-meng-<lang>-<device>.png`
before the tap, `table-meng-done-<lang>-<device>.png` after it)."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.e2e.harness import each_set, served
from tests.e2e.shots_ui_shell import LOCALES, go, shot
from tests.e2e.test_browser import LAPTOP, PHONE, Server
from tests.e2e.test_taps_gugong import Taps, enter_hands, new_game, stored, tap, tap_choice

SIZES = (("phone", PHONE), ("laptop", LAPTOP))


def to_mengs_turn(page, server: Server, game_id: str) -> int:
    """Tap on the Table page until Meng's Automa card is next; its version."""
    for _ in range(40):
        session = stored(server, game_id)
        d = session.decision
        if d.kind.endswith(".meng_reveal"):
            return session.version
        if d.is_chance:
            tap(page, f"app_chance_{session.version}")
        else:
            tap_choice(page, session, [])
    raise AssertionError("Meng never came")


def run(out: Path, langs: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with served() as (browser, server):

        def take(lang: str, device: str, size: dict) -> None:
            page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()  # Home lists it in English
            game_id = new_game(page, server, "Gùgōng solo (against Meng)", ["Anna"])
            enter_hands(page, server, game_id, Taps())
            page.context.close()
            page = browser.new_context(viewport=size, locale=LOCALES[lang]).new_page()
            go(page, server, f"table?g={game_id}")
            version = to_mengs_turn(page, server, game_id)
            shot(page, out, f"table-meng-{lang}-{device}")
            tap(page, f"app_chance_{version}")
            shot(page, out, f"table-meng-done-{lang}-{device}")
            page.context.close()

        each_set(langs, take)


if __name__ == "__main__":
    run(Path(sys.argv[1]), sys.argv[2:] or ["en", "de", "nl"])
