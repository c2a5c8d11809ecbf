"""Screenshots of the rule card opened in one tap (issue 21), phone 390x844 (and laptop with "laptop"), de/nl/en.

Run as a script: `python -m tests.e2e.shots_rule_cards OUT [de nl en] [phone] [laptop]` (default: phone).
Four games are started through the app, each moved on through the store (as another device would)
to the step of interest:
a Gùgōng day decision, a Meng step, a Dragon event and a Yinzi taxation. Each language then opens the
game, taps "Rule" once and is shot (`rule-<case>-<lang>-<device>.png`), with the tap target's height printed.
With "moves", a fifth case: a Gùgōng night the app ran by itself, its card opened beside the night's table moves
("Rules of these steps", `rule-night-moves-<lang>-<device>.png`)."""

from __future__ import annotations

import random
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import sync_playwright

from companion.core import Session
from companion.core.chance import pick
from companion.i18n import t
from companion.storage import open_store
from tests.e2e.shots_ui_shell import LOCALES, go
from tests.e2e.test_browser import CHROMIUM, CHROMIUM_ARGS, LAPTOP, PHONE, Server, wait_for_app
from tests.e2e.test_taps_gugong import new_game

CASES: list[tuple[str, str, list[str], Callable[[str], bool]]] = [
    ("gugong-day", "Gùgōng", ["Anna", "Ben"], lambda k: k == "gugong.act"),
    ("meng", "Gùgōng solo (against Meng)", ["Anna"], lambda k: k == "gugong.meng_reveal"),
    ("dragon-event", "In the Year of the Dragon", ["Anna", "Ben", "Mia"],
     lambda k: k in ("dragon.drought", "dragon.release")),
    ("yinzi-tax", "Yinzi", ["Anna", "Ben", "Mia"], lambda k: k == "yinzi.tax"),
]


def move_to(server: Server, game_id: str, wanted: Callable[[str], bool]) -> None:
    """Random moves (tried from several seeds) until the wanted decision; saved as the game's new state."""
    with open_store(server.data_dir / "companion.sqlite3") as store:
        session, row = store.load_game(game_id)
        for seed in range(80):
            trial, rng = Session.from_log(session.game, session.setup, session.log), random.Random(seed)
            for _ in range(1500):
                d = trial.decision
                if d is None or wanted(d.kind):
                    break
                trial.act(pick(d, rng))
            if trial.decision is not None and wanted(trial.decision.kind):
                store.save_game(game_id, trial, expected=row.revision, owner=row.owner)
                return
    raise AssertionError(f"{game_id}: no path to the wanted step")


def move_past(server: Server, game_id: str, kind: str) -> None:
    """Random moves until a tap whose log step ran bookkeeping step `kind` with table moves; saved as the game."""
    from companion.core.registry import manifest
    from companion.ui.rule_card import made_by

    with open_store(server.data_dir / "companion.sqlite3") as store:
        session, row = store.load_game(game_id)
        make, rng = manifest(session.game.name).instructions, random.Random(3)
        for _ in range(1500):
            if session.log and any(k == kind and make(e) for k, _, e in made_by(session, len(session.log) - 1)):
                store.save_game(game_id, session, expected=row.revision, owner=row.owner)
                return
            session.act(pick(session.decision, rng))
    raise AssertionError(f"{game_id}: no step ran {kind}")


def open_card(page, lang: str, moves: bool = False) -> float:
    """One tap on the decision panel's "Rule" (moves: on "Rules of these steps" beside the table moves); the
    height of what was tapped."""
    said = [t("rulecard.moves", lang, n=n) for n in (1, 2)]
    # the panel's own "Rule" ends with that word ("Rule of this step" beside the table moves does not)
    label = re.compile("|".join(map(re.escape, said)) if moves else rf"{re.escape(t('rulecard.button', lang))}\s*$")
    summary = page.locator("[data-testid=stExpander] summary").filter(has_text=label).first
    summary.scroll_into_view_if_needed()
    height = summary.bounding_box()["height"]
    summary.click()
    page.wait_for_timeout(400)
    wait_for_app(page)
    page.evaluate("el => el.closest('[data-testid=stExpander]').scrollIntoView({block: 'center'})",
                  summary.element_handle())
    page.wait_for_timeout(200)
    return height


def run(out: Path, langs: list[str], devices: list[tuple[str, dict]], moves: bool = False) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        server = Server(Path(tmp)).start()
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
            urls = {}
            for name, title, names, wanted in CASES:
                game_id = new_game(page, server, title, names)
                move_to(server, game_id, wanted)
                urls[name] = page.url.split(server.url, 1)[1]
            if moves:
                game_id = new_game(page, server, "Gùgōng", ["Anna", "Ben"])
                move_past(server, game_id, "night_dice")
                urls["night-moves"] = page.url.split(server.url, 1)[1]
            page.context.close()
            for lang in langs:
                for device, size in devices:
                    for name, url in urls.items():
                        page = browser.new_context(viewport=size, locale=LOCALES[lang]).new_page()
                        go(page, server, url)
                        height = open_card(page, lang, name == "night-moves")
                        page.screenshot(path=str(out / f"rule-{name}-{lang}-{device}.png"))  # the screen as seen
                        print(f"rule-{name}-{lang}-{device}: Rule tap target {height:.0f} px high")
                        page.context.close()
        finally:
            browser.close()
            server.kill()


if __name__ == "__main__":
    args = sys.argv[2:]
    sizes = [(name, size) for name, size in (("phone", PHONE), ("laptop", LAPTOP)) if name in args]
    sizes = sizes or [("phone", PHONE)]
    run(Path(sys.argv[1]), [a for a in args if a in LOCALES] or ["de", "nl", "en"], sizes, "moves" in args)
