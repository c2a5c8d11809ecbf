"""Hooks for the whole test run: the hostile-input table (tests/hostile/plugin.py), the browser tests' shared
server and Chromium (tests/e2e/harness.py), and the order in which xdist hands out the tests (tests/order.py)."""

from tests.e2e.harness import app_server, browser, chromium
from tests.hostile.plugin import pytest_sessionstart, pytest_terminal_summary

__all__ = ["app_server", "browser", "chromium", "pytest_sessionstart", "pytest_terminal_summary"]
