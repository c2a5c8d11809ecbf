"""Seat: a player's own phone. Their part of the game, and what they must do when it is their turn;
they act from here only if the host allowed it on the Table screen."""

from __future__ import annotations

import streamlit as st

from companion.ui import context, live, widgets
from companion.ui.boards import SEATS
from companion.ui.context import tr
from companion.ui.markup import shown_state


def _seat(names: list[str]) -> int:
    chosen = st.query_params.get("s")
    if "seat" not in st.session_state and chosen is not None and chosen.isdigit() and int(chosen) < len(names):
        st.session_state["seat"] = int(chosen)
    seat = st.selectbox(tr("tables.you_are"), range(len(names)), format_func=names.__getitem__, key="seat")
    st.query_params["s"] = str(seat)
    return int(seat)


def render() -> None:
    tab = widgets.require_table()
    if tab is None:
        return
    live.follow()
    names = context.names()
    if not names:
        return
    seat = _seat(names)
    widgets.banner(tab)
    context.show_flash()
    decision = tab.session.decision
    if decision is None:
        st.page_link("companion/ui/pages/score.py", label=tr("nav.score"), icon=":material/scoreboard:")
    elif decision.player == seat:
        st.success(tr("tables.your_turn", player=names[seat]))
        if tab.meta.get(live.SEATS_ACT):
            with st.container(border=True, key="decision"):
                widgets.decision_panel(tab)
        else:
            st.info(tr("tables.host_enters"))
    elif decision.hidden and decision.params.get("p") == seat:  # their own cards: entered from their own phone
        st.success(tr("hidden.seat_enters", player=names[seat]))
        if tab.meta.get(live.SEATS_ACT):
            with st.container(border=True, key="decision"):
                widgets.decision_panel(tab)
        else:
            st.info(tr("tables.host_enters"))
    elif not decision.is_chance and 0 <= decision.player < len(names):
        st.info(tr("tables.waiting_for", player=names[decision.player]))
    st.subheader(tr("tables.your_part", player=names[seat]))
    part = SEATS.get(tab.session.game.name)
    if part is None:  # a game without a board of its own: its view's entries for this seat
        live.facts_table(tab, live.seat_facts(tab, seat))
    else:
        part(shown_state(widgets.game_view(tab)), seat, context.lang())  # names as text, never Markdown


if __name__ == "__main__":
    render()
