"""In the Year of the Dragon's new-game options: expansions, the super event, the edition.

No rules here: the engine's normalize_setup validates what this form returns. The list of
super events comes from the box profile, so an owner's box check changes it too.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from companion.i18n import t
from companion.ui.boards.dragon import tile_word

# The rulebook only says "in the colour of his choice"; the shell's five generic colours are
# translated on the Home screen, so the Dragon form keeps them.
COLOURS = ["red", "blue", "green", "yellow", "purple"]
SUPER_MODES = ("none", "random", "chosen", "hidden")
EDITIONS = ("2017", "2007")


def super_events(players: int) -> tuple[str, ...]:
    from companion.dragon.rules import rules_for, rules_key

    return rules_for(rules_key(players, False, "2017", {})).super_events


def _shown(values: tuple[str, ...] | list[str], prefix: str, lang: str):
    """format_func with the words fixed now (see companion.ui.context.shown_as)."""
    words = {v: t(f"{prefix}{v}", lang) for v in values}
    return lambda v: words.get(v, str(v))


def options(lang: str, players: int) -> dict[str, Any]:
    wall = st.toggle(t("dragon.expansion.great_wall", lang), key="new_dragon_wall", help=t("dragon.ui.wall_help", lang))
    mode = st.radio(
        t("dragon.expansion.super_events", lang),
        SUPER_MODES,
        format_func=_shown(SUPER_MODES, "dragon.super_mode.", lang),
        key="new_dragon_super_mode",
        horizontal=True,
    )
    super_event = mode
    if mode == "chosen":
        names = super_events(players)
        super_event = st.selectbox(
            t("dragon.ui.super_which", lang),
            names,
            format_func=_shown(names, "dragon.super.", lang),
            key="new_dragon_super_event",
        )
    edition = st.radio(
        t("dragon.ui.edition", lang),
        EDITIONS,
        format_func=_shown(EDITIONS, "dragon.edition.", lang),
        key="new_dragon_edition",
        horizontal=True,
    )
    return {"great_wall": bool(wall), "super_event": super_event, "edition": edition}


def build_setup(players: list[dict[str, str]], options: dict[str, Any], seed: int) -> dict[str, Any]:
    return {"players": [p["name"] for p in players], "seed": seed, **options}


# -- quick score: the palaces of an untracked table (a field the generic form cannot draw) -----------
MAX_PALACES = 8


def quick_field(game: str, name: str, spec: dict[str, Any], key: str, lang: str) -> Any:
    """Widgets for one schema field the generic quick-score form cannot draw; None = leave it out.

    Dragon's `palaces`: how many palaces, then per palace its floors and up to three persons
    (a select box per floor, as the tiles lie; two equal persons in one palace are possible).
    """
    if name != "palaces":
        return None
    persons = list(spec.get("items", {}).get("properties", {}).get("persons", {}).get("items", {}).get("enum", []))
    if not persons:
        return None
    words = {p: tile_word(p, lang) for p in persons}
    st.markdown(f"**{t('dragon.table.palaces', lang)}**")
    count = st.number_input(
        t("dragon.ui.palace_count", lang), min_value=0, max_value=MAX_PALACES, value=2, step=1, key=f"{key}_n"
    )
    palaces = []
    for i in range(int(count)):
        cols = st.columns([1, 2, 2, 2], vertical_alignment="bottom")  # one row on a laptop, stacked on a phone
        floors = cols[0].number_input(
            t("dragon.ui.palace_floors", lang, n=i + 1),
            min_value=1,
            max_value=3,
            value=2,
            step=1,
            key=f"{key}_{i}_floors",
        )
        inside = []
        for j in range(3):
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


# -- quick score: the Great Wall's final scoring (the schema's optional top-level `great_wall`) ------------
WALL_FINAL = ("none", "complete", "incomplete")


def quick_extra(game: str, schema: dict[str, Any], doc: dict[str, Any], lang: str) -> dict[str, Any]:
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
