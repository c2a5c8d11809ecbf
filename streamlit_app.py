"""Companion app entry point: `make run` (streamlit run streamlit_app.py).

Sets up the page, the language, opens a game from a resume link (?g=<id>&r=<token>), then
hands over to the screen chosen in the navigation. Screens live in companion/ui/pages/.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st
from streamlit import delta_generator

from companion.core import CompanionError
from companion.i18n import LANGUAGES, labels
from companion.storage import StorageError, StorageUnavailableError, is_game_id
from companion.ui import context, live, startup, theme
from companion.ui.context import tr

ROOT = Path(__file__).parent
PAGES = "companion/ui/pages"
LANGUAGE_NAMES = {"de": "Deutsch", "nl": "Nederlands", "en": "English"}

# A Material icon, not an emoji: any emoji (or an image, even a data URL) makes Streamlit load its whole emoji
# catalogue (or numpy and PIL) on a fresh server's first page, 0.2-0.6 s of the first load.
FAVICON = ":material/casino:"


def _open_store() -> None:
    """Say at once, on every screen, when games cannot be stored; say once what was found damaged."""
    try:
        store = context.shared_store()
    except StorageUnavailableError as err:
        if err.code != "database_unreachable":
            st.error(context.error_message(err))
            st.stop()
        raise  # the database server is down: the outage message, retried (main)
    except StorageError as err:
        st.error(context.error_message(err))
        st.stop()
    if not st.session_state.get("_notices_shown"):
        st.session_state["_notices_shown"] = True
        for notice in store.notices:
            context.flash("warning", tr(notice.code, **notice.params))


def _open_game_link() -> bool:
    """A game's own link (?shared=&key=, Table → share this game only): that game, not its table. True if one."""
    params = st.query_params
    game_id, key = params.get(live.SHARED_GAME), params.get(live.SHARED_KEY)
    if not game_id or not key:
        return False
    tab = context.table()
    if tab is None or tab.game_id != game_id:
        try:
            context.open_shared(game_id, key)
        except CompanionError:
            context.flash("error", tr("share.gone"))
            params.clear()
            return True
        st.session_state["goto_table"] = True
    return True


def _open_resume_link() -> None:
    """A resume link or QR code was opened: load that game once, then clean the address bar."""
    if _open_game_link():
        return
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


def printables() -> None:
    """The Printables screen, imported when first opened: the PDF builders (ReportLab) are not needed before."""
    from companion.ui.pages import printables as screen

    screen.render()


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
    result.append(st.Page(printables, title=tr("nav.printables"), icon=":material/print:", url_path="printables"))
    result.append(
        st.Page(f"{PAGES}/settings.py", title=tr("nav.settings"), icon=":material/settings:", url_path="settings")
    )
    return result


# Streamlit leaves the sidebar open over the page after a tap on its navigation on a narrow screen (a phone):
# one listener per browser tab closes it after such a tap (Streamlit's own collapse button, so its state stays
# consistent). Wide screens keep it open, as Streamlit does.
CLOSE_SIDEBAR_ON_PHONES = """<script>
(() => {
  if (window.__companionNavCloses) return;
  window.__companionNavCloses = true;
  document.addEventListener("click", (event) => {
    if (window.innerWidth >= 768 || !event.target.closest("[data-testid=stSidebarNav] a")) return;
    setTimeout(() => {
      const button = document.querySelector("[data-testid=stSidebarCollapseButton] button");
      const sidebar = document.querySelector("[data-testid=stSidebar]");
      if (button && sidebar && sidebar.getBoundingClientRect().right > 0) button.click();
    }, 150);
  }, true);
})();
</script>"""


def _close_sidebar_after_navigating() -> None:
    st.sidebar.html(CLOSE_SIDEBAR_ON_PHONES, unsafe_allow_javascript=True)  # in the sidebar: no gap on the page


def _keep_game_in_address() -> None:
    """?g=<id> (and ?t=<table code> on a shared server) let a reload find the table and open game again."""
    tab = context.table()
    if context.is_guest(tab):  # a game's own link stays in the address (a reload opens that game again)
        return
    if tab is not None and st.query_params.get("g") != tab.game_id:
        st.query_params["g"] = tab.game_id
    code = context.owner()
    if st.query_params.get("t") != code and (context.private_tables() or "t" in st.query_params):
        st.query_params["t"] = code


def main() -> None:
    """Every screen. While the store cannot be reached (a database server down, on a reload too) the screen
    says so once and shows what it can; never a traceback or a server path."""
    try:
        _open_store()
        _open_resume_link()
        sidebar()
        _close_sidebar_after_navigating()
        page = st.navigation(pages())
        _keep_game_in_address()
        live.unwatch()  # a game screen watches its game again (live.follow); other screens are never rerun
        if context.store_down():
            context.show_outage()
    except StorageUnavailableError:
        context.mark_store_down()
        context.show_outage()
        st.stop()
    try:
        page.run()
    except StorageUnavailableError:
        if not context.store_down():
            context.mark_store_down()
            context.show_outage()
        st.stop()


def run() -> None:
    """One script run: the page's settings, the look, then the screen."""
    # Streamlit's "not run with `streamlit run`?" check walks the whole stack with its source files on the first
    # element of a process (inspect.stack); this file only ever runs under `streamlit run` (or its test harness).
    delta_generator._use_warning_has_been_displayed = True
    st.set_page_config(page_title="Companion", page_icon=FAVICON, layout="wide", initial_sidebar_state="auto")
    context.register_extra_games()
    theme.apply()  # readable secondary text and finger-sized controls on every screen (WCAG 2.2 AA)
    labels.show_marks(False)  # a screen names the unverified facts once (a notice), no "?" after every number
    main()


if __name__ == "__main__":  # a script run (each session's, and streamlit.testing's)
    run()
else:  # `streamlit run streamlit_app.py` imports this file once at start to find the app: the server's own start
    app = st.App(__file__, lifespan=startup.warm_up)  # what the first Home screen needs, before anyone comes
