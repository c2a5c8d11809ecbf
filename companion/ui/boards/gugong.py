"""Gùgōng board summary: read-only views of the engine's `to_json` (no rules here).

Words come from companion.i18n.words.gugong (shared with the log and the printables): card ids
as the values printed on the gift cards, codes in the rulebooks' terms. Values come from the box
profile the open game was set up with (default + the owner's overrides); a value read from an
unverified fact carries "?" and the legend under the board says so.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from companion.i18n import t
from companion.i18n.words import gugong as words
from companion.i18n.words.gugong import card_action, decree, location, tile  # noqa: F401 (the Meng page's words)
from companion.ui import context


def _setup() -> dict[str, Any]:
    """The open game's setup: its profile overrides decide the printed values shown."""
    tab = context.table()
    return tab.session.setup if tab is not None else {}


def describe(params: dict[str, Any], state_json: dict[str, Any], lang: str) -> dict[str, Any]:
    """Option and event parameters as the table sees them (kept for modules that import it from here)."""
    return words.describe(params, state_json, lang, _setup())


def _owned_decrees(state: dict[str, Any], seat: int, lang: str) -> str:
    names = [
        decree(d, lang)
        for d, servants in zip(state.get("decree_slots", []), state.get("decree_servants", []), strict=False)
        if d and seat in servants
    ]
    return "; ".join(names) or "–"


def players_frame(state: dict[str, Any], lang: str, setup: dict[str, Any] | None = None) -> pd.DataFrame:
    comp = words.comp_of(setup)
    names = state["names"]
    wall = state.get("wall", [])
    rows: dict[str, list[str]] = {}

    def row(key: str, values: list[Any]) -> None:
        rows[t(key, lang)] = [str(v) for v in values]

    def dd_word(where: Any) -> str:
        key = f"ui.gg.dd.{where}"
        return t(key, lang) if t(key, lang) != key else str(where)

    players = state["players"]
    row("ui.gg.vp", [p["vp"] for p in players])
    row("ui.gg.servants", [f"{p['pool']} / {p['general']}" for p in players])
    row("ui.gg.double", [dd_word(p["dd"]) for p in players])
    row("ui.gg.hand", [words.card_values(p["hand"], comp) for p in players])
    row("ui.gg.discard", [words.card_values(p["discard"], comp) for p in players])
    row("ui.gg.intrigue", [p["intrigue"] for p in players])
    row("ui.gg.envoy", [p["envoy"] for p in players])
    row("ui.gg.jade", [p["jade"] for p in players])
    row("ui.gg.tiles", [", ".join(tile(x, lang) for x in p["tiles"]) or "–" for p in players])
    row("ui.gg.boats", [len(p["boats"]) for p in players])
    row("ui.gg.decrees", [_owned_decrees(state, p["seat"], lang) for p in players])
    row("ui.gg.wall", [sum(size for s, size in wall if s == p["seat"]) for p in players])
    return pd.DataFrame(rows, index=names).T


def shared_frame(state: dict[str, Any], lang: str, setup: dict[str, Any] | None = None) -> pd.DataFrame:
    comp = words.comp_of(setup)
    return pd.DataFrame(
        {t("ui.gg.official", lang): [words.card_value(c, comp) for c in state.get("board", [])]},
        index=[location(code, lang) for code in comp.locations[: len(state.get("board", []))]],
    )


def shared_lines(state: dict[str, Any], lang: str, setup: dict[str, Any] | None = None) -> list[str]:
    """The shared board below the officials, one "**label:** value" line each."""
    comp = words.comp_of(setup)
    names = state["names"]
    dice = words.dice_text(state.get("dice", []), comp)
    decrees = [decree(d, lang) for d in state.get("decree_slots", []) if d]
    cities = words.cities_text(state.get("cities", []), comp, lang)
    boats = [
        t("ui.gg.boat", lang, player=names[p["seat"]], route=b["route"] + 1, port=b["port"],
          servants=b.get("servants", 0))
        for p in state["players"]
        for b in p.get("boats", [])
        if isinstance(b, dict) and "route" in b and "port" in b
    ]
    houses_ok = comp.profile.fact("jade_houses").verified
    jade = []
    for i, (left, (cost, _)) in enumerate(zip(state.get("jade_houses", []), comp.jade_houses, strict=False)):
        house = t("gugong.word.jade_house", lang, house=i + 1, cost=words.marked(cost, houses_ok))
        jade.append(f"{house}: {words.marked(left, houses_ok)}")
    lines = [
        (t("ui.gg.dice", lang), dice),
        (t("ui.gg.decrees", lang), "; ".join(decrees) or "–"),  # decree names have commas of their own
        (t("ui.gg.cities", lang), cities),
        (t("ui.gg.canal", lang), "; ".join(boats) or "–"),
        (t("ui.gg.wall", lang), str(len(state.get("wall", [])))),
        (t("ui.gg.jade_houses", lang), "; ".join(jade) or "–"),
        (t("ui.gg.deck", lang), str(len(state.get("deck", [])))),
    ]
    arrivals = [names[s] for s in state.get("arrivals", []) if 0 <= s < len(names)]
    if arrivals:
        lines.append((t("ui.gg.palace", lang), ", ".join(arrivals)))
    return [f"**{label}:** {value}" for label, value in lines]


def render(state_json: dict[str, Any], lang: str) -> None:
    state = state_json
    setup = _setup()
    names = state["names"]
    start = state.get("start")
    medal = state.get("medal")
    facts = [t("ui.gg.day", lang, day=state.get("day", 1))]
    if isinstance(start, int) and 0 <= start < len(names):
        facts.append(t("ui.gg.start_player", lang, player=names[start]))
    if isinstance(medal, int) and 0 <= medal < len(names):
        facts.append(t("ui.gg.medal", lang, player=names[medal]))
    st.caption(" · ".join(facts))
    st.table(players_frame(state, lang, setup))
    with st.expander(t("ui.gg.shared", lang), expanded=True):
        st.table(shared_frame(state, lang, setup))
        st.markdown("  \n".join(shared_lines(state, lang, setup)))
    legend = words.placeholder_legend(setup, lang)
    if legend:
        st.caption(legend)
