"""Screenshots of every screen, phone 390x844 and laptop 1280x900, in de/nl/en, for a person to look at.

Run as a script: `python -m tests.e2e.shots_every_screen OUT [en de nl]`. The games are started through the
app (new game, the app draws the setup), moved on with seeded random legal moves through the store (as
another device would), then each screen is opened in each language and size: Home, Table after setup,
mid-game and at the end, the Meng page, a seat, Score, Quick score, Statistics, Box check, Printables,
Settings."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from companion.core.chance import SEEN, pick
from companion.storage import open_store
from tests.e2e.harness import LOCALES, PHONE, Server, each_set, go, served
from tests.e2e.shots_ui_shell import shot
from tests.e2e.test_taps_gugong import new_game

GAMES = {  # screen name -> (the game as Home lists it, players, moves played after the setup)
    "gugong": ("Gùgōng", ["Anna", "Ben", "Mia"], 40),
    "meng": ("Gùgōng solo (against Meng)", ["Anna"], 40),
    "dragon": ("In the Year of the Dragon", ["Anna", "Ben", "Mia"], 30),
    "yinzi": ("Yinzi", ["Anna", "Ben", "Mia"], 40),
}
PAGES = ("score", "seat", "quick-score", "stats", "box-check", "printables", "settings")


def advance(server: Server, game_id: str, moves: int | None, seed: int = 7, enter_seen: bool = False) -> None:
    """Seeded random legal moves, saved like another device's taps; `None`: to the end of the game.
    `enter_seen`: the table once enters a component the box profile does not list ("Something else…")."""
    rng = random.Random(seed)
    with open_store(server.data_dir / "companion.sqlite3") as store:
        session, row = store.load_game(game_id)
        done = 0
        while session.decision is not None and (moves is None or done < moves):
            seen = [o for o in session.decision.options if SEEN in o] if enter_seen else []
            session.act(seen[0] if seen else pick(session.decision, rng))
            enter_seen = enter_seen and not seen
            done += 1
        store.save_game(game_id, session, expected=row.revision, owner=row.owner)


def start_games(browser, server: Server) -> dict[str, str]:
    """Each game started through the app, setup drawn by the app: screen name -> game id."""
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    ids = {}
    for name, (listed, players, _) in GAMES.items():
        ids[name] = new_game(page, server, listed, players)
        page.locator(".st-key-app_chance_all_0 button").click()
        page.wait_for_timeout(1500)
    ended = new_game(page, server, "Gùgōng", ["Anna", "Ben", "Mia"])
    page.context.close()
    advance(server, ended, None, enter_seen=True)  # its end asks whether to record what the table saw
    ids["gugong-end"] = ended
    return ids


def screens(browser, server: Server, out: Path, ids: dict[str, str], lang: str, device: str, size: dict) -> None:
    page = browser.new_context(viewport=size, locale=LOCALES[lang]).new_page()
    tag = f"{lang}-{device}"
    go(page, server, "")
    shot(page, out, f"home-{tag}")
    for name, game_id in ids.items():
        go(page, server, f"table?g={game_id}")
        shot(page, out, f"table-{name}-{tag}")
    go(page, server, f"meng?g={ids['meng']}")
    shot(page, out, f"meng-{tag}")
    for path in PAGES:
        go(page, server, f"{path}?g={ids['gugong']}")
        shot(page, out, f"{path}-{tag}")
    for name in ("dragon", "yinzi", "gugong-end"):
        go(page, server, f"score?g={ids[name]}")
        shot(page, out, f"score-{name}-{tag}")
    page.context.close()


def run(out: Path, langs: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with served() as (browser, server):
        ids = start_games(browser, server)
        for name, (_, _, moves) in GAMES.items():
            advance(server, ids[name], moves)
        each_set(langs, lambda lang, device, size: screens(browser, server, out, ids, lang, device, size))


if __name__ == "__main__":
    run(Path(sys.argv[1]), sys.argv[2:] or ["en", "de", "nl"])
