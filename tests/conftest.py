"""Hooks for the whole test run: the hostile-input table (tests/hostile/plugin.py), the browser tests' shared
server and Chromium (tests/e2e/harness.py), and the order in which xdist hands out the tests."""

import os
import sys
import tempfile

import pytest

# Compiled modules are kept between runs, also when PYTHONDONTWRITEBYTECODE is set (as on the build machine): in
# a folder of the temporary directory, not in the tree. Without it every test process (each xdist worker, each
# `streamlit run` a browser test starts) parses the app afresh and pytest rewrites every test module's asserts
# again: collecting took 16 s of CPU in each worker, 4 s with the compiled modules kept (18 s on the first run,
# which writes them). A PYTHONPYCACHEPREFIX the caller set is used instead.
if sys.dont_write_bytecode:
    sys.dont_write_bytecode = False
    sys.pycache_prefix = sys.pycache_prefix or os.path.join(tempfile.gettempdir(), "companion-test-pycache")
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # the processes the tests start (servers, CLI runs) too
    os.environ["PYTHONPYCACHEPREFIX"] = sys.pycache_prefix

from tests.e2e.harness import app_server, browser, chromium
from tests.hostile.plugin import pytest_sessionstart, pytest_terminal_summary

__all__ = ["app_server", "browser", "chromium", "pytest_sessionstart", "pytest_terminal_summary"]

# Browser test modules whose tests share a module fixture (games stored once, a solo game played to a step, a
# server with the statistics fixture): `make test` (--dist loadgroup) runs the tests that use it on one worker,
# which builds it once. A test of such a module that does not use the fixture is free to go to either worker.
SHARED_SETUP = {
    "test_accessibility.py": "games",
    "test_taps_gugong.py": "meng_screen",
    "test_browser_stats.py": "server",
}
# The longest browser tests (minutes on a busy machine: a whole day, month or round tapped through) start first,
# so that neither worker is left with one of them at the end while the other has nothing to do.
LONGEST = ("test_a_yinzi_round_on_a_phone", "test_a_dragon_month_on_a_phone", "test_a_solo_day_takes_one_tap_per",
           "test_a_three_player_day_on_a_phone", "test_a_gugong_day_keeps", "test_stale_devices_are_refused",
           "test_a_three_player_setup_entered", "test_a_solo_day_on_the_table_page", "test_fifty_interleaved_taps")


def _first(item) -> tuple[int, int]:
    """The browser tests first (they take minutes, not milliseconds), the longest of them before the others."""
    if not item.get_closest_marker("e2e"):
        return 2, 0
    rank = next((n for n, name in enumerate(LONGEST) if item.name.startswith(name)), len(LONGEST))
    return (0, rank) if rank < len(LONGEST) else (1, 0)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    items.sort(key=_first)  # stable: the order within each part is kept
    for item in items:
        if SHARED_SETUP.get(item.path.name) in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group(item.path.stem))
