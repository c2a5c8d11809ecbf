"""Hooks for the whole test run: the hostile-input table (tests/hostile/plugin.py)."""

from tests.hostile.plugin import pytest_sessionstart, pytest_terminal_summary

__all__ = ["pytest_sessionstart", "pytest_terminal_summary"]
