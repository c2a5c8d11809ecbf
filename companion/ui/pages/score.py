"""Score: the engine's per-category breakdown of the open game, live or final; then what comes next
(print the sheet, statistics, a new game with the same players)."""

from __future__ import annotations

import streamlit as st

from companion.core.registry import manifest
from companion.i18n import labels
from companion.pdf import templates
from companion.ui import context, live, setup_forms, widgets
from companion.ui.boards import SCORE_DETAILS
from companion.ui.context import tr
from companion.ui.dispatch import Table
from companion.ui.pages import printables

HOME = "companion/ui/pages/home.py"
STATS = "companion/ui/pages/stats.py"


def _print_sheet(game: str) -> None:
    """The printables page with this game chosen (its score sheet is built there)."""
    if game in templates.games():
        st.session_state["print_game"] = game
    st.session_state["_goto_printables"] = True


def _same_players(tab: Table) -> None:
    """Home's new-game form filled in with this game, its players and their colours (its widgets' own keys)."""
    game = tab.session.game.name
    players = [p if isinstance(p, str) else str(p.get("name", "")) for p in tab.session.setup.get("players", [])]
    offered = setup_forms.colours(manifest(game), context.store().box_overrides(manifest(game).box))
    colours = [c if c in offered else None for c in tab.meta.get("colours") or []]
    state = st.session_state
    state["new_game"] = game
    if manifest(game).max_players > manifest(game).min_players:
        state[f"new_{game}_count"] = len(players)
    for i, name in enumerate(players):
        state[f"new_name_{i}"] = name
        if i < len(colours) and colours[i] is not None:
            state[f"new_{game}_colour_{i}"] = colours[i]
    if tab.meta.get("randomness") in ("app", "table"):
        state["new_randomness"] = tab.meta["randomness"]
    state["_goto_home"] = True


def what_next(tab: Table, over: bool) -> None:
    """One tap each: print the sheet, the statistics, (at the game's end) a new game with the same players."""
    if over:
        st.header(tr("table_moves.next_title"))  # h2 under the page title (heading order)
    row = st.container(horizontal=True, vertical_alignment="center", key="score_next")
    if over:
        row.button(tr("table_moves.same_players"), key="score_again", icon=":material/replay:", type="primary",
                   on_click=_same_players, args=(tab,))
    row.button(tr("table_moves.print_sheet"), key="score_print", icon=":material/print:",
               on_click=_print_sheet, args=(tab.session.game.name,))
    row.page_link(STATS, label=tr("stats.nav"), icon=":material/bar_chart:")
    if st.session_state.pop("_goto_printables", False):
        st.switch_page(st.Page(printables.render, url_path="printables"))
    if st.session_state.pop("_goto_home", False):
        st.switch_page(HOME)


def render() -> None:
    st.title(tr("nav.score"))
    tab = widgets.require_table()
    if tab is None:
        return
    live.follow()
    st.caption(context.shown_title(tab.session.game.name, tab.title))
    session = tab.session
    sheet = session.game.score(session.state)
    cells = labels.placeholder_cells(session.game.name, sheet, session.setup)
    facts = [k for r, i in sorted(cells) for k in sheet.rows[r].facts_behind(i)]
    widgets.unverified_notice(session.game.name, tab.game_id, widgets.still_open(session.game.name, session.setup,
                                                                                 list(dict.fromkeys(facts))))
    widgets.score_sheet(sheet, session.game.name, session.setup)
    if session.is_over:
        what_next(tab, over=True)
    details = SCORE_DETAILS.get(session.game.name)  # more of the sheet (Dragon: each category per month)
    if details is not None:
        more = manifest(session.game.name).score_details
        details(sheet, more(session.state) if more else widgets.game_view(tab), context.lang())
    if not session.is_over:
        what_next(tab, over=False)


if __name__ == "__main__":
    render()
