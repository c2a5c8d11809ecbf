"""Table: the mirror of the physical table. Whose turn, what the rules allow now, the board, the log.

The screen is made of parts (Streamlit fragments): the table moves, the decision, undo/redo, the log, the board,
the resume and sharing panel. A tap inside a part reruns that part only (a Gùgōng card picked before its action,
a line ticked, the log's page, a fold opened), not the whole 5,000 px screen. A tap that moved the game (or left
a message, or changed what the banner says) makes the part's own rerun start the whole screen again at once, so
the banner, the moves, the board and the log always show the same step (`parts_fresh`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from companion.ui import context, live, on_table, widgets
from companion.ui.boxcheck import seen
from companion.ui.context import tr
from companion.ui.dispatch import Table
from companion.ui.pages import meng

DRAWN = "_table_drawn"  # what the last full run of this screen drew (parts_fresh compares)
PENDING_TAP = "companion-pending-tap"  # tap_watch's note of a tap in flight (in the browser's sessionStorage)
# a part's own rerun answered the tap: the tap watch (which counts full runs) must not call it lost later; the
# script is hidden by its style (display: none, no gap) and runs again on each part's rerun (the count changes)
ANSWERED = ("<style>.st-key-tap_answered{{display:none}}</style>"
            "<script>sessionStorage.removeItem('" + PENDING_TAP + "');/*{n}*/</script>")


def drawn(tab: Table) -> tuple[Any, ...]:
    """Everything outside a part that a tap inside one can change: the game and its revision, a message to
    show, the undo question, who rolls (the banner), the store's reachability."""
    state = st.session_state
    return (tab.game_id, tab.revision, tab.session.version, context.FLASH in state, state.get("confirm_undo"),
            widgets.chance_mode(tab), context.store_down())


def _part_run() -> bool:
    """This run is a part's own rerun (a fragment), not the whole screen."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx(suppress_warning=True)
    return bool(ctx is not None and ctx.fragment_ids_this_run)


def parts_fresh() -> Table | None:
    """The open game for a part. In a part's own rerun, if what the screen drew has changed (another step, a
    message), the whole screen runs again instead: every part shows the same step."""
    tab = context.table()
    if not _part_run():
        return tab
    if tab is None or st.session_state.get(DRAWN) != drawn(tab):
        st.rerun(scope="app")
    n = st.session_state["_table_part_runs"] = st.session_state.get("_table_part_runs", 0) + 1
    with st.container(key="tap_answered"):
        st.html(ANSWERED.format(n=n), unsafe_allow_javascript=True)
    return tab


def _part(draw: Callable[[Table], None]) -> Callable[[], None]:
    """`draw` as a part of the screen: it draws the open game the screen shows."""

    def run() -> None:
        tab = parts_fresh()
        if tab is not None:
            draw(tab)

    run.__qualname__ = f"table_part_{draw.__module__}.{draw.__qualname__}"  # the fragment's id names what it draws
    return st.fragment(run)


def _decision(tab: Table) -> None:
    with st.container(border=True, key="decision"):  # Meng's turn: one tap plays it all, as on his page
        (meng.turn_panel if meng.mengs_step(tab.session.decision) else widgets.decision_panel)(tab)


def _share(tab: Table) -> None:
    widgets.resume_panel(tab)
    live.host_controls(tab)


MOVES, DECISION, UNDO, LOG = _part(on_table.panel), _part(_decision), _part(widgets.undo_bar), _part(widgets.event_log)
BOARD, SHARE = _part(widgets.board), _part(_share)


def render() -> None:
    tab = widgets.require_table()
    if tab is None:
        return
    live.follow()
    tab = context.table() or tab  # follow may have loaded another device's step
    st.caption(context.shown_title(tab.session.game.name, tab.title))
    widgets.banner(tab)
    context.show_flash()
    widgets.unverified_notice(tab.session.game.name, tab.game_id, widgets.screen_facts(tab))
    st.session_state[DRAWN] = drawn(tab)  # after the message was shown: the parts' reruns compare with this
    left, right = st.columns([1, 1], gap="medium")
    with left:
        over = tab.session.decision is None  # the game's end: the way to the score comes first
        if not over:
            MOVES()  # what the table still has to do comes first: it is done before the next question
        DECISION()
        if over:
            MOVES()
        seen.end_of_game(tab)  # the calm moment: record what the table saw beyond the box profile?
        UNDO()
        LOG()
    with right:
        BOARD()
        SHARE()
        st.page_link("companion/ui/pages/score.py", label=tr("nav.score"), icon=":material/scoreboard:")


if __name__ == "__main__":
    render()
