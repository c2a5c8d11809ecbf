"""New-game forms, drawn from the game's manifest: its options (toggles and choices) and colours.

The form holds no rules: the engine's normalize_setup refuses a bad setup with a SetupError,
which the Home screen shows. Widget keys start with "new_<game>_" so screens do not clash.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from companion.core.manifest import Manifest, Option
from companion.i18n import has, t
from companion.ui.context import tr

GENERIC_COLOURS = ("red", "blue", "green", "yellow", "purple")


def player_count(low: int, high: int, key: str) -> int:
    """How many players (Home's new game, Quick score): 3 by default when the game allows it."""
    return int(
        st.number_input(tr("ui.player_count"), min_value=low, max_value=high, value=min(max(3, low), high), step=1,
                        key=key)
    )


def colours(manifest: Manifest, overrides: dict[str, Any]) -> list[str]:
    try:
        return [str(c) for c in manifest.colours(overrides)] or list(GENERIC_COLOURS)
    except Exception:  # a damaged owner profile must not break Home; the engine refuses it with a reason
        return [str(c) for c in manifest.colours({})]


def _word(option: Option, value: Any, lang: str) -> str:
    key = option.none_label if value is None else f"{option.choice_label}{value}"
    if key and option.choice_label and has(key, lang):
        return t(key, lang)
    return "–" if value is None else str(value)


def _option_widget(manifest: Manifest, option: Option, lang: str, players: int, overrides: dict[str, Any]) -> Any:
    key = f"new_{manifest.name}_{option.key}"
    help_ = t(option.help, lang) if option.help else None
    if option.kind == "toggle":
        return bool(st.toggle(t(option.label, lang), value=bool(option.default), key=key, help=help_))
    values = list(option.values(players, overrides))
    words = {v: _word(option, v, lang) for v in values}
    index = values.index(option.default) if option.default in values else 0
    if len(values) <= 4:
        return st.radio(t(option.label, lang), values, index=index, horizontal=True, format_func=words.get, key=key,
                        help=help_)
    return st.selectbox(t(option.label, lang), values, index=index, format_func=words.get, key=key, help=help_)


def game_options(manifest: Manifest, lang: str, players: int, overrides: dict[str, Any]) -> dict[str, Any]:
    """Render the manifest's options; returns {option key: value} for the shown ones."""
    chosen: dict[str, Any] = {}
    for option in manifest.options:
        if option.show_if is not None and chosen.get(option.show_if[0]) != option.show_if[1]:
            continue
        chosen[option.key] = _option_widget(manifest, option, lang, players, overrides)
    return chosen
