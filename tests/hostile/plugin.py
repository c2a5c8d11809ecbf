"""Fuzz results start empty each run (on the controller, not the xdist workers) and their table is
printed at the end of the run. Loaded by tests/conftest.py, so the xdist controller has it too."""

from __future__ import annotations

import shutil

from .outcomes import RESULTS, collect, table


def pytest_sessionstart(session):
    if not hasattr(session.config, "workerinput"):
        shutil.rmtree(RESULTS, ignore_errors=True)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    totals = collect()
    if totals:
        terminalreporter.write_sep("-", "hostile input: outcomes per input path")
        terminalreporter.write_line(table(totals))
