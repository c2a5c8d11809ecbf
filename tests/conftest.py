"""Hooks for the whole test run: the hostile-input table (tests/hostile/plugin.py), the browser tests' shared
server and Chromium (tests/e2e/harness.py), and the order in which xdist hands out the tests."""

import pytest

from tests.e2e.harness import app_server, browser, chromium
from tests.hostile.plugin import pytest_sessionstart, pytest_terminal_summary

__all__ = ["app_server", "browser", "chromium", "pytest_sessionstart", "pytest_terminal_summary"]

# Browser test modules whose tests share a module fixture (games stored once, a solo game played to a step, a
# server with the statistics fixture): `make test` (--dist loadgroup) runs each on one worker, which builds it once.
SHARED_SETUP = ("test_accessibility.py", "test_taps_gugong.py", "test_browser_stats.py")


def _first(item) -> int:
    """The browser tests first (they take minutes, not milliseconds): no worker is left running one at the end
    while the other has nothing to do."""
    return 0 if item.get_closest_marker("e2e") else 1


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    items.sort(key=_first)  # stable: the order within each part is kept
    for item in items:
        if item.path.name in SHARED_SETUP:
            item.add_marker(pytest.mark.xdist_group(item.path.stem))
