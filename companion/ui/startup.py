"""A fresh server's start (issue 23, first load): what the first Home screen needs, done before anyone opens a page.

`streamlit run streamlit_app.py` finds the app's `st.App` in that file and runs `warm_up` once before it serves
(Streamlit's documented lifespan hook). Without it the first visitor's first script run imported the app's
modules, read a catalog and loaded the first game's engine: ~0.3 s of CPU inside that visitor's first load, while
the server sat idle during the second its browser spent loading Streamlit's JavaScript. Here the same work is done
at start: the modules Home imports, the store's module, every language's catalog (a first visitor may read any)
and the engine of the game Home's form shows first. No session, no store data; a failure is only logged: the
first screen meets it again and says so, as it always did.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
from collections.abc import AsyncIterator
from typing import Any

LOG = logging.getLogger(__name__)
HOME_MODULES = ("companion.ui.pages.home", "companion.ui.live", "companion.ui.theme")


def prepare() -> None:
    """Import what the first Home screen runs, read the catalogs, load the first listed game's engine."""
    from companion.core.registry import game_names, manifest
    from companion.i18n import LANGUAGES, catalog
    from companion.storage import store_location

    for name in HOME_MODULES:
        importlib.import_module(name)
    is_sqlite = not store_location().startswith(("postgresql://", "postgres://"))
    importlib.import_module("companion.storage.sqlite" if is_sqlite else "companion.storage.postgres")
    for lang in LANGUAGES:
        catalog(lang)
    manifest(game_names()[0])  # Home's form opens on the first listed game: its engine, its facts


@contextlib.asynccontextmanager
async def warm_up(app: Any) -> AsyncIterator[None]:
    """st.App's lifespan: prepare, then serve."""
    try:
        prepare()
    except Exception:  # the first screen shows what went wrong, with the app's own message
        LOG.exception("could not prepare the first Home screen at start")
    yield
