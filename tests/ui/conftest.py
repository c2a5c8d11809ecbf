"""AppTest fixtures: a fresh data directory per test and the toy game registered as an engine."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from companion.core.registry import register
from tests.core.toy_game import MANIFEST as PIG_MANIFEST

from .apphelpers import new_session

register(PIG_MANIFEST)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def app(data_dir) -> AppTest:
    return new_session()
