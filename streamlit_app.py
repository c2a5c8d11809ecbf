"""Companion app entry point: `make run` (streamlit run streamlit_app.py).

Sets up the page, the language, opens a game from a resume link (?g=<id>&r=<token>), then
hands over to the screen chosen in the navigation. Screens live in companion/ui/pages/.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from companion.core import CompanionError
from companion.i18n import LANGUAGES, labels
from companion.storage import StorageError, is_game_id
from companion.ui import context, theme
from companion.ui.context import tr
from companion.ui.pages import printables

ROOT = Path(__file__).parent
PAGES = "companion/ui/pages"
LANGUAGE_NAMES = {"de": "Deutsch", "nl": "Nederlands", "en": "English"}

st.set_page_config(page_title="Companion", page_icon="🀄", layout="wide", initial_sidebar_state="auto")
context.register_extra_games()
theme.apply()  # readable secondary text and finger-sized controls on every screen (WCAG 2.2 AA)


def _open_store() -> None:
    """Say at once, on every screen, when games cannot be stored; say once what was found damaged."""
    try:
        store = context.shared_store()
    except StorageError as err:
        st.error(context.error_message(err))
        st.stop()
    if not st.session_state.get("_notices_shown"):
        st.session_state["_notices_shown"] = True
        for notice in store.notices:
            context.flash("warning", tr(notice.code, **notice.params))


def _open_resume_link() -> None:
    """A resume link or QR code was opened: load that game once, then clean the address bar."""
    params = st.query_params
    token, game_id = params.get("r"), params.get("g")
    if game_id and not is_game_id(game_id):  # never a server id: not used, not kept
        params.pop("g")
        game_id = None
    context.owner()  # ?t= joins the link's table first
    if not token and game_id and context.table() is None and context.store().has_game(game_id):
        # a reload (or a phone that slept past the session timeout) reopens the game in the address bar
        try:
            context.resume_game(game_id)
        except CompanionError as err:
            context.flash("error", tr("ui.resume_failed", reason=context.error_message(err)))
        return
    if not token or st.session_state.get("_opened_link") == token:
        return
    st.session_state["_opened_link"] = token
    try:
        context.open_token(token, game_id)
    except CompanionError as err:
        context.flash("error", tr("ui.resume_failed", reason=context.error_message(err)))
        return
    st.query_params.clear()
    st.query_params["g"] = context.table().game_id
    st.query_params["t"] = context.owner()
    st.session_state["goto_table"] = True


def _set_lang() -> None:
    st.session_state[context.LANG] = st.session_state["_sidebar_lang"]


def sidebar() -> None:
    with st.sidebar:
        st.session_state["_sidebar_lang"] = context.lang()
        st.selectbox(
            "🌐",
            list(LANGUAGES),
            format_func=LANGUAGE_NAMES.get,
            key="_sidebar_lang",
            on_change=_set_lang,
            label_visibility="collapsed",
        )
        tab = context.table()
        if tab is not None:
            st.caption(tr("ui.open_game", title=context.shown_title(tab.session.game.name, tab.title)))


def pages() -> list[st.Page]:
    result = [
        st.Page(f"{PAGES}/home.py", title=tr("nav.home"), icon=":material/home:", url_path="home", default=True),
        st.Page(f"{PAGES}/table.py", title=tr("nav.table"), icon=":material/table_restaurant:", url_path="table"),
        st.Page(f"{PAGES}/seat.py", title=tr("tables.nav_seat"), icon=":material/smartphone:", url_path="seat"),
    ]
    result.append(st.Page(f"{PAGES}/meng.py", title=tr("nav.meng"), icon=":material/smart_toy:", url_path="meng"))
    result += [
        st.Page(f"{PAGES}/score.py", title=tr("nav.score"), icon=":material/scoreboard:", url_path="score"),
        st.Page(
            f"{PAGES}/quick_score.py", title=tr("nav.quick_score"), icon=":material/calculate:", url_path="quick-score"
        ),
        st.Page(f"{PAGES}/stats.py", title=tr("stats.nav"), icon=":material/bar_chart:", url_path="stats"),
        st.Page(
            f"{PAGES}/box_check.py", title=tr("nav.box_check"), icon=":material/inventory_2:", url_path="box-check"
        ),
    ]
    result.append(st.Page(printables.render, title=tr("nav.printables"), icon=":material/print:",
                          url_path="printables"))
    result.append(
        st.Page(f"{PAGES}/settings.py", title=tr("nav.settings"), icon=":material/settings:", url_path="settings")
    )
    return result


def _keep_game_in_address() -> None:
    """?g=<id> (and ?t=<table code> on a shared server) let a reload find the table and open game again."""
    tab = context.table()
    if tab is not None and st.query_params.get("g") != tab.game_id:
        st.query_params["g"] = tab.game_id
    code = context.owner()
    if st.query_params.get("t") != code and (context.private_tables() or "t" in st.query_params):
        st.query_params["t"] = code


labels.show_marks(False)  # a screen names the unverified facts once (a notice), no "?" after every number
_open_store()
_open_resume_link()
sidebar()
page = st.navigation(pages())
_keep_game_in_address()
page.run()
