"""Screenshots for issue 20's accessibility work: Home and the Table screen mid-turn (a Gùgōng turn whose card
is given), plus the Meng page, phone 390x844 and laptop 1280x900, in de/nl/en.
Run as a script: `python -m tests.e2e.shots_a11y OUT [en de nl]`."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.e2e.shots_ui_shell import LOCALES, shot
from tests.e2e.test_accessibility import make_games, open_screen
from tests.e2e.test_browser import CHROMIUM, CHROMIUM_ARGS, LAPTOP, PHONE, Server


def run(out: Path, langs: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        server = Server(Path(tmp)).start()
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            ids = make_games(server.data_dir)
            for lang in langs:
                for device, size in (("phone", PHONE), ("laptop", LAPTOP)):
                    page = browser.new_context(viewport=size, locale=LOCALES[lang]).new_page()
                    for name, path in (("home", ""), ("table", f"table?g={ids['table']}"),
                                       ("meng", f"meng?g={ids['meng']}")):
                        open_screen(page, server, path)
                        shot(page, out, f"{name}-{lang}-{device}")
                    page.context.close()
        finally:
            browser.close()
            server.kill()


if __name__ == "__main__":
    run(Path(sys.argv[1]), sys.argv[2:] or ["en", "de", "nl"])
