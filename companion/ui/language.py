"""The reader's language in this browser session: chosen in Settings, else the browser's own, else English.

Its own small module so that what is shared between screens (ui/shared_parts) can key by it without importing
ui/context, which uses those shared parts."""

from __future__ import annotations

import threading

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from ..i18n import LANGUAGES

LANG = "lang"  # session_state: the language chosen for this session


def browser_language() -> str:
    try:
        locale = (st.context.locale or "").lower()
    except Exception:  # no browser (AppTest, bare mode)
        locale = ""
    code = locale.split("-")[0]
    return code if code in LANGUAGES else "en"


class _RunMemo(threading.local):
    """The language this script thread read in its current run (`run`: that run's token), so the ~80 lookups of a
    Table run read the session state once (each read of st.session_state costs ~0.1 ms: a tap's run spent ~10% of
    its CPU here)."""

    run: object = None
    value: str = ""


_memo = _RunMemo()


def _run_token() -> object:
    """An object Streamlit makes anew for every script run (and fragment run) of a session; None outside a run."""
    ctx = get_script_run_ctx(suppress_warning=True)
    return ctx.parallel_coordinator if ctx is not None else None


def lang() -> str:
    token = _run_token()
    if token is not None and _memo.run is token:
        return _memo.value
    if LANG not in st.session_state:
        st.session_state[LANG] = browser_language()
    value = st.session_state[LANG]
    _memo.run, _memo.value = token, value
    return value


def set_lang(code: str) -> None:
    """Choose this session's language (Settings): read anew from here on, in this run too."""
    st.session_state[LANG] = code
    _memo.run = None
