"""Screenshots for issue 22 (Meng's facts read at the table): the Table page at Meng's first decree (which decree
of a level lies lower on the board) and at the first dusk card of a location (what its bottom half shows), each
the model's answer first; phone 390x844 and laptop 1280x900, in de/nl/en.
Run as a script: `python -m tests.e2e.shots_meng_corrections OUT [en de nl]`."""

from __future__ import annotations

from pathlib import Path

from companion.core.session import Session
from companion.storage import open_store
from tests.core import play_on
from tests.e2e.harness import LOCALES, Server, go, shots_main
from tests.e2e.shots_ui_shell import shot


def stored_at(server: Server, kind: str) -> str:
    """A solo game with table entry on, played on in memory up to the first step of `kind`."""
    from companion.core.registry import get_game

    session = Session.new(get_game("gugong-solo"), {"players": ["Anna"], "seed": 5, "table_entry": True})
    play_on.play_until(session, lambda d: d.kind == kind)
    with open_store(server.data_dir / "companion.sqlite3") as store:
        row = store.create_game(session, owner=store.home_table(), title="meng", meta={"randomness": "table"})
    return row.id


def screens(browser, server: Server, out: Path, lang: str, device: str, size: dict) -> None:
    page = browser.new_context(viewport=size, locale=LOCALES[lang]).new_page()
    for kind, name in (("gugong.meng_slot_read", "lower-decree"), ("gugong.meng_dusk_read", "dusk-card")):
        game_id = stored_at(server, kind)
        go(page, server, f"table?g={game_id}")
        page.wait_for_selector("[class*='st-key-opt_']")
        shot(page, out, f"meng-read-{name}-{lang}-{device}")
    page.context.close()


if __name__ == "__main__":
    shots_main(screens)
