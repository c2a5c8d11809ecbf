"""Screenshots for issue 20's accessibility work: Home and the Table screen mid-turn (a Gùgōng turn whose card
is given), plus the Meng page, phone 390x844 and laptop 1280x900, in de/nl/en.
Run as a script: `python -m tests.e2e.shots_a11y OUT [en de nl]`."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.e2e.harness import LOCALES, SIZES, served
from tests.e2e.shots_ui_shell import shot
from tests.e2e.test_accessibility import make_games, open_screen


def run(out: Path, langs: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with served() as (browser, server):
        ids = make_games(server.data_dir)
        for lang in langs:
            for device, size in SIZES:
                page = browser.new_context(viewport=size, locale=LOCALES[lang]).new_page()
                for name, path in (("home", ""), ("table", f"table?g={ids['table']}"),
                                   ("meng", f"meng?g={ids['meng']}")):
                    open_screen(page, server, path)
                    shot(page, out, f"{name}-{lang}-{device}")
                page.context.close()


if __name__ == "__main__":
    run(Path(sys.argv[1]), sys.argv[2:] or ["en", "de", "nl"])
