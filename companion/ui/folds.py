"""A phone's folds: the long parts of a game screen start folded there and are drawn only while open."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import streamlit as st

PHONE = "_is_phone"  # the session's answer: a session is one browser tab, its user agent does not change


def is_phone() -> bool:
    """A phone's browser (its user agent says Mobile): the long parts of a game screen start folded.
    Read once per session (a run asks several times; reading the headers costs more than the lookup)."""
    known = st.session_state.get(PHONE)
    if known is None:
        try:
            agent = st.context.headers.get("User-Agent") or ""
        except Exception:  # no browser (AppTest, bare mode)
            agent = ""
        known = st.session_state[PHONE] = "Mobile" in agent
    return known


FOLDS = "_folds"  # fold key -> open: kept beyond the widget (a page switch forgets a widget's state)


def _folded(key: str) -> None:
    st.session_state.setdefault(FOLDS, {})[key] = bool(st.session_state.get(key))


def fold(label: str, key: str, icon: str) -> Any:
    """A phone's fold whose body is drawn only while it is open (`with fold(...) as box: if box.open: ...`):
    a tap or a fold of it reruns the screen; its state is remembered for this browser, also across screens."""
    kept = st.session_state.get(FOLDS, {})
    if key not in st.session_state and key in kept:
        st.session_state[key] = kept[key]
    return st.expander(label, key=key, on_change=_folded, args=(key,), icon=icon)


@contextmanager
def closed(label: str, key: str, icon: str | None = None, rerun: bool = False) -> Iterator[bool]:
    """A part that starts closed everywhere (`with closed(...) as shown: if shown: ...`): on a phone its body is
    drawn only while it is open (opening it reruns the screen), so a tap's run does not send what nobody sees
    (issue 23: the browser's work per tap grows with every element sent); elsewhere it is drawn as always.
    `rerun`: opening or closing it reruns the screen on every device (a part whose open state the screen keeps
    from step to step)."""
    phone = is_phone()
    with st.expander(label, key=key, icon=icon, on_change="rerun" if phone or rerun else "ignore") as box:
        yield box.open or not phone
