"""Gùgōng's new-game options: bonus travel tiles and the expert variant (the engine validates them)."""

from __future__ import annotations

from typing import Any

import streamlit as st

from companion.i18n import t


def options(lang: str, players: int) -> dict[str, Any]:
    c1, c2 = st.columns(2)
    bonus = c1.toggle(t("ui.gg.opt_bonus", lang), key="new_gugong_bonus", help=t("ui.gg.opt_bonus_help", lang))
    expert = c2.toggle(t("ui.gg.opt_expert", lang), key="new_gugong_expert", help=t("ui.gg.opt_expert_help", lang))
    return {"bonus_tiles": bool(bonus), "expert": bool(expert)}


def build_setup(players: list[dict[str, str]], options: dict[str, Any], seed: int) -> dict[str, Any]:
    return {"players": [p["name"] for p in players], "seed": seed, **options}
