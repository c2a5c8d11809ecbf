"""Screenshots of the Meng page (solo cockpit), phone 390x844 and laptop 1280x900, in de/nl/en.

Run as a script: `python -m tests.e2e.shots_meng OUT [en de nl]`. One solo game is started through the app
(the app draws), played on the Meng screen to the first day's last turns; then each language and size opens
the Meng screen, taps until Meng's turn has been played there (so its lines are marked new) and is shot
(`meng-<lang>-<device>.png`). The last set is taken after the tap that brought the dusk, night and morning
(`meng-morning-<lang>-<device>.png`), with its dice and refills."""

from __future__ import annotations

import sys
from pathlib import Path

from companion.storage import open_store
from tests.e2e.harness import LOCALES, PHONE, SIZES, Server, go, served
from tests.e2e.shots_ui_shell import shot
from tests.e2e.test_taps_gugong import new_game, stored, tap, tap_choice, wanted


def to_meng_turn_played(page, server: Server, game_id: str, day: int | None = None) -> None:
    """Tap (the player's script, the app's button) until a Meng turn has been played on this screen,
    or with `day`: until that day has begun."""
    for _ in range(60):
        session = stored(server, game_id)
        d = session.decision
        if d is None or (day is not None and session.state.day >= day):
            return
        if d.is_chance:
            tap(page, f"app_chance_{session.version}")
            if day is None and d.kind.endswith(".meng_reveal"):
                return
            continue
        tap_choice(page, session, [])


def before_the_last_tap_of_day_one(server: Server, game_id: str) -> None:
    """Move the game on through the store (as another device would) to just before the tap that ends day 1."""
    with open_store(server.data_dir / "companion.sqlite3") as store:
        session, row = store.load_game(game_id)
        taps, drawn = [], False
        while session.state.day < 2:
            d = session.decision
            if not d.is_chance or not drawn or d.kind.endswith(".meng_reveal"):
                taps.append(len(session.log))
            drawn = d.is_chance
            session.resolve_chance() if d.is_chance else session.act(wanted(session))
        while len(session.log) > taps[-1]:
            session.undo()
        store.save_game(game_id, session, expected=row.revision, owner=row.owner)


def morning(browser, server: Server, out: Path, lang: str, device: str, size: dict) -> None:
    """A game of its own, one tap before day 2: that tap (dusk, night, morning) on this screen, then the shot."""
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()  # Home lists the game in English
    game_id = new_game(page, server, "Gùgōng solo (against Meng)", ["Anna"])
    tap(page, "app_chance_all_0")
    page.context.close()
    before_the_last_tap_of_day_one(server, game_id)
    page = browser.new_context(viewport=size, locale=LOCALES[lang]).new_page()
    go(page, server, f"meng?g={game_id}")
    to_meng_turn_played(page, server, game_id, 2)
    shot(page, out, f"meng-morning-{lang}-{device}")
    page.context.close()


def table_draws(browser, server: Server, out: Path, game_id: str, lang: str, device: str, size: dict) -> None:
    """At Meng's next turn, the table draws: gift card choice and Automa card buttons (`meng-table-...png`)."""
    page = browser.new_context(viewport=size, locale=LOCALES[lang]).new_page()
    go(page, server, f"meng?g={game_id}")
    for _ in range(30):
        session = stored(server, game_id)
        if session.decision.kind.endswith(".meng_reveal"):
            break
        if session.decision.is_chance:
            tap(page, f"app_chance_{session.version}")
        else:
            tap_choice(page, session, [])
    page.locator(f".st-key-chance_mode_{session.version} [role=radiogroup] label").nth(1).click()
    page.wait_for_selector(f".st-key-meng_gift_pick_{session.version}, .st-key-opt_{session.version}_0")
    shot(page, out, f"meng-table-{lang}-{device}")
    page.context.close()


def run(out: Path, langs: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with served() as (browser, server):
        page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
        game_id = new_game(page, server, "Gùgōng solo (against Meng)", ["Anna"])
        tap(page, "app_chance_all_0")
        page.context.close()
        for lang in langs:
            for device, size in SIZES:
                page = browser.new_context(viewport=size, locale=LOCALES[lang]).new_page()
                go(page, server, f"meng?g={game_id}")
                to_meng_turn_played(page, server, game_id)
                shot(page, out, f"meng-{lang}-{device}")
                page.context.close()
                morning(browser, server, out, lang, device, size)
                table_draws(browser, server, out, game_id, lang, device, size)


if __name__ == "__main__":
    run(Path(sys.argv[1]), sys.argv[2:] or ["en", "de", "nl"])
