"""Yinzi's new-game options: the player colours of the box (the engine's normalize_setup validates).

Yinzi's setup takes only names, colours and the seed (RULES-Y 3 Spielaufbau: everything else is
drawn at the table, as chance steps at the start of the log). The colours come from the owner's box
profile (`components.colors` with the owner's box-check overrides), read each time the Home form asks.
"""

from __future__ import annotations

from typing import Any

from companion.yinzi.box import box_for

FALLBACK = ["red", "yellow", "green", "blue"]


def _owner_overrides() -> dict[str, Any]:
    try:
        from companion.ui import context

        return context.store().box_overrides("yinzi") or {}
    except Exception:  # no store (e.g. outside the app): the shipped profile
        return {}


def palette(overrides: dict[str, Any] | None = None) -> list[str]:
    try:
        return [str(c) for c in box_for(overrides).v("components.colors")]
    except Exception:  # a broken profile must not break the Home screen; the engine will refuse
        return list(FALLBACK)


def __getattr__(name: str) -> Any:
    """`COLOURS` (read by companion.ui.setup_forms.colours) follows the owner's profile, not the default."""
    if name == "COLOURS":
        return palette(_owner_overrides())
    raise AttributeError(name)


def build_setup(players: list[dict[str, str]], options: dict[str, Any], seed: int) -> dict[str, Any]:
    return {"players": [p["name"] for p in players], "colors": [p["colour"] for p in players], "seed": seed, **options}


# -- quick score: fields the generic form cannot draw (companion/ui/pages/quick_score.py hooks) -------
MAX_FACTORIES = 8
PROGRESS_AREAS = ("diplomacy", "economy", "emperor", "war")


def quick_field(game: str, name: str, spec: dict[str, Any], key: str, lang: str) -> Any:
    """A player's `factories` (the level of each own factory) and `progress` (discs per area)."""
    import streamlit as st

    from companion.i18n import t

    if name == "factories":
        st.markdown(f"**{t('yinzi.table.factories', lang)}**")
        row = st.container(horizontal=True, key=f"{key}_row")  # wraps on a phone
        count = row.number_input(
            t("yinzi.ui.factory_count", lang), min_value=0, max_value=MAX_FACTORIES, value=0, step=1, key=f"{key}_n"
        )
        levels = []
        for i in range(int(count)):
            level = row.selectbox(t("yinzi.ui.factory_level", lang, n=i + 1), [1, 2, 3], key=f"{key}_{i}", width=120)
            levels.append(int(level))
        return levels or None
    if name == "progress":
        st.markdown(f"**{t('yinzi.table.progress', lang)}**")
        row = st.container(horizontal=True, key=f"{key}_row")
        out = {}
        for area in PROGRESS_AREAS:
            n = row.number_input(
                t(f"yinzi.area.{area}", lang), min_value=0, max_value=6, value=0, step=1, key=f"{key}_{area}", width=130
            )
            if n:
                out[area] = int(n)
        return out or None
    return None


def _owner_rates() -> tuple[list[int], bool]:
    """The six values above the track as this owner's box profile has them, and whether they are verified."""
    from companion.ui import context
    from companion.yinzi.box import box_for

    box = box_for(context.store().box_overrides("yinzi"))
    return list(box.rates), box.profile.fact("exchange.rates").verified


def quick_extra(game: str, schema: dict[str, Any], doc: dict[str, Any], lang: str) -> dict[str, Any]:
    """The table-wide fields: the exchange rate (as a value or as the die's field), the last round's
    turn order, and a helper note per player: their copper in silver at that rate and what is left."""
    import streamlit as st

    from companion.i18n import t

    rates, verified = _owner_rates()
    extra: dict[str, Any] = {}
    with st.container(border=True, key="qs_yinzi_rate"):
        modes = ["field", "value"]
        words = {m: t(f"yinzi.ui.rate_by_{m}", lang) for m in modes}
        mode = st.radio(
            t("yinzi.ui.rate_how", lang),
            modes,
            format_func=lambda m: words[m],
            horizontal=True,
            key="qs_yinzi_rate_mode",
        )
        placeholder = False
        if mode == "field":
            field = st.number_input(
                t("yinzi.table.exchange_field", lang), min_value=1, max_value=6, value=2, step=1, key="qs_yinzi_field"
            )
            extra["exchange_field"] = int(field)
            if verified:  # the owner's printed values (box check); otherwise the engine's labelled placeholder
                extra["exchange_rates"] = rates
            rate = rates[int(field) - 1]
            placeholder = not verified
            marks = " · ".join(f"{i + 1}: {v}{'' if verified else '?'}" for i, v in enumerate(rates))
            st.caption(marks)
            if placeholder:
                st.warning(t("yinzi.ui.rates_unverified", lang), icon=":material/help:")
        else:
            rate = st.number_input(
                t("yinzi.table.exchange_rate", lang), min_value=1, value=rates[1], step=1, key="qs_yinzi_value"
            )
            extra["exchange_rate"] = int(rate)
        names = [p.get("name", "") for p in doc.get("players", []) if p.get("name")]
        order = st.multiselect(
            t("yinzi.table.turn_order", lang), names, key="qs_yinzi_order", help=schema_help(schema, "turn_order")
        )
        if order and len(order) == len(names) and len(set(names)) == len(names):
            extra["turn_order"] = list(order)
        note = t("yinzi.ui.rate_placeholder", lang) if placeholder else ""
        for p in doc.get("players", []):
            copper = int(p.get("copper", 0) or 0)
            if copper:
                silver, left = divmod(copper, int(rate))
                text = t(
                    "yinzi.ui.copper_helper", lang, rate=rate, unverified=note, copper=copper, silver=silver, left=left
                )
                st.caption(f"{p.get('name', '')}: {text}")
    return extra


def schema_help(schema: dict[str, Any], name: str) -> str | None:
    return schema.get("properties", {}).get(name, {}).get("description")
