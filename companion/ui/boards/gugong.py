"""Gùgōng board summary: read-only views of the engine's `to_json` (no rules here).

Card ids are shown as the gift-card values printed on them (component data from the box
profile via companion.gugong.components); location, decree and tile codes in the player's
language when a catalog has them, else as readable words.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pandas as pd
import streamlit as st

from companion.i18n import has, t
from companion.ui.labels import humanize

CARD_KEYS = ("card", "given", "taken")


@cache
def _card_values() -> dict[int, int]:
    from companion.gugong.components import components

    return {c.id: c.value for c in components(None).cards}


@cache
def _locations() -> tuple[str, ...]:
    from companion.gugong.components import components

    return tuple(components(None).locations)


def _word(keys: list[str], code: str, lang: str) -> str:
    for key in keys:
        if has(key, lang):
            return t(key, lang)
    return humanize(code)


def location(code: str, lang: str) -> str:
    return _word([f"ui.gg.loc.{code}", f"gugong.location.{code}"], code, lang)


def decree(code: str, lang: str) -> str:
    return _word([f"gugong.decree.{code}", f"ui.gg.decree.{code}"], code, lang)


def tile(code: str, lang: str) -> str:
    return _word([f"gugong.tile.{code}", f"ui.gg.tile.{code}"], code, lang)


def card(card_id: int | None) -> str:
    if card_id is None:
        return "–"
    return str(_card_values().get(card_id, f"#{card_id}"))


def cards(ids: list[int]) -> str:
    return ", ".join(card(c) for c in sorted(ids, key=lambda c: _card_values().get(c, 99))) or "–"


def describe(params: dict[str, Any], state_json: dict[str, Any], lang: str) -> dict[str, Any]:
    """Option and event parameters as the table sees them (the label hook of companion.ui.widgets)."""
    out = dict(params)
    for key in CARD_KEYS:
        if isinstance(out.get(key), int) and not isinstance(out.get(key), bool):
            out[key] = card(out[key])
    locs = _locations()
    if isinstance(out.get("loc"), int) and 0 <= out["loc"] < len(locs):
        out["loc"] = location(locs[out["loc"]], lang)
    for key, value in out.items():  # location codes anywhere ("location", Meng's Automa "card", ...)
        if isinstance(value, str) and value in locs:
            out[key] = location(value, lang)
    if isinstance(out.get("decree"), str):
        out["decree"] = decree(out["decree"], lang)
    if isinstance(out.get("tile"), str):
        out["tile"] = tile(out["tile"], lang)
    names = state_json.get("names", [])
    if isinstance(out.get("start"), int) and 0 <= out["start"] < len(names):
        out["start"] = names[out["start"]]
    if isinstance(out.get("city"), int):
        out["city"] = out["city"] + 1
    return out


def _owned_decrees(state: dict[str, Any], seat: int, lang: str) -> str:
    names = [
        decree(d, lang)
        for d, servants in zip(state.get("decree_slots", []), state.get("decree_servants", []), strict=False)
        if d and seat in servants
    ]
    return ", ".join(names) or "–"


def players_frame(state: dict[str, Any], lang: str) -> pd.DataFrame:
    names = state["names"]
    wall = state.get("wall", [])
    rows: dict[str, list[str]] = {}

    def row(key: str, values: list[Any]) -> None:
        rows[t(key, lang)] = [str(v) for v in values]

    players = state["players"]
    row("ui.gg.vp", [p["vp"] for p in players])
    row("ui.gg.servants", [f"{p['pool']} / {p['general']}" for p in players])
    row("ui.gg.double", [_word([f"ui.gg.dd.{p['dd']}"], str(p["dd"]), lang) for p in players])
    row("ui.gg.hand", [cards(p["hand"]) for p in players])
    row("ui.gg.discard", [cards(p["discard"]) for p in players])
    row("ui.gg.intrigue", [p["intrigue"] for p in players])
    row("ui.gg.envoy", [p["envoy"] for p in players])
    row("ui.gg.jade", [p["jade"] for p in players])
    row("ui.gg.tiles", [", ".join(tile(x, lang) for x in p["tiles"]) or "–" for p in players])
    row("ui.gg.boats", [len(p["boats"]) for p in players])
    row("ui.gg.decrees", [_owned_decrees(state, p["seat"], lang) for p in players])
    row("ui.gg.wall", [sum(size for s, size in wall if s == p["seat"]) for p in players])
    return pd.DataFrame(rows, index=names).T


def shared_frame(state: dict[str, Any], lang: str) -> pd.DataFrame:
    locs = _locations()
    return pd.DataFrame(
        {t("ui.gg.official", lang): [card(c) for c in state.get("board", [])]},
        index=[location(code, lang) for code in locs[: len(state.get("board", []))]],
    )


def render(state_json: dict[str, Any], lang: str) -> None:
    state = state_json
    names = state["names"]
    start = state.get("start")
    medal = state.get("medal")
    facts = [t("ui.gg.day", lang, day=state.get("day", 1))]
    if isinstance(start, int) and 0 <= start < len(names):
        facts.append(t("ui.gg.start_player", lang, player=names[start]))
    if isinstance(medal, int) and 0 <= medal < len(names):
        facts.append(t("ui.gg.medal", lang, player=names[medal]))
    st.caption(" · ".join(facts))
    st.table(players_frame(state, lang))
    with st.expander(t("ui.gg.shared", lang), expanded=True):
        st.table(shared_frame(state, lang))
        dice = ", ".join(str(d) for d in state.get("dice", []) if d) or "–"
        st.markdown(f"**{t('ui.gg.dice', lang)}:** {dice}")
        decrees = [decree(d, lang) for d in state.get("decree_slots", []) if d]
        st.markdown(f"**{t('ui.gg.decrees', lang)}:** {', '.join(decrees) or '–'}")
        cities = [f"{i + 1}: {tile(x, lang)}" for i, x in enumerate(state.get("cities", [])) if x]
        st.markdown(f"**{t('ui.gg.cities', lang)}:** {'; '.join(cities) or '–'}")
        boats = [
            t(
                "ui.gg.boat",
                lang,
                player=names[p["seat"]],
                route=b["route"] + 1,
                port=b["port"] + 1,
                servants=b.get("servants", 0),
            )
            for p in state["players"]
            for b in p.get("boats", [])
            if isinstance(b, dict) and "route" in b and "port" in b
        ]
        st.markdown(f"**{t('ui.gg.canal', lang)}:** {'; '.join(boats) or '–'}")
        wall = len(state.get("wall", []))
        st.markdown(f"**{t('ui.gg.wall', lang)}:** {wall}")
        jade = state.get("jade_houses", [])
        st.markdown(f"**{t('ui.gg.jade_houses', lang)}:** {', '.join(str(j) for j in jade)}")
        st.markdown(f"**{t('ui.gg.deck', lang)}:** {len(state.get('deck', []))}")
        arrivals = [names[s] for s in state.get("arrivals", []) if 0 <= s < len(names)]
        if arrivals:
            st.markdown(f"**{t('ui.gg.palace', lang)}:** {', '.join(arrivals)}")
