"""Screenshots of the lighter Table screen (issue 23): a Gùgōng game a few taps in, on a phone (its browser says
it is a phone, as a real one does: the layout checklist, the log and the board folded, drawn only when opened)
and on a laptop (everything drawn), de/nl/en; on the phone also with the log's fold opened.
Run as a script: `python -m tests.e2e.shots_table_light OUT [en de nl]`."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.e2e.harness import LAPTOP, LOCALES, PHONE, Server, go, served, wait_for_app
from tests.e2e.shots_ui_shell import shot
from tests.e2e.test_browser import act_first
from tests.e2e.test_taps_gugong import new_game

NAMES = ["Anna", "Ben", "Mia"]
PHONE_AGENT = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
               "Chrome/130.0.0.0 Mobile Safari/537.36")
TAPS = 10


def screens(browser, server: Server, out: Path, lang: str, device: str, game_id: str) -> None:
    extra = {"user_agent": PHONE_AGENT} if device == "phone" else {}
    page = browser.new_context(viewport=PHONE if device == "phone" else LAPTOP, locale=LOCALES[lang],
                               **extra).new_page()
    go(page, server, f"table?g={game_id}")
    for _ in range(TAPS):
        try:
            act_first(page)
        except Exception:  # a list that redrew under the click: the next tap tries again
            wait_for_app(page)
    shot(page, out, f"table-light-{lang}-{device}")
    if device == "phone":
        page.locator(".st-key-log_fold summary").first.click()  # the log, drawn when opened
        wait_for_app(page)
        page.wait_for_selector(".st-key-event_log", timeout=60_000)
        shot(page, out, f"table-light-log-open-{lang}-{device}")
    page.context.close()


def run(out: Path, langs: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with served() as (browser, server):
        starter = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
        ids = {(lang, device): new_game(starter, server, "Gùgōng", NAMES) for lang in langs
               for device in ("phone", "laptop")}
        starter.context.close()
        for (lang, device), game_id in ids.items():
            try:
                screens(browser, server, out, lang, device, game_id)
            except Exception as err:  # one failed set is reported, the others still taken
                print(f"{lang} {device}: {err}", file=sys.stderr)


if __name__ == "__main__":
    run(Path(sys.argv[1]), sys.argv[2:] or ["en", "de", "nl"])
