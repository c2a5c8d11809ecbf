"""Yinzi's table companion: read-only views of the engine's `to_json` (no rules here).

What a group would otherwise track by hand: the round, where the table is in the fixed round
order (A bonus ... F administration) and what comes next, whose turn, the exchange-rate track with
the die, and each player's ledger (the engine's own `companion.yinzi.view.ledgers`). The six
values above the exchange-rate track are placeholders until the owner enters them in the box
check: they are marked with "?" and a note, never shown as fact. The words (and `describe`, option
and event parameters as the table sees them) come from companion.i18n.words.yinzi, shared with the
printed log.
"""
from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from companion.i18n import labels, t
from companion.i18n.words.yinzi import (
    UNVERIFIED,
    box_of,
    card_text,
    colour_word,
    describe,  # noqa: F401 (where the app's tests and older code look)
    names,
    rates,
    seat_name,
    word,
)

MARK = "▶"  # the current step, the player whose turn it is, the die's field
DIE = "▲"
# The round in its fixed order (RULES-Y 5 Spielablauf), as the engine's phase codes
# (companion.yinzi.flow.PHASE_OF); "actions" is phase B, the rest follow the administration order.
ROUND_ORDER = (
    "bonus",
    "actions",
    "feeding",
    "war_glory",
    "disasters",
    "infrastructure",
    "emperor",
    "taxation",
    "late_shipping",
    "administration",
)


def ledgers(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Per player the ledger the engine keeps (companion.yinzi.view), from the JSON state."""
    from dataclasses import fields

    from companion.yinzi.state import Player, YinziState
    from companion.yinzi.view import ledgers as engine_ledgers

    known = {f.name for f in fields(YinziState)}
    data = {k: v for k, v in state.items() if k in known}
    data["players"] = [Player(**p) for p in state.get("players", [])]
    return engine_ledgers(YinziState(**data), box_of(state))


def current_phase(state: dict[str, Any]) -> str:
    from companion.yinzi.flow import PHASE_OF

    step = state.get("step", "setup")
    return PHASE_OF.get(step, step)


def acting_player(state: dict[str, Any]) -> int | None:
    frames = state.get("frames") or []
    p = frames[-1].get("p") if frames else None
    return p if isinstance(p, int) and not isinstance(p, bool) else None


# -- the board ------------------------------------------------------------------------------------
def round_order_line(state: dict[str, Any], lang: str) -> str:
    """The whole round in its fixed order: done steps struck through, the current one marked."""
    phase = current_phase(state)
    here = ROUND_ORDER.index(phase) if phase in ROUND_ORDER else (-1 if phase == "setup" else len(ROUND_ORDER))
    parts = []
    for i, code in enumerate(ROUND_ORDER):
        text = word("phase", code, lang)
        if i < here:
            parts.append(f"~~{text}~~")
        elif i == here:
            parts.append(f"**{MARK} {text}**")
        else:
            parts.append(text)
    return " → ".join(parts)


def order_line(state: dict[str, Any], lang: str) -> str:
    order = state.get("order") or state.get("prov_order") or []
    acting = acting_player(state)
    who = [f"**{MARK} {seat_name(state, p)}**" if p == acting else seat_name(state, p) for p in order]
    return t("yinzi.ui.turn_order", lang, order=" → ".join(who) or "–")


def exchange_track(state: dict[str, Any], lang: str) -> str:
    """Fields 1-6 with their copper-per-silver values and the die as a small Markdown table."""
    values, verified = rates(state)
    die = state.get("die")
    mark = "" if verified else UNVERIFIED
    head = "| " + " | ".join(str(i + 1) for i in range(len(values))) + " |"
    rule = "|" + "---|" * len(values)
    row = "| " + " | ".join(f"**{v}{mark}**" if i + 1 == die else f"{v}{mark}" for i, v in enumerate(values)) + " |"
    pos = "| " + " | ".join(DIE if i + 1 == die else "" for i in range(len(values))) + " |"
    return "\n".join([head, rule, row, pos])


def players_frame(state: dict[str, Any], books: list[dict[str, Any]], lang: str) -> pd.DataFrame:
    """The ledger's numbers, one column per player (in seat order, as the players sit)."""
    acting = acting_player(state)
    order = state.get("order") or []
    rows: dict[str, list[str]] = {}

    def row(key: str, values: list[Any]) -> None:
        rows[t(f"yinzi.ui.{key}", lang)] = [str(v) for v in values]

    place = [str(order.index(p) + 1) if p in order else "–" for p in range(len(books))]
    row("turn", [f"{n}{' ' + MARK if p == acting else ''}" for p, n in enumerate(place)])
    row("copper", [b["copper"] for b in books])
    row("silver", [b["silver"] for b in books])
    row("wood_stone", [f"{b['wood']} / {b['stone']}" for b in books])
    row("boat", [f"{b['boat_field']} ({b['boat_capacity']})" for b in books])
    row("factories", [" ".join(str(f["level"]) for f in b["factories"]) or "–" for b in books])
    abroad = [sum(b["wares_abroad"].values()) for b in books]
    row(
        "wares",
        [f"{b['wares_in_factories']} / {b['wares_on_ships']} / {n}" for b, n in zip(books, abroad, strict=True)],
    )
    delivered = ("ships", "city", "local", "infra")
    row("delivered", ["/".join(str(b["delivered"].get(k, 0)) for k in delivered) for b in books])
    row("ambassadors", [b["ambassadors_abroad"] for b in books])
    row("progress", [len(b["progress"]) for b in books])
    row("war", [f"{b['war_discs'].get('4', 0)} / {b['war_discs'].get('2', 0)}" for b in books])
    won = [b["infrastructure_won"] for b in books]
    row("infra", [f"{len(w)} ({sum(x.get('vp', 0) for x in w)})" for w in won])
    row("misfortune", [b["misfortune"] for b in books])
    row("cards", [len(b["cards_played"]) for b in books])
    return pd.DataFrame(rows, index=labels.unique_names(names(state))).T


def player_block(state: dict[str, Any], seat: int, book: dict[str, Any], lang: str) -> None:
    """One player's details: factories with their wares, progress discs, infrastructure, cards."""
    mark = f"{MARK} " if seat == acting_player(state) else ""
    colour = colour_word(book["color"], lang)
    worth = t("yinzi.ui.worth", lang, copper=book["copper_worth"])
    lines = [f"**{mark}{book['name']}** ({colour}) · {worth}"]
    for f in book["factories"]:
        wares = len(f["wares"])
        lines.append(
            t(
                "yinzi.ui.factory_line",
                lang,
                ware=word("ware", f["ware"], lang),
                province=word("province", f["province"], lang),
                level=f["level"],
                wares=wares,
            )
        )
    if book["progress"]:
        discs = ", ".join(word("field", x, lang) for x in book["progress"])
        lines.append(t("yinzi.ui.progress_line", lang, fields=discs))
    if book["infrastructure_won"] or book["infrastructure_open"]:
        lines.append(
            t(
                "yinzi.ui.infra_line",
                lang,
                won=", ".join(str(x.get("vp", "?")) for x in book["infrastructure_won"]) or "–",
                open=len(book["infrastructure_open"]),
            )
        )
    if book["hand"]:
        lines.append(t("yinzi.ui.hand_line", lang, cards="; ".join(card_text(c, lang) for c in book["hand"])))
    played = state["players"][seat].get("played") or []
    if played:
        cards = "; ".join(
            f"{word('action', c.get('action', '?'), lang)} ({card_text([c.get('fate'), c.get('workers')], lang)})"
            for c in played
        )
        lines.append(t("yinzi.ui.played_line", lang, cards=cards))
    lines.append(
        t(
            "yinzi.ui.workers_line",
            lang,
            board=book["workers_on_board"],
            supply=state["players"][seat].get("workers", 0),
            tax=book["tax_discs"],
        )
    )
    st.markdown("  \n".join(lines))


def render(state_json: dict[str, Any], lang: str) -> None:
    state = state_json
    rnd = state.get("round", 0)
    phase = current_phase(state)
    head = t("yinzi.ui.round_of", lang, round=rnd, rounds=4) if rnd else word("phase", "setup", lang)
    st.caption(f"{head} · {word('phase', phase, lang)}")
    st.markdown(f"**{t('yinzi.ui.round_order', lang)}:** {round_order_line(state, lang)}")
    if state.get("order") or state.get("prov_order"):
        st.markdown(order_line(state, lang))
    values, verified = rates(state)
    die = int(state.get("die", 1))
    rate = values[die - 1] if 1 <= die <= len(values) else "?"
    st.markdown(
        f"**{t('yinzi.ui.exchange_track', lang)}** · "
        + t("yinzi.ui.rate_now", lang, field=die, rate=f"{rate}{'' if verified else UNVERIFIED}")
    )
    st.markdown(exchange_track(state, lang))
    if not verified:
        st.warning(t("yinzi.ui.rates_unverified", lang), icon=":material/help:")
    books = ledgers(state)
    st.table(players_frame(state, books, lang))
    st.caption(t("yinzi.ui.table_legend", lang))
    seats = [p for p in (state.get("order") or []) if p < len(books)] or list(range(len(books)))
    cols = st.columns(2, gap="small")  # two players side by side on a laptop; stacked on a phone
    for n, seat in enumerate(seats):
        with cols[n % 2].container(border=True, key=f"yinzi_player_{seat}"):
            player_block(state, seat, books[seat], lang)
    if any(b["cards_played"] for b in books):
        with st.expander(t("yinzi.ui.cards_history", lang)):
            st.markdown(cards_history(books, lang))


def cards_history(books: list[dict[str, Any]], lang: str) -> str:
    """Every card each player has played, by round, with its values (fate, workers, taxation disc)."""
    lines = []
    for book in books:
        by_round: dict[Any, list[str]] = {}
        for c in book["cards_played"]:
            text = (
                f"{word('action', c.get('action', '?'), lang)} ({card_text([c.get('fate'), c.get('workers')], lang)})"
            )
            if c.get("tax"):
                text += t("yinzi.ui.note_tax", lang)
            by_round.setdefault(c.get("round", "?"), []).append(text)
        rounds = " · ".join(
            t("yinzi.ui.round_cards", lang, round=r, cards="; ".join(cards)) for r, cards in by_round.items()
        )
        lines.append(f"**{book['name']}:** {rounds or '–'}")
    return "  \n".join(lines)


# -- the Score page's optional hook ------------------------------------------------------------------
def score_details(sheet: Any, state_json: dict[str, Any], lang: str) -> None:
    """The silver row converts copper at the current rate: say so when that rate is a placeholder.

    The legend under the table (companion.i18n.words.yinzi.placeholder_cells marks the silver row) says how
    to enter the printed values."""
    values, verified = rates(state_json)
    die = int(state_json.get("die", 1))
    if not verified and 1 <= die <= len(values):
        st.warning(t("yinzi.rate_unverified", lang, rate=f"{values[die - 1]}{UNVERIFIED}"), icon=":material/help:")
