"""The printable box check: the box-check questions on paper, to fill in with the box open.

The questions come from companion.pdf.boxform (the same list a screen asks, in the same order):
each unverified fact of the game's box profile with write-in cells, then the verified facts as a
checklist ("my box agrees" / "differs"). Grey text in a cell is our reading of an inferred fact, to
confirm or correct; a placeholder is never printed. Narrow, long tables (38 gift cards, 20 tiles)
are set side by side so a game's sheet stays at a few pages.
"""

from __future__ import annotations

import math
from typing import Any

from reportlab.lib.colors import white
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from . import chrome, fonts, layout, qr, templates
from .boxform import Checked, Grid, Question, form
from .layout import GREY, INK, RULE
from .text import esc, tr

CELL_H = 6.2 * mm
MAX_CELL_W = 30 * mm  # a write-in cell wider than this only wastes paper
TALL_ROWS = 8  # a narrow table longer than this is set in columns side by side
MAX_SIDE_BY_SIDE = 4
SHORT = 22 * mm  # row labels up to this wide leave room to set tables side by side


def box_check_url(base_url: str, game: str) -> str:
    return qr.quick_score_url(base_url, game).replace("/quick-score?", "/box-check?")


def _styles(accent: Any) -> dict[str, ParagraphStyle]:
    base = ParagraphStyle("b", fontName=fonts.REGULAR, fontSize=8, leading=9.8, textColor=INK)
    return {
        "p": base,
        "grey": ParagraphStyle("g", parent=base, fontSize=6.8, leading=8.2, textColor=GREY),
        "q": ParagraphStyle("q", parent=base, fontName=fonts.BOLD, fontSize=9.2, leading=11.5, textColor=accent,
                            spaceBefore=3 * mm, spaceAfter=0.8 * mm),
        "h": ParagraphStyle("h", parent=base, fontName=fonts.BOLD, fontSize=11, leading=14, textColor=accent,
                            spaceBefore=4 * mm, spaceAfter=2 * mm),
        "cell": ParagraphStyle("c", parent=base, fontSize=7, leading=8.2),
        "cellb": ParagraphStyle("cb", parent=base, fontName=fonts.BOLD, fontSize=7, leading=8.2),
        "hint": ParagraphStyle("hi", parent=base, fontSize=6.6, leading=7.8, textColor=GREY),
    }


def _measure(grid: Grid, width: float) -> tuple[bool, float, list[float]]:
    """Whether rows are labelled, the label column's width, and each value column's least width
    (a head is never broken inside a word, e.g. "Kartenaktion")."""
    labelled = any(label for label, _ in grid.rows)
    n = max([len(grid.columns), *(len(cells) for _, cells in grid.rows)])
    label_w = min(width * 0.45, max([8 * mm, *(fonts.string_width(lbl, 7) + 5 for lbl, _ in grid.rows)])) \
        if labelled else 0
    need = [max((fonts.string_width(w, 7, bold=True) + 6 for w in head.split()), default=0)
            for head in grid.columns] + [0] * (n - len(grid.columns))
    return labelled, label_w, need


def _grid_table(grid: Grid, width: float, st: dict[str, ParagraphStyle], accent: Any) -> Table:
    """Heads in the accent tint, one bordered write-in cell per value; grey text = our reading."""
    labelled, label_w, need = _measure(grid, width)
    weights = [2.2 if j in grid.wide else 1 for j in range(len(need))]
    unit = min(MAX_CELL_W, (width - label_w) / sum(weights))
    widths = [max(unit * w, x) for w, x in zip(weights, need, strict=True)]
    extra, slack = sum(widths) - (width - label_w), [w - x for w, x in zip(widths, need, strict=True)]
    if extra > 0 and sum(slack) > 0:  # wide heads took room: the other columns give it back
        widths = [w - extra * sl / sum(slack) for w, sl in zip(widths, slack, strict=True)]
    data: list[list[Any]] = []
    if grid.columns:
        data.append(([""] if labelled else []) + [Paragraph(esc(c), st["cellb"]) for c in grid.columns])
    for label, cells in grid.rows:
        row = [Paragraph(esc(label), st["cell"])] if labelled else []
        data.append(row + [Paragraph(esc(text), st["hint"]) for text in cells])
    # room to write in every cell; a row label that wraps makes its row taller
    heights = [max(CELL_H, len(layout.wrap(label, 7, label_w - 4)) * 8.2 + 4) if labelled else CELL_H
               for label, _ in grid.rows]
    table = Table(data, colWidths=([label_w] if labelled else []) + widths, hAlign="LEFT",
                  rowHeights=[None] * (1 if grid.columns else 0) + heights)
    first = 1 if labelled else 0
    head = 1 if grid.columns else 0
    style = [
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ("GRID", (first, head), (-1, -1), 0.6, GREY),
        ("BACKGROUND", (first, head), (-1, -1), white),
    ]
    if head:
        style.append(("BACKGROUND", (first, 0), (-1, 0), layout.tint(accent, 0.85)))
    if labelled:
        style.append(("LINEBELOW", (0, head), (0, -1), 0.3, RULE))
    table.setStyle(TableStyle(style))
    return table


def _short_labels(grid: Grid) -> bool:
    return max(fonts.string_width(label, 7) for label, _ in grid.rows) < SHORT


def _chunks(grid: Grid) -> list[Grid]:
    """A narrow, long table split into parts of equal length (set side by side)."""
    if len(grid.columns) > 3 or len(grid.rows) <= TALL_ROWS or not _short_labels(grid):
        return [grid]
    parts = min(MAX_SIDE_BY_SIDE - 1, math.ceil(len(grid.rows) / TALL_ROWS))
    size = math.ceil(len(grid.rows) / parts)
    return [Grid(grid.heading if i == 0 else "", grid.columns, grid.rows[i * size:(i + 1) * size], grid.wide)
            for i in range(parts)]


def _grids(question: Question, width: float, st: dict[str, ParagraphStyle], accent: Any) -> list[Flowable]:
    """The question's tables: wide ones stacked, narrow ones side by side (up to four in a row)."""
    parts = _chunks(question.grids[0]) if len(question.grids) == 1 else question.grids
    if len(parts) == 1 and not parts[0].columns and len(parts[0].rows) == 1:  # one number: one box
        return [_grid_table(parts[0], 22 * mm, st, accent)]
    narrow = [p for p in parts if len(p.columns) <= 3 and _short_labels(p)]
    if len(narrow) < 2 or len(narrow) != len(parts):
        return [f for p in parts for f in _headed(p, width, st, accent)]
    gap = 4 * mm
    fits = [k for k in range(min(MAX_SIDE_BY_SIDE, len(parts)), 1, -1)
            if all(_least_width(p, (width - gap * (k - 1)) / k) <= (width - gap * (k - 1)) / k for p in parts)]
    if not fits:
        return [f for p in parts for f in _headed(p, width, st, accent)]
    per_row = fits[0]
    cell_w = (width - gap * (per_row - 1)) / per_row
    rows = []
    for i in range(0, len(parts), per_row):
        chunk = parts[i:i + per_row]
        cells: list[Any] = []
        for part in chunk:
            cells += [_headed(part, cell_w, st, accent), ""]
        rows.append((cells[:-1] + ["", ""] * (per_row - len(chunk)))[:2 * per_row - 1])
    outer = Table(rows, colWidths=([cell_w, gap] * per_row)[:-1], hAlign="LEFT")
    outer.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 2 * mm)]))
    return [outer]


def _least_width(grid: Grid, width: float) -> float:
    _, label_w, need = _measure(grid, width)
    return label_w + sum(max(x, 8 * mm) for x in need)


def _headed(grid: Grid, width: float, st: dict[str, ParagraphStyle], accent: Any) -> list[Flowable]:
    head = [Paragraph(esc(grid.heading), st["cellb"]), Spacer(1, 0.8 * mm)] if grid.heading else []
    return [*head, _grid_table(grid, width, st, accent), Spacer(1, 1.5 * mm)]


def question_flowables(question: Question, lang: str, width: float, st: dict[str, ParagraphStyle],
                       accent: Any) -> list[Flowable]:
    status = tr(f"pdf.boxcheck.status.{question.status}", lang)
    head = Paragraph(f"{question.number}. {esc(question.title)} <font color='#6b6b6b' size='7'>· {esc(status)}"
                     f"</font>", st["q"])
    out: list[Flowable] = [head]
    if question.help:
        out.append(Paragraph(esc(question.help), st["grey"]))
    out += [Spacer(1, 1 * mm), *_grids(question, width, st, accent)]
    out += [Paragraph(esc(line), st["grey"]) for line in question.choices]
    if question.total:
        out.append(Paragraph(esc(question.total), st["p"]))
    if question.agree:
        out.append(Paragraph(esc("☐ " + tr("pdf.boxcheck.agrees", lang)), st["p"]))
    return [KeepTogether(out)]  # one page if it fits; a longer question splits between its tables


def checklist(checked: list[Checked], lang: str, width: float, st: dict[str, ParagraphStyle],
              accent: Any) -> Table:
    """The verified facts: name, value, "agrees" tick and room for what the box shows instead."""
    heads = [tr(k, lang) for k in ("pdf.boxcheck.fact", "pdf.boxcheck.value", "pdf.boxcheck.ok",
                                   "pdf.boxcheck.differs")]
    data = [[Paragraph(esc(h), st["cellb"]) for h in heads]]
    for item in checked:
        data.append([Paragraph(esc(item.label), st["cell"]), Paragraph(esc(item.value), st["cell"]), "☐", ""])
    widths = [width * 0.3, width * 0.44, width * 0.06, width * 0.2]
    table = Table(data, colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle([
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR),
        ("FONTSIZE", (2, 1), (2, -1), 9),
        ("ALIGN", (2, 0), (2, -1), "CENTER"),
        ("BACKGROUND", (0, 0), (-1, 0), layout.tint(accent, 0.85)),
        ("LINEBELOW", (0, 0), (-1, -1), 0.3, RULE),
        ("LINEBELOW", (3, 1), (3, -1), 0.5, GREY),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]))
    return table


def build_box_check(game: str, lang: str = "en", paper: str = "a4", base_url: str = qr.DEFAULT_BASE_URL,
                    overrides: dict[str, Any] | None = None) -> bytes:
    """The box-check sheet of a game (its box profile with the owner's `overrides`, if any)."""
    pages = _render(game, lang, paper, base_url, overrides, None)[1]
    return _render(game, lang, paper, base_url, overrides, pages)[0]


def _render(game: str, lang: str, paper: str, base_url: str, overrides: dict[str, Any] | None,
            pages: int | None) -> tuple[bytes, int]:
    tpl = templates.load(game)
    questions, checked = form(game, lang, overrides)
    subtitle = tr("pdf.boxcheck.subtitle", lang)
    doc = layout.new_doc(paper, f"{tr(tpl['title'], lang)} – {tr('pdf.kind.box_check', lang)}", subtitle, lang)
    accent = chrome.accent(tpl)
    top = chrome.header(doc, tpl, lang, "pdf.kind.box_check", subtitle, box_check_url(base_url, game),
                        tr("pdf.boxcheck.qr_caption", lang)) - 5 * mm
    st = _styles(accent)
    story: list[Flowable] = [Paragraph(esc(tr("pdf.boxcheck.intro", lang)), st["p"]), Spacer(1, 1.5 * mm),
                             Paragraph(esc(tr("pdf.boxcheck.owner", lang)), st["p"])]
    if questions:
        story.append(Paragraph(esc(tr("pdf.boxcheck.open", lang, n=len(questions))), st["h"]))
    for question in questions:
        story += question_flowables(question, lang, doc.safe_w, st, accent)
    story += [CondPageBreak(40 * mm), Paragraph(esc(tr("pdf.boxcheck.checked", lang, n=len(checked))), st["h"]),
              Paragraph(esc(tr("pdf.boxcheck.checked.help", lang)), st["grey"]), Spacer(1, 1.5 * mm),
              checklist(checked, lang, doc.safe_w, st, accent)]
    count = layout.paginate(doc, story, top, lambda n: chrome.footer(doc, lang, "pdf.kind.box_check", page=n,
                                                                    pages=pages or n),
                            f"{tr(tpl['title'], lang)} · {tr('pdf.kind.box_check', lang)}", accent)
    return doc.finish(), count
