"""Choosing one option from a long list: a select box and a confirm button."""

from __future__ import annotations

import streamlit as st

from ..core import Decision
from .context import flash, on_command, tr


def confirm_select(select_key: str, options: tuple[dict, ...], version: int) -> None:
    index = st.session_state.get(select_key)
    if index is None:
        flash("warning", tr("ui.choose_first"))
        return
    on_command(options[index], version)


def select_and_confirm(
    decision: Decision, option_labels: list[str], version: int, confirm_key: str, shown: int
) -> None:
    select_key = f"select_{version}"
    st.selectbox(
        tr("ui.choose"),
        options=list(range(len(option_labels))),
        format_func=lambda i: option_labels[i],
        key=select_key,
        index=None,
        placeholder=tr("ui.choose_placeholder"),
    )
    st.button(
        tr(confirm_key),
        key=f"confirm_{version}",
        on_click=confirm_select,
        args=(select_key, decision.options, shown),
        type="primary",
        width="stretch",
    )
