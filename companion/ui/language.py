"""The reader's language in this browser session: chosen in Settings, else the browser's own, else English.

Its own small module so that what is shared between screens (ui/shared_parts) can key by it without importing
ui/context, which uses those shared parts."""

from __future__ import annotations

import streamlit as st

from ..i18n import LANGUAGES

LANG = "lang"  # session_state: the language chosen for this session


def browser_language() -> str:
    try:
        locale = (st.context.locale or "").lower()
    except Exception:  # no browser (AppTest, bare mode)
        locale = ""
    code = locale.split("-")[0]
    return code if code in LANGUAGES else "en"


def lang() -> str:
    if LANG not in st.session_state:
        st.session_state[LANG] = browser_language()
    return st.session_state[LANG]
