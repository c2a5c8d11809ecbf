"""A printable season summary: per player the plays, wins and win rate (competitive and solo apart, never
blended), per player and game the average and best score, and each player's best play of each game.

Draws what companion.stats.season.season_summary computed (plain values); no aggregation here.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from reportlab.lib.colors import white
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, Paragraph, Spacer, Table, TableStyle

from companion.stats.words import game_name, half_up

from . import chrome, fonts, layout
from .layout import GREY, INK, RULE
from .text import esc, tr

TEMPLATE = {"title": "print.season.title", "accent": "#44403c", "icon": "vp", "game": ""}
MODES = ("competitive", "solo")  # competitive first; each mode its own table (rates are never blended)
DATE_FORMAT = {"en": "%Y-%m-%d", "de": "%d.%m.%Y", "nl": "%d-%m-%Y"}


def date_text(day: date | None, lang: str) -> str:
    return day.strftime(DATE_FORMAT.get(lang, DATE_FORMAT["en"])) if day is not None else ""


def number(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else half_up(v)


def percent(rate: float) -> str:
    """A win rate in whole percent, half up (5 of 8 is 63 %, not the banker's 62 %)."""
    return f"{half_up(rate * 100, 0)} %"


def period(summary: dict[str, Any], lang: str) -> str:
    start, end = summary.get("start"), summary.get("end")
    if start is None and end is None:
        return tr("print.season.all_time", lang)
    if start is None:
        return tr("print.season.until", lang, end=date_text(end, lang))
    if end is None:
        return tr("print.season.since", lang, start=date_text(start, lang))
    return tr("print.season.between", lang, start=date_text(start, lang), end=date_text(end, lang))


def _styles(accent) -> dict[str, ParagraphStyle]:
    base = ParagraphStyle("b", fontName=fonts.REGULAR, fontSize=8.5, leading=10.5, textColor=INK)
    return {
        "p": base,
        "grey": ParagraphStyle("g", parent=base, fontSize=7, leading=8.6, textColor=GREY),
        "h": ParagraphStyle("h", parent=base, fontName=fonts.BOLD, fontSize=11, leading=14, textColor=accent,
                            spaceBefore=6, spaceAfter=3),
        "cell": ParagraphStyle("c", parent=base, fontSize=8, leading=9.6),
        "num": ParagraphStyle("n", parent=base, fontSize=8.5, leading=10, alignment=TA_RIGHT),
        "head": ParagraphStyle("hd", parent=base, fontName=fonts.BOLD, fontSize=8, leading=9.6,
                               alignment=TA_CENTER, textColor=white),
    }


def _table(heads: list[str], rows: list[list[str]], widths: list[float], accent, st, numeric: int) -> Table:
    """A table with a coloured head row; the last `numeric` columns are right-aligned numbers."""
    first = len(heads) - numeric
    data = [[Paragraph(esc(h), st["head"]) for h in heads]]
    data += [[Paragraph(esc(v), st["cell" if i < first else "num"]) for i, v in enumerate(row)] for row in rows]
    table = Table(data, colWidths=widths, repeatRows=1)
    style = [("BACKGROUND", (0, 0), (-1, 0), accent), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
             ("LINEBELOW", (0, 1), (-1, -1), 0.3, RULE), ("TOPPADDING", (0, 0), (-1, -1), 2.5),
             ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5)]
    style += [("BACKGROUND", (0, r), (-1, r), layout.PALE) for r in range(2, len(data), 2)]
    table.setStyle(TableStyle(style))
    return table


def _players(summary: dict[str, Any], mode: str, lang: str, width: float, accent, st) -> list[Flowable]:
    """Per player of one mode: plays, wins (of them shared), win rate; the most wins first."""
    people = sorted((p for p in summary["players"] if p["mode"] == mode),
                    key=lambda p: (-p["win_rate"], -p["plays"], p["name"]))
    if not people:
        return []
    heads = [tr(k, lang) for k in ("stats.col.player", "stats.col.plays", "stats.col.wins",
                                   "stats.col.shared_wins", "stats.col.win_rate")]
    rows = [[p["name"], str(p["plays"]), str(p["wins"]), str(p["shared_wins"]), percent(p["win_rate"])]
            for p in people]
    widths = [width * 0.34, width * 0.14, width * 0.14, width * 0.18, width * 0.2]
    return [Paragraph(esc(tr(f"stats.mode.{mode}", lang)), st["h"]), _table(heads, rows, widths, accent, st, 4)]


def _per_game(summary: dict[str, Any], lang: str, width: float, accent, st) -> list[Flowable]:
    """Per player and game: plays, wins, average and best score."""
    entries = sorted(summary["per_game"], key=lambda g: (MODES.index(g["mode"]) if g["mode"] in MODES else 9,
                                                         game_name(g["game"], lang), g["name"]))
    if not entries:
        return []
    heads = [tr(k, lang) for k in ("stats.col.game", "stats.col.player", "stats.col.plays", "stats.col.wins",
                                   "stats.col.average", "stats.col.best")]
    rows = [[game_name(g["game"], lang), g["name"], str(g["plays"]), str(g["wins"]), half_up(g["average"]),
             number(g["best"])] for g in entries]
    if lang != "en":
        rows = [[*r[:4], r[4].replace(".", ","), r[5].replace(".", ",")] for r in rows]
    widths = [width * 0.28, width * 0.22, width * 0.11, width * 0.11, width * 0.14, width * 0.14]
    return [Paragraph(esc(tr("print.season.per_game", lang)), st["h"]), _table(heads, rows, widths, accent, st, 4)]


def _best(summary: dict[str, Any], lang: str, width: float, accent, st) -> list[Flowable]:
    """Each player's best play of each game: date, score, place, and a star for a win."""
    plays = summary["best_plays"]
    if not plays:
        return []
    heads = [tr(k, lang) for k in ("stats.col.player", "stats.col.game", "stats.col.date", "stats.col.score",
                                   "print.season.place")]
    rows = [[b["name"], game_name(b["game"], lang), date_text(b["date"], lang), number(b["score"]),
             ("★ " if b["winner"] else "") + str(b["rank"])] for b in plays]
    widths = [width * 0.26, width * 0.3, width * 0.16, width * 0.14, width * 0.14]
    return [Paragraph(esc(tr("print.season.best", lang)), st["h"]), _table(heads, rows, widths, accent, st, 2),
            Spacer(1, 1.5 * mm), Paragraph(esc(tr("print.season.star", lang)), st["grey"])]


def season_story(summary: dict[str, Any], lang: str, width: float, accent) -> list[Flowable]:
    st = _styles(accent)
    games = ", ".join(f"{game_name(g, lang)} {n}" for g, n in summary["games"].items())
    story: list[Flowable] = [Paragraph(esc(tr("print.season.plays", lang, n=summary["plays"], games=games)),
                                       st["p"]), Spacer(1, 1 * mm)]
    if not summary["plays"]:
        return [Paragraph(esc(tr("print.season.none", lang)), st["p"])]
    for mode in MODES:
        story += _players(summary, mode, lang, width, accent, st)
    story += [Spacer(1, 1 * mm), Paragraph(esc(tr("print.season.apart", lang)), st["grey"])]
    story += [CondPageBreak(40 * mm), *_per_game(summary, lang, width, accent, st)]
    return [*story, CondPageBreak(40 * mm), *_best(summary, lang, width, accent, st)]


def build_season(summary: dict[str, Any], lang: str = "en", paper: str = "a4") -> bytes:
    """The season summary as PDF bytes (deterministic for the same summary)."""
    title = tr("print.season.title", lang)
    subtitle = period(summary, lang)
    pages = _render(summary, lang, paper, title, subtitle, None)
    doc = layout.new_doc(paper, title, subtitle, lang)
    _draw(doc, summary, lang, title, subtitle, pages)
    return doc.finish()


def _render(summary: dict[str, Any], lang: str, paper: str, title: str, subtitle: str, pages: int | None) -> int:
    doc = layout.new_doc(paper, title, subtitle, lang)
    return _draw(doc, summary, lang, title, subtitle, pages)


def _draw(doc: layout.Doc, summary: dict[str, Any], lang: str, title: str, subtitle: str,
          pages: int | None) -> int:
    accent = chrome.accent(TEMPLATE)
    top = chrome.header(doc, TEMPLATE, lang, "print.kind.season", subtitle) - 6 * mm
    story = season_story(summary, lang, doc.safe_w, accent)
    return layout.paginate(doc, story, top, lambda n: chrome.footer(doc, lang, "print.kind.season", page=n,
                                                                   pages=pages or n), title, accent)
