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

# Test modules whose tests share a module fixture (games stored once, a solo game played to a step, a server with
# the statistics fixture, random playouts walked once with every fact perturbed): `make test` (--dist loadgroup)
# runs the tests that use it on one worker, which builds it once (spread over two workers, both built it: the
# provenance walks cost 20-35 s of CPU each). A test of such a module that does not use the fixture is free to go
# to either worker. Keys: the end of the module's path.
# (Not the accessibility test's stored games: they take under a second to build, and its three languages, about
# two minutes each on a busy machine, are better spread over both workers than queued on one.)
SHARED_SETUP = {
    "e2e/test_taps_gugong.py": "meng_screen",
    "stats/test_browser_stats.py": "server",
    "gugong/test_provenance.py": "played",
    "yinzi/test_provenance.py": "walked",
    "polish/test_words_dragon_yinzi.py": "sessions",
}
# The longest browser tests (minutes on a busy machine: a whole day, month or round tapped through) start first,
# so that neither worker is left with one of them at the end while the other has nothing to do.
LONGEST = ("test_a_yinzi_round_on_a_phone", "test_a_dragon_month_on_a_phone", "test_a_solo_day_takes_one_tap_per",
           "test_a_three_player_day_on_a_phone", "test_a_gugong_day_keeps", "test_stale_devices_are_refused",
           "test_a_three_player_setup_entered", "test_a_solo_day_on_the_table_page", "test_fifty_interleaved_taps")
# The heaviest modules without a browser (10-40 s of CPU each: playouts walked with checks, long AppTest flows)
# go right after the browser tests, whole modules (a module fixture is built once per worker and module run),
# not last in path order, where one of them would keep a worker busy while the other has finished.
HEAVY = ("yinzi/test_provenance.py", "yinzi/test_properties.py", "gugong/test_provenance.py",
         "polish/test_words_dragon_yinzi.py", "ui/test_app_meng.py", "ui/test_app_gugong.py",
         "hostile/test_fuzz_end_tables.py", "i18n/test_render_everything.py")


def _key(item, keys) -> str | None:
    """The key of `keys` that the end of the item's module path names."""
    path = item.path.as_posix()
    return next((k for k in keys if path.endswith("/" + k)), None)


def _first(item) -> tuple[int, int]:
    """The browser tests first (they take minutes, not milliseconds), the longest of them before the others;
    then the heaviest modules without a browser."""
    if not item.get_closest_marker("e2e"):
        return (2, 0) if _key(item, HEAVY) else (3, 0)
    rank = next((n for n, name in enumerate(LONGEST) if item.name.startswith(name)), len(LONGEST))
    return (0, rank) if rank < len(LONGEST) else (1, 0)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    items.sort(key=_first)  # stable: the order within each part is kept
    for item in items:
        shared = _key(item, SHARED_SETUP)
        if shared and SHARED_SETUP[shared] in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group(shared.removesuffix(".py").replace("/", "-")))
