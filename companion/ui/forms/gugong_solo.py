"""Solo Gùgōng against Meng: difficulty, night rule, card sets and Meng's focus location.

The values are the engine's setup options (companion/gugong/solo/engine.py); the engine
validates them, so a wrong combination is refused with its message on the Home screen.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from companion.i18n import has, t
from companion.ui.boards.gugong import location

DIFFICULTIES = ("easy", "normal", "hard")
NIGHT_RULES = ("as_if", "at_least")
CARD_SETS = ("4/5", "2/3", "1/2")
LOCATIONS = ("travel", "wall", "jade", "intrigue", "palace", "decree", "canal")


def _label(prefix: str, value: str, lang: str) -> str:
    key = f"ui.meng.{prefix}.{value}"
    return t(key, lang) if has(key, lang) else value


def options(lang: str, players: int) -> dict[str, Any]:
    difficulty = st.radio(
        t("ui.meng.difficulty", lang),
        DIFFICULTIES,
        index=1,
        horizontal=True,
        format_func={d: _label("difficulty", d, lang) for d in DIFFICULTIES}.get,
        key="new_gugong-solo_difficulty",
    )
    night = st.radio(
        t("ui.meng.night_rule", lang),
        NIGHT_RULES,
        horizontal=True,
        format_func={n: _label("night", n, lang) for n in NIGHT_RULES}.get,
        key="new_gugong-solo_night",
        help=t("ui.meng.night_rule_help", lang),
    )
    c1, c2 = st.columns(2)
    sets = c1.selectbox(
        t("ui.meng.sets", lang), CARD_SETS, key="new_gugong-solo_sets", help=t("ui.meng.sets_help", lang)
    )
    focus_labels = {"": t("ui.meng.focus_table", lang), **{loc: location(loc, lang) for loc in LOCATIONS}}
    focus = c2.selectbox(
        t("ui.meng.focus", lang),
        list(focus_labels),
        format_func=focus_labels.get,
        key="new_gugong-solo_focus",
        help=t("ui.meng.focus_help", lang),
    )
    return {"difficulty": difficulty, "night_rule": night, "sets": sets, "focus": focus or None}


def build_setup(players: list[dict[str, str]], options: dict[str, Any], seed: int) -> dict[str, Any]:
    return {"players": [players[0]["name"]], "seed": seed, **options}
