"""Printables: previews and downloads of score pads, player aids and the open game's score sheet.

A module with render(), included in the navigation by streamlit_app.py. No rules here: it only
calls the PDF builders in companion.pdf.
"""

from __future__ import annotations

import io

import streamlit as st

from companion.i18n import LANGUAGES
from companion.pdf import preview, templates
from companion.pdf.aid import build_aid
from companion.pdf.layout import PAPERS
from companion.pdf.pad import build_pad
from companion.pdf.sheet import build_sheet
from companion.ui import context, widgets
from companion.ui.context import browser_paper, lang, tr

LANGUAGE_NAMES = {"de": "Deutsch", "nl": "Nederlands", "en": "English"}
PAPER_NAMES = {"a4": "A4", "letter": "US Letter"}


@st.cache_data(max_entries=64, show_spinner=False)
def _pad(game: str, language: str, paper: str, players: int, base_url: str) -> bytes:
    return build_pad(game, language, paper, players, base_url)


@st.cache_data(max_entries=64, show_spinner=False)
def _aid(game: str, language: str, paper: str, crop: bool) -> bytes:
    return build_aid(game, language, paper, crop)


@st.cache_data(max_entries=64, show_spinner=False)
def _png(pdf: bytes) -> bytes | None:
    return preview.page_png(pdf)


def _pages(pdf: bytes) -> int:
    from pypdf import PdfReader  # optional (test extra): only for the page count shown

    return len(PdfReader(io.BytesIO(pdf)).pages)


def _offer(pdf: bytes, name: str, file_name: str, key: str) -> None:
    png = _png(pdf)
    if png is not None:
        st.image(png, width="stretch")
    else:
        st.caption(tr("pdf.ui.no_preview"))
    try:
        pages = _pages(pdf)
    except ImportError:
        pages = "?"
    st.caption(tr("pdf.ui.pages", pages=pages, size=round(len(pdf) / 1024)))
    st.download_button(
        tr("pdf.ui.download", name=name),
        data=pdf,
        file_name=file_name,
        mime="application/pdf",
        key=key,
        on_click="ignore",
        width="stretch",
    )


def _choices() -> tuple[str, str, str, int, bool]:
    """What to print: game, language, paper, player columns, crop marks."""
    c1, c2, c3 = st.columns(3)
    game = c1.selectbox(
        tr("pdf.ui.game"), templates.games(), key="print_game", format_func=lambda g: tr(templates.load(g)["title"])
    )
    language = c2.selectbox(
        tr("pdf.ui.language"), LANGUAGES, index=LANGUAGES.index(lang()), key="print_lang",
        format_func=LANGUAGE_NAMES.get,
    )
    paper = c3.selectbox(tr("pdf.ui.paper"), list(PAPERS), index=list(PAPERS).index(browser_paper()),
                         key="print_paper", format_func=PAPER_NAMES.get)
    spec = templates.load(game)["players"]
    c4, c5 = st.columns(2)
    players = int(c4.number_input(
        tr("pdf.ui.players"), min_value=spec["min"], max_value=spec["max"], value=spec["default"], step=1,
        key=f"print_players_{game}", help=tr("pdf.ui.players_help") if game == "gugong" else None,
    ))
    crop = c5.checkbox(tr("pdf.ui.crop_marks"), key="print_crop")
    return game, language, paper, players, crop


def _game_sheet(language: str, paper: str, base: str) -> None:
    """The open game's score sheet (with its log and a link back to it)."""
    st.header(tr("pdf.ui.sheet_title"))  # h2 under the page title: headings in order (WCAG 1.3.1)
    tab = context.table()
    if tab is None:
        st.info(tr("pdf.ui.no_game"))
        return
    st.caption(tr("pdf.ui.sheet_intro"))
    with_log = st.checkbox(tr("pdf.ui.with_log"), value=True, key="print_with_log")
    cache_key = ("_print_sheet", tab.game_id, tab.version, language, paper, with_log)
    if st.session_state.get("_print_sheet_key") != cache_key:  # the token replays the log: build once per state
        st.session_state["_print_sheet"] = build_sheet(
            tab.session, language, paper, f"{base}?g={tab.game_id}", with_log=with_log
        )
        st.session_state["_print_sheet_key"] = cache_key
    _offer(st.session_state["_print_sheet"], tr("pdf.kind.sheet"), f"{tab.session.game.name}-sheet-{language}.pdf",
           "dl_sheet")


def render() -> None:
    st.title(tr("pdf.ui.title"))
    st.write(tr("pdf.ui.intro"))
    game, language, paper, players, crop = _choices()
    base = widgets.base_url()
    left, right = st.columns(2)
    with left:
        st.header(tr("pdf.kind.pad"))
        _offer(_pad(game, language, paper, players, base), tr("pdf.kind.pad"), f"{game}-pad-{language}-{paper}.pdf",
               "dl_pad")
    with right:
        st.header(tr("pdf.kind.aid"))
        _offer(_aid(game, language, paper, crop), tr("pdf.kind.aid"), f"{game}-aid-{language}-{paper}.pdf", "dl_aid")
    st.divider()
    _game_sheet(language, paper, base)
