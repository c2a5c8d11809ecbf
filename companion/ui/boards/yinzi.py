"""Yinzi's table companion: renders the engine's view (companion.yinzi.view), computes nothing.

What a group would otherwise track by hand: the round, where the table is in the fixed round
order (A bonus ... F administration), whose turn it is, the exchange-rate track with the die, and
each player's ledger. The view says which printed values are placeholders (not verified in the
box check, `view["unverified"]`): they are marked with "?" and listed in a note, never shown as fact.
The words (and `describe`, option and event parameters as the table sees them) come from
companion.i18n.words.yinzi, shared with the printed log.
"""
from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from companion.i18n import has, labels, t
from companion.i18n.words.yinzi import (
    UNVERIFIED,
    card_text,
    colour_word,
    describe,  # noqa: F401 (the printed log and the app read the words module's describe through the board too)
    word,
)
from companion.ui.boards import memo
from companion.ui.boards.memo import per_view
from companion.yinzi import view as engine_view


def _mark() -> str:
    """The placeholder mark where marks are shown (paper); a screen names the unverified facts once instead."""
    return UNVERIFIED if labels.marks_shown() else ""


MARK = "▶"  # the current step, the player whose turn it is, the die's field
DIE = "▲"


def _view_of(data: dict[str, Any]) -> dict[str, Any]:
    """The view itself, or the view of an engine state given as its JSON data."""
    return data if "round_order" in data else engine_view.view_json(data)


def _names(view: dict[str, Any]) -> list[str]:
    return [p["name"] for p in view["players"]]


def _seat_name(view: dict[str, Any], seat: int) -> str:
    names = _names(view)
    return names[seat] if 0 <= seat < len(names) else str(seat)


# -- the board ------------------------------------------------------------------------------------
def round_order_line(view: dict[str, Any], lang: str) -> str:
    """The whole round in its fixed order: done steps struck through, the current one marked."""
    parts = []
    for entry in view["round_order"]:
        text = word("phase", entry["phase"], lang)
        status = entry["status"]
        parts.append(f"~~{text}~~" if status == "done" else f"**{MARK} {text}**" if status == "now" else text)
    return " → ".join(parts)


def order_line(view: dict[str, Any], lang: str) -> str:
    order = view["order"] or view["provisional_order"]
    who = [f"**{MARK} {_seat_name(view, p)}**" if p == view["acting"] else _seat_name(view, p) for p in order]
    return t("yinzi.ui.turn_order", lang, order=" → ".join(who) or "–")


def exchange_track(view: dict[str, Any]) -> str:
    """Fields 1-6 with their copper-per-silver values and the die as a small Markdown table."""
    fields = view["exchange"]["fields"]
    head = "| " + " | ".join(str(f["field"]) for f in fields) + " |"
    rule = "|" + "---|" * len(fields)
    values = [f"{f['rate']}{'' if f['verified'] else _mark()}" for f in fields]
    row = "| " + " | ".join(f"**{v}**" if f["die"] else v for f, v in zip(fields, values, strict=True)) + " |"
    pos = "| " + " | ".join(DIE if f["die"] else "" for f in fields) + " |"
    return "\n".join([head, rule, row, pos])


def placeholder(view: dict[str, Any], fact: str) -> str:
    """The mark for a value resting on `fact` while it is a placeholder, else nothing."""
    return _mark() if any(f["fact"] == fact for f in view.get("unverified", [])) else ""


def placeholders_line(view: dict[str, Any], lang: str) -> str | None:
    """Which facts of the box the screen still rests on as placeholders, by their box-check names."""
    keys = [f["fact"] for f in view.get("unverified", [])]
    if not keys:
        return None
    names = [t(f"pdf.boxcheck.yinzi.{k}", lang) if has(f"pdf.boxcheck.yinzi.{k}", lang) else k for k in keys]
    return t("yinzi.ui.placeholders_list", lang, mark=UNVERIFIED, facts="; ".join(names))


@per_view  # a rerun that changed nothing finds it made
def players_frame(view: dict[str, Any], lang: str) -> pd.DataFrame:
    """The ledger's numbers, one column per player (in seat order, as the players sit)."""
    books, order, acting = view["players"], view["order"], view["acting"]
    rows: dict[str, list[str]] = {}

    def row(key: str, values: list[Any]) -> None:
        rows[t(f"yinzi.ui.{key}", lang)] = [str(v) for v in values]

    place = [str(order.index(p) + 1) if p in order else "–" for p in range(len(books))]
    row("turn", [f"{n}{' ' + MARK if p == acting else ''}" for p, n in enumerate(place)])
    row("copper", [b["copper"] for b in books])
    row("silver", [b["silver"] for b in books])
    row("wood_stone", [f"{b['wood']} / {b['stone']}" for b in books])
    boats = placeholder(view, "boat.capacities")
    row("boat", [f"{b['boat_field']} ({b['boat_capacity']}{boats})" for b in books])
    row("factories", [" ".join(str(f["level"]) for f in b["factories"]) or "–" for b in books])
    row("wares", [f"{b['wares_in_factories']} / {b['wares_on_ships']} / {sum(b['wares_abroad'].values())}"
                  for b in books])
    delivered = ("ships", "city", "local", "infra")
    row("delivered", ["/".join(str(b["delivered"].get(k, 0)) for k in delivered) for b in books])
    row("ambassadors", [b["ambassadors_abroad"] for b in books])
    row("progress", [len(b["progress"]) for b in books])
    row("war", [f"{b['war_discs'].get('4', 0)} / {b['war_discs'].get('2', 0)}" for b in books])
    row("infra", [f"{len(b['infrastructure_won'])} ({sum(x.get('vp', 0) for x in b['infrastructure_won'])})"
                  for b in books])
    row("misfortune", [b["misfortune"] for b in books])
    row("cards", [len(b["cards_played"]) for b in books])
    frame = memo.rows_frame(rows, labels.unique_names(_names(view)))
    return frame.rename_axis(t("a11y.board.players", lang))  # the corner cell is a header too (WCAG 1.3.1)


def _played_text(cards: list[dict[str, Any]], lang: str) -> str:
    return "; ".join(
        f"{word('action', c.get('action', '?'), lang)} ({card_text([c.get('fate'), c.get('workers')], lang)})"
        for c in cards
    )


def player_lines(view: dict[str, Any], book: dict[str, Any], lang: str, own: bool = False) -> list[str]:
    """One player's details: factories with their wares, progress discs, infrastructure, cards (the action
    cards in hand on their own Seat screen, `own`; the shared Table screen says only how many)."""
    mark = f"{MARK} " if book["seat"] == view["acting"] else ""
    worth = t("yinzi.ui.worth", lang, copper=f"{book['copper_worth']}{placeholder(view, 'exchange.rates')}")
    lines = [f"**{mark}{book['name']}** ({colour_word(book['color'], lang)}) · {worth}"]
    lines += [t("yinzi.ui.factory_line", lang, factory=word("factory", f["ware"], lang),
                province=word("province", f["province"], lang), level=f["level"], wares=len(f["wares"]))
              for f in book["factories"]]
    if book["progress"]:
        discs = ", ".join(word("field", x, lang) for x in book["progress"])
        lines.append(t("yinzi.ui.progress_line", lang, fields=discs))
    if book["infrastructure_won"] or book["infrastructure_open"]:
        won = ", ".join(str(x.get("vp", "?")) for x in book["infrastructure_won"]) or "–"
        lines.append(t("yinzi.ui.infra_line", lang, won=won, open=len(book["infrastructure_open"])))
    if book["hand"] and own:
        lines.append(t("yinzi.ui.hand_line", lang, cards="; ".join(card_text(c, lang) for c in book["hand"])))
    elif book["hand"]:
        lines.append(t("hidden.hand_count", lang, n=len(book["hand"])))
    if book["this_round"]["played"]:
        lines.append(t("yinzi.ui.played_line", lang, cards=_played_text(book["this_round"]["played"], lang)))
    lines.append(t("yinzi.ui.workers_line", lang, board=book["workers_on_board"], supply=book["workers_supply"],
                   tax=book["tax_discs"]))
    return lines


def _exchange_lines(view: dict[str, Any], lang: str) -> None:
    ex = view["exchange"]
    rate = "–" if ex["rate"] is None else f"{ex['rate']}{'' if ex['verified'] else _mark()}"
    now = t("yinzi.ui.rate_now", lang, field=ex["die"], rate=rate)
    st.markdown(f"**{t('yinzi.ui.exchange_track', lang)}** · {now}")
    st.markdown(exchange_track(view))
    if not ex["verified"] and labels.marks_shown():
        st.warning(t("yinzi.ui.rates_unverified", lang), icon=":material/help:")


def render(view: dict[str, Any], lang: str) -> None:
    view = _view_of(view)
    head = (t("yinzi.ui.round_of", lang, round=view["round"], rounds=view["rounds"]) if view["round"]
            else word("phase", "setup", lang))
    st.caption(" · ".join(dict.fromkeys([head, word("phase", view["phase"], lang)])))  # never "Setup · Setup"
    st.markdown(f"**{t('yinzi.ui.round_order', lang)}:** {round_order_line(view, lang)}")
    if view["order"] or view["provisional_order"]:
        st.markdown(order_line(view, lang))
    _exchange_lines(view, lang)
    books = view["players"]
    memo.table(players_frame(view, lang))
    st.caption(t("yinzi.ui.table_legend", lang))
    line = placeholders_line(view, lang) if labels.marks_shown() else None  # else the screen's one notice
    if line:
        st.caption(line)
    seats = [p for p in view["order"] if p < len(books)] or list(range(len(books)))
    cols = st.columns(2, gap="small")  # two players side by side on a laptop; stacked on a phone
    for n, seat in enumerate(seats):
        with cols[n % 2].container(border=True, key=f"yinzi_player_{seat}"):
            st.markdown("  \n".join(player_lines(view, books[seat], lang)))
    if any(b["cards_played"] for b in books):
        with st.expander(t("yinzi.ui.cards_history", lang)):
            st.markdown(cards_history(books, lang))


def cards_history(books: list[dict[str, Any]], lang: str) -> str:
    """Every card each player has played, by round, with its values (fate, workers, taxation disc)."""
    lines = []
    for book in books:
        by_round: dict[Any, list[str]] = {}
        for c in book["cards_played"]:
            text = _played_text([c], lang) + (t("yinzi.ui.note_tax", lang) if c.get("tax") else "")
            by_round.setdefault(c.get("round", "?"), []).append(text)
        rounds = " · ".join(
            t("yinzi.ui.round_cards", lang, round=r, cards="; ".join(cards)) for r, cards in by_round.items()
        )
        lines.append(f"**{book['name']}:** {rounds or '–'}")
    return "  \n".join(lines)


# -- the Score page's optional hook ------------------------------------------------------------------
def score_details(sheet: Any, state_json: dict[str, Any], lang: str) -> None:
    """The silver row converts copper at the current rate: say so when that rate is a placeholder.

    The legend under the table (the sheet's own marks, ScoreRow.unverified) says how to enter the printed
    values."""
    ex = _view_of(state_json)["exchange"]
    if not ex["verified"] and ex["rate"] is not None:
        st.warning(t("yinzi.rate_unverified", lang, rate=f"{ex['rate']}{_mark()}"), icon=":material/help:")
