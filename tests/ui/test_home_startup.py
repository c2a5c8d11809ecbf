"""A fresh server prepares the first Home screen at its start (issue 23, first load): `streamlit run` finds the
app's st.App in streamlit_app.py and runs its lifespan (companion.ui.startup.warm_up) before it serves."""

from __future__ import annotations

import asyncio
import os
import threading
from pathlib import Path

from streamlit.web.server.app_discovery import discover_asgi_app

from companion.ui import startup
from tests.ui.fresh_process import result_of

ROOT = Path(__file__).resolve().parents[2]

# as the server does it: import the entry point as a module (no script run), then the lifespan's start
CHILD = r"""
import asyncio, json, sys
before = set(sys.modules)
import streamlit_app
imported = {m for m in sys.modules if m.startswith("companion.")}
from companion.ui import startup
async def start():
    async with startup.warm_up(streamlit_app.app):
        pass
asyncio.run(start())
from companion import i18n
print("RESULT " + json.dumps({
    "app": type(streamlit_app.app).__name__,
    "home_on_import": "companion.ui.pages.home" in imported,
    "modules": sorted(m for m in sys.modules if m.startswith("companion.")),
    "catalogs": i18n.catalog.cache_info().currsize,
}))
"""


def test_streamlit_run_finds_the_app_in_the_entry_point():
    found = discover_asgi_app(ROOT / "streamlit_app.py")
    assert found.is_asgi_app and found.app_name == "app"


def test_importing_the_entry_point_draws_nothing_and_the_start_prepares_home(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_DATA_DIR": str(tmp_path)}
    env.pop("COMPANION_EXTRA_GAMES", None)
    seen, logged = result_of(CHILD, env)
    assert seen["app"] == "App"
    assert not seen["home_on_import"]  # the import alone only finds the app; the lifespan prepares
    assert {"companion.ui.pages.home", "companion.ui.setup_forms", "companion.storage.sqlite",
            "companion.gugong.engine"} <= set(seen["modules"])
    assert [m for m in seen["modules"] if m.endswith(".engine")] == ["companion.gugong.engine"]
    assert seen["catalogs"] == 3  # a first visitor may read any of the three languages
    assert "could not prepare" not in logged


def test_a_failing_preparation_still_lets_the_server_start(monkeypatch, caplog):
    def broken() -> None:
        raise RuntimeError("a damaged catalog")

    monkeypatch.setattr(startup, "prepare", broken)
    served = []

    async def start() -> None:
        async with startup.warm_up(None):
            served.append(True)

    worker = threading.Thread(target=asyncio.run, args=(start(),))  # its own loop: a test's loop may be running
    worker.start()
    worker.join(30)
    assert served == [True]
    assert "could not prepare the first Home screen" in caplog.text
