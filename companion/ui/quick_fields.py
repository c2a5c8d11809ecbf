"""Quick-score widgets the generic schema form cannot draw, in one explicit table.

`FIELDS[(game, field)]` draws one player field (returns its value, None = leave it out);
`EXTRAS[game]` draws the table-wide fields and returns them. Games not listed use the
generic form only. No rules here: the values go to the game's `score_table`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from companion.i18n import t
from companion.i18n.words.dragon import tile_word
from companion.yinzi import view as yinzi_view


def _shown(values: tuple[str, ...] | list[str], prefix: str, lang: str) -> Callable[[str], str]:
    """format_func with the words fixed now (see companion.ui.context.shown_as)."""
    words = {v: t(f"{prefix}{v}", lang) for v in values}
    return lambda v: words.get(v, str(v))

def _items(spec: dict[str, Any]) -> dict[str, Any]:
    return spec.get("items", {}).get("properties", {})


# -- Dragon ----------------------------------------------------------------------------------------
def dragon_palaces(game: str, name: str, spec: dict[str, Any], key: str, lang: str) -> Any:
    """Widgets for one schema field the generic quick-score form cannot draw; None = leave it out.

    Dragon's `palaces`: how many palaces, then per palace its floors and up to three persons
    (a select box per floor, as the tiles lie; two equal persons in one palace are possible). The bounds
    are the end-table schema's (data/schemas/dragon-end-table.schema.json), never numbers of this screen.
    """
    persons = list(_items(spec).get("persons", {}).get("items", {}).get("enum", []))
    if not persons:
        return None
    max_floors = int(_items(spec)["floors"]["maximum"])
    per_palace = int(_items(spec)["persons"]["maxItems"])
    words = {p: tile_word(p, lang) for p in persons}
    st.markdown(f"**{t('dragon.table.palaces', lang)}**")
    count = st.number_input(
        t("dragon.ui.palace_count", lang), min_value=0, max_value=int(spec["maxItems"]), value=2, step=1,
        key=f"{key}_n",
    )
    palaces = []
    for i in range(int(count)):
        # one row on a laptop, stacked on a phone
        cols = st.columns([1, *[2] * per_palace], vertical_alignment="bottom")
        floors = cols[0].number_input(
            t("dragon.ui.palace_floors", lang, n=i + 1),
            min_value=1,
            max_value=max_floors,
            value=2,
            step=1,
            key=f"{key}_{i}_floors",
        )
        inside = []
        for j in range(per_palace):
            who = cols[j + 1].selectbox(
                t("dragon.ui.floor_n", lang, n=j + 1),
                persons,
                index=None,
                format_func=lambda p: words.get(p, p),
                placeholder="–",
                key=f"{key}_{i}_p{j}",
            )
            if who is not None:
                inside.append(who)
        palaces.append({"floors": int(floors), "persons": inside})
    return palaces


WALL_FINAL = ("none", "complete", "incomplete")


def dragon_wall(game: str, schema: dict[str, Any], doc: dict[str, Any], lang: str) -> dict[str, Any]:
    """The table-wide `great_wall: {complete}`: left out when the expansion was not played or its final
    scoring is already on the track; complete scores each player's `wall_pieces`, incomplete adds the note."""
    if "great_wall" not in schema.get("properties", {}):
        return {}
    choice = st.radio(
        t("dragon.ui.wall_final", lang),
        WALL_FINAL,
        format_func=_shown(WALL_FINAL, "dragon.ui.wall_final.", lang),
        key="qs_dragon_wall_final",
        help=t("dragon.ui.wall_final_help", lang),
    )
    if choice == "none":
        return {}
    return {"great_wall": {"complete": choice == "complete"}}

# -- Yinzi -----------------------------------------------------------------------------------------

def _yinzi_pad() -> dict[str, Any]:
    """What the quick-score pad asks with this owner's box (the engine's view of the box)."""
    from companion.ui import context

    return yinzi_view.quick_score(context.store().box_overrides("yinzi"))


def yinzi_player_field(game: str, name: str, spec: dict[str, Any], key: str, lang: str) -> Any:
    """A player's `factories` (the level of each own factory) and `progress` (discs per area)."""
    pad = _yinzi_pad()
    if name == "factories":
        st.markdown(f"**{t('yinzi.table.factories', lang)}**")
        row = st.container(horizontal=True, key=f"{key}_row")  # wraps on a phone
        count = row.number_input(
            t("yinzi.ui.factory_count", lang), min_value=0, max_value=int(spec["maxItems"]), value=0, step=1,
            key=f"{key}_n",
        )
        levels = []
        for i in range(int(count)):
            level = row.selectbox(t("yinzi.ui.factory_level", lang, n=i + 1), pad["factories"]["levels"],
                                  key=f"{key}_{i}", width=120)
            levels.append(int(level))
        return levels or None
    if name == "progress":
        st.markdown(f"**{t('yinzi.table.progress', lang)}**")
        row = st.container(horizontal=True, key=f"{key}_row")
        out = {}
        for area, fields in pad["progress_areas"].items():
            n = row.number_input(t(f"yinzi.area.{area}", lang), min_value=0, max_value=fields, value=0, step=1,
                                 key=f"{key}_{area}", width=130)
            if n:
                out[area] = int(n)
        return out or None
    return None


def _owner_rates() -> tuple[list[int], bool]:
    """The values above the exchange-rate track as this owner's box has them, and whether they are verified."""
    track = _yinzi_pad()["exchange"]
    return [f["rate"] for f in track["fields"]], track["verified"]


def yinzi_table(game: str, schema: dict[str, Any], doc: dict[str, Any], lang: str) -> dict[str, Any]:
    """The table-wide fields: the exchange rate (as a value or as the die's field), the last round's
    turn order, and a helper note per player: their copper in silver at that rate and what is left."""
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
                t("yinzi.table.exchange_field", lang), min_value=1, max_value=len(rates), value=2, step=1,
                key="qs_yinzi_field",
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
                change = yinzi_view.copper_to_silver(copper, int(rate))
                text = t("yinzi.ui.copper_helper", lang, unverified=note, **change)
                st.caption(f"{p.get('name', '')}: {text}")
    return extra


def schema_help(schema: dict[str, Any], name: str) -> str | None:
    return schema.get("properties", {}).get(name, {}).get("description")


Field = Callable[[str, str, dict[str, Any], str, str], Any]
Extra = Callable[[str, dict[str, Any], dict[str, Any], str], dict[str, Any]]
FIELDS: dict[tuple[str, str], Field] = {
    ("dragon", "palaces"): dragon_palaces,
    ("yinzi", "factories"): yinzi_player_field,
    ("yinzi", "progress"): yinzi_player_field,
}
EXTRAS: dict[str, Extra] = {"dragon": dragon_wall, "yinzi": yinzi_table}
