"""A chance step: the app draws or rolls, or the table enters what it drew or rolled."""

from __future__ import annotations

import streamlit as st

from ..core import Decision
from ..i18n import labels
from .context import on_command, randomness, shown_as, tr
from .dispatch import APP_CHANCE, APP_CHANCE_ALL, Table
from .picking import select_and_confirm


def chance_panel(tab: Table, decision: Decision, option_labels: list[str], version: int) -> None:
    modes = ["app", "table"]
    mode_key = f"chance_mode_{version}"
    last_key = f"_chance_mode_{tab.game_id}"  # the table's last choice sticks for the next steps
    if mode_key not in st.session_state:
        st.session_state[mode_key] = st.session_state.get(last_key) or tab.meta.get("randomness") or randomness()
    mode = st.radio(
        tr("ui.chance_who"),
        modes,
        format_func=shown_as(modes, lambda m: tr(f"ui.chance_{m}")),
        key=mode_key,
        horizontal=True,
        on_change=lambda: st.session_state.__setitem__(last_key, st.session_state[mode_key]),
    )
    if mode == "app":
        st.button(
            tr("ui.app_draws"),
            key=f"app_chance_{version}",
            on_click=on_command,
            args=(APP_CHANCE, tab.revision),
            type="primary",
            width="stretch",
        )
        st.button(
            tr("ui.app_draws_all"),
            key=f"app_chance_all_{version}",
            on_click=on_command,
            args=(APP_CHANCE_ALL, tab.revision),
            width="stretch",
        )
        return
    if decision.weights is not None:
        game, setup = tab.session.game.name, tab.session.setup
        option_labels = [
            f"{label} ({labels.weight_text(game, decision.kind, setup, w)})"
            for label, w in zip(option_labels, decision.weights, strict=True)
        ]
    select_and_confirm(decision, option_labels, version, "ui.table_shows", tab.revision)
