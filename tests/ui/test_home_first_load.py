"""A fresh server's first Home screen loads only what Home shows (issue 23, first load): the first game's engine
and no other, one language's catalog, none of the heavy libraries (YAML, jsonschema, pandas, numpy, ReportLab,
PIL) and not Streamlit's emoji catalogue. Run in a fresh process, as a fresh `streamlit run` is."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.ui.fresh_process import result_of

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import json, os, sys
from streamlit.testing.v1 import AppTest
at = AppTest.from_file(os.path.join(os.environ["APP_ROOT"], "streamlit_app.py"), default_timeout=120)
at.session_state["lang"] = os.environ["APP_LANG"]
at.run()
assert not at.exception, at.exception
from companion import i18n
print("RESULT " + json.dumps({
    "games": list(at.selectbox(key="new_game").options),
    "modules": sorted(m for m in sys.modules if m.startswith("companion.") or "." not in m),
    "emojis": "streamlit.emojis" in sys.modules,
    "catalogs": i18n.catalog.cache_info().currsize,
}))
"""


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_the_first_home_screen_imports_one_engine_one_catalog_and_no_heavy_library(tmp_path, lang):
    env = {**os.environ, "APP_ROOT": str(ROOT), "APP_LANG": lang, "PYTHONPATH": str(ROOT),
           "COMPANION_DATA_DIR": str(tmp_path)}
    env.pop("COMPANION_EXTRA_GAMES", None)
    seen, _ = result_of(CHILD, env)
    assert len(seen["games"]) == 4  # every game listed (from core.registry's listings)...
    engines = [m for m in seen["modules"] if m.endswith(".engine")]
    assert engines == ["companion.gugong.engine"]  # ...but only the engine of the game the form shows
    assert not {"yaml", "jsonschema", "pandas", "numpy", "reportlab", "PIL"} & set(seen["modules"])
    assert not seen["emojis"]
    assert seen["catalogs"] == 1  # the reader's language only: no English loaded behind a German screen
