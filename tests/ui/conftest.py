"""AppTest fixtures: a fresh data directory per test and the toy game registered as an engine."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from companion.core.registry import register
from tests.core.toy_game import GAME as PIG

APP = str(Path(__file__).resolve().parents[2] / "streamlit_app.py")
register(PIG)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def app(data_dir) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    at.session_state["lang"] = "en"
    return at
