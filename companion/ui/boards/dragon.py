"""In the Year of the Dragon's table mirror: read-only views of the engine's `to_json` (no rules here).

What a group would otherwise count by hand: the month and phase, the event track, the card
groups with their dragons, each player's money, rice, rockets, privileges, person points and
VP, their palaces with the persons in them, the person cards still in hand, the wall. Component
numbers (the large privilege's price, the person types in box order) come from the box profile
via companion.dragon.rules. The words (person tiles, cards, events, and `describe` for option and
event parameters) come from companion.i18n.words.dragon, shared with the printed log;
`score_details` shows the engine's score sheet per category per month.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

import pandas as pd
import streamlit as st

from companion.core import ScoreSheet
from companion.i18n import labels, t
from companion.i18n.labels import row_label
from companion.i18n.words.dragon import (
    acting_player,
    describe,  # noqa: F401 (where the app's tests and older code look)
    names,
    tile_word,
    word,
)
from companion.ui.markup import plain_all

PHASES = ("setup", "action", "person", "event", "scoring", "over")
MARK = "▶"  # the current month on the event track, the player whose turn it is


def _rules(state: dict[str, Any]) -> Any:
    from companion.dragon.rules import rules_for

    return rules_for(state["key"])


# -- reading the state --------------------------------------------------------------------------
def turn_order(state: dict[str, Any]) -> list[int]:
    """The person track as it lies: furthest ahead first; on one field the disc on top first."""
    players = state.get("players", [])
    return sorted(range(len(players)), key=lambda i: (-players[i]["track"], -players[i]["stamp"]))


# -- the board ------------------------------------------------------------------------------------
def event_track(state: dict[str, Any], lang: str) -> str:
    """All twelve months in one wrapping line: past events struck through, the current one marked."""
    month = state.get("month", 0)
    parts = []
    for i, event in enumerate(state.get("events", [])):
        m = i + 1
        shown = word("event", event, lang)
        if m < month or (m == month and state.get("phase") in ("scoring", "over")):
            parts.append(f"~~{m} {shown}~~")
        elif m == month:
            parts.append(f"**{MARK} {m} {shown}**")
        else:
            parts.append(f"{m} {shown}")
    return " · ".join(parts)


def super_line(state: dict[str, Any], lang: str) -> str | None:
    mode = state.get("super_mode", "none")
    if mode == "none":
        return None
    month = _rules(state).super_month
    name = state.get("super_event")
    shown = word("super", name, lang) if name else t(f"dragon.super_mode.{mode}", lang)
    return t("dragon.ui.super_line", lang, month=month, name=shown)


def group_lines(state: dict[str, Any], lang: str) -> list[str]:
    who = names(state)
    lines = []
    for g, (cards, dragons) in enumerate(zip(state.get("groups", []), state.get("dragons", []), strict=False)):
        text = t("dragon.ui.group", lang, n=g + 1, cards=", ".join(word("card", c, lang) for c in cards))
        if dragons:
            text += " · " + t("dragon.ui.dragons", lang, players=", ".join(who[p] for p in dragons if p < len(who)))
        lines.append(text)
    return lines


def players_frame(state: dict[str, Any], lang: str) -> pd.DataFrame:
    """Numbers per player (columns in seat order, as the players sit)."""
    players = state["players"]
    order = turn_order(state)
    acting = acting_player(state)
    rows: dict[str, list[str]] = {}

    def row(key: str, values: list[Any]) -> None:
        rows[t(key, lang)] = [str(v) for v in values]

    row("dragon.ui.turn", [f"{order.index(p) + 1}{' ' + MARK if p == acting else ''}" for p in range(len(players))])
    row("dragon.ui.vp", [p["vp"] for p in players])
    row("dragon.ui.person_points", [p["track"] for p in players])
    row("dragon.ui.yuan", [p["yuan"] for p in players])
    row("dragon.ui.rice", [p["rice"] for p in players])
    row("dragon.ui.fireworks", [p["fireworks"] for p in players])
    row("dragon.ui.privileges", [f"{p['small_privileges']} / {p['large_privileges']}" for p in players])
    row("dragon.ui.palaces", [" · ".join(str(x["floors"]) for x in p["palaces"]) or "–" for p in players])
    row("dragon.ui.cards_left", [len(p["hand"]) for p in players])
    if _rules(state).great_wall:
        wall = state.get("wall", [])
        row("dragon.ui.wall_pieces", [f"{wall.count(i)} / {len(p['wall_tiles'])}" for i, p in enumerate(players)])
    return pd.DataFrame(rows, index=labels.unique_names(names(state))).T


def hand_text(hand: list[str], types: tuple[str, ...], lang: str) -> str:
    """The person cards still in hand, in box order, "Wild card ×2" for doubles."""
    counts = Counter(hand)
    order = [*types, *(c for c in counts if c not in types)]
    shown = {c: t("dragon.ui.wild", lang) if c == "wild" else word("person", c, lang) for c in order}  # short
    parts = [shown[c] + (f" ×{counts[c]}" if counts[c] > 1 else "") for c in order if counts[c]]
    return ", ".join(parts) or "–"


def player_block(state: dict[str, Any], seat: int, lang: str) -> None:
    player = state["players"][seat]
    rules = _rules(state)
    mark = f"{MARK} " if seat == acting_player(state) else ""
    lines = [f"**{mark}{player['name']}** · {t('dragon.ui.vp_short', lang, n=player['vp'])}"]
    for i, palace in enumerate(player["palaces"]):
        free = palace["floors"] - len(palace["persons"])
        persons = [tile_word(x, lang) for x in palace["persons"]] + [t("dragon.ui.free", lang)] * max(0, free)
        key = "dragon.ui.palace_line_one" if palace["floors"] == 1 else "dragon.ui.palace_line"
        lines.append(t(key, lang, n=i + 1, floors=palace["floors"], persons=", ".join(persons)))
    if not player["palaces"]:
        lines.append(t("dragon.ui.no_palace", lang))
    lines.append(t("dragon.ui.hand", lang, n=len(player["hand"]), cards=hand_text(player["hand"], rules.types, lang)))
    if rules.great_wall and player.get("wall_tiles"):
        left = ", ".join(word("wall_tile", x, lang) for x in player["wall_tiles"])
        lines.append(t("dragon.ui.wall_left", lang, pieces=left))
    st.markdown("  \n".join(lines))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def supply_frame(state: dict[str, Any], lang: str) -> pd.DataFrame:
    rules = _rules(state)
    supply, released = state.get("supply", {}), state.get("released", {})
    data = []
    for kind in rules.types:
        young, old = f"{kind}:young", f"{kind}:old"
        data.append(
            [
                str(supply.get(young, 0)),
                str(supply[old]) if old in supply else "–",
                str(released.get(young, 0) + released.get(old, 0)),
            ]
        )
    columns = [_capital(t(k, lang)) for k in ("dragon.age.young", "dragon.age.old", "dragon.ui.released")]
    return pd.DataFrame(data, index=[word("person", k, lang) for k in rules.types], columns=columns)


def wall_line(state: dict[str, Any], lang: str) -> str:
    who = names(state)
    wall = state.get("wall", [])
    built = ", ".join(who[p] if p < len(who) else str(p + 1) for p in wall) or "–"
    return t("dragon.ui.wall_line", lang, n=len(wall), total=_rules(state).wall_length, players=built)


def render(state_json: dict[str, Any], lang: str) -> None:
    state = state_json
    rules = _rules(state)
    month = state.get("month", 0)
    facts = [
        t("dragon.ui.month_of", lang, month=month, months=rules.months) if month else word("phase", "setup", lang),
        t("dragon.ui.large_cost", lang, yuan=rules.large_cost),
    ]
    st.caption(" · ".join(facts))
    st.markdown(f"**{t('dragon.ui.event_track', lang)}:** {event_track(state, lang)}")
    extra = [line for line in (super_line(state, lang),) if line]
    if rules.great_wall:
        extra.append(wall_line(state, lang))
    if extra:
        st.markdown("  \n".join(extra))
    groups = group_lines(state, lang)
    if groups:  # the dragons stay on their groups until next month's cards are dealt
        st.markdown(f"**{t('dragon.ui.groups', lang)}**  \n" + "  \n".join(groups))
    st.table(players_frame(state, lang))
    for seat in turn_order(state):  # one block per player in turn order, full width: palaces read in one line
        with st.container(border=True, key=f"dragon_player_{seat}"):
            player_block(state, seat, lang)
    with st.expander(t("dragon.ui.supply", lang)):
        st.table(supply_frame(state, lang))


# -- score sheet per month (the Score page's optional hook) -----------------------------------------
HALF = 6  # months per table: a finished game's 12 months and the final in one table scroll sideways at 390 px


def month_tables(columns: list[str], index: list[str], cells: list[list[str]], final: bool) -> list[pd.DataFrame]:
    """One table per half year (months 1-6, then 7-12, the final column with the last): each fits a phone."""
    months = len(columns) - int(final)
    cuts = [(a, min(a + HALF, months)) for a in range(0, months, HALF)]
    cuts[-1] = (cuts[-1][0], len(columns))  # the final column joins the last months
    return [pd.DataFrame([row[a:b] for row in cells], index=index, columns=columns[a:b]) for a, b in cuts]


def score_details(sheet: ScoreSheet, state_json: dict[str, Any], lang: str) -> None:
    """Each category per month for each player, from the rows' `by_month` (12 months + final)."""
    rows = [r for r in sheet.rows if isinstance(r.params.get("by_month"), list)]
    if not rows:
        return
    month = max(1, int(state_json.get("month", 1) or 1))
    final = bool(state_json.get("over"))
    columns = [str(m) for m in range(1, month + 1)] + ([t("dragon.ui.final", lang)] if final else [])
    picks = list(range(month)) + ([len(rows[0].params["by_month"][0]) - 1] if final else [])
    st.markdown(f"**{t('dragon.ui.per_month', lang)}**")
    tabs = st.tabs(labels.unique_names(plain_all(sheet.players)))
    for p, tab in enumerate(tabs):
        data = [[r.params["by_month"][p][c] for c in picks] for r in rows]
        totals = [sum(col) for col in zip(*data, strict=True)]
        running = [sum(totals[: i + 1]) for i in range(len(totals))]
        scored = [i for i, values in enumerate(data) if any(values)]  # short on a phone: no rows of zeros
        data = [data[i] for i in scored]
        index = [row_label(sheet.game, rows[i].code, lang) for i in scored]
        index += [t("dragon.ui.month_total", lang), t("dragon.ui.running_total", lang)]
        cells = [[str(v) for v in r] for r in [*data, totals, running]]
        with tab:
            for frame in month_tables(columns, index, cells, final):
                st.table(frame)
