"""Blank score pads: one sheet per game, a column per player, rows as the rulebook orders them.

The layout comes from pdf_templates/<game>.yaml (rows, an optional month grid, fill-in blanks);
this module only knows how to draw those elements. Every rule value comes from the box profile
(companion.pdf.facts); a value whose fact is not verified is printed as a marked write-in box
(ladders, rate rows) or with the placeholder mark (text), never as fact.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import Color, white
from reportlab.lib.units import mm

from companion.i18n import labels

from . import chrome, icons, layout, qr, templates
from .facts import Facts, Printed
from .layout import GREY, INK, RULE, Doc
from .text import plain, tr

ROW_BASE = {"number": 13 * mm, "tick": 9 * mm, "total": 11 * mm, "tiebreak": 11 * mm}


def player_count(tpl: dict[str, Any], players: int | None) -> int:
    spec = tpl["players"]
    n = spec["default"] if players is None else int(players)
    if not spec["min"] <= n <= spec["max"]:
        raise ValueError(f"{tpl['game']} is for {spec['min']}-{spec['max']} players, not {n}")
    return n


def column_heads(tpl: dict[str, Any], n: int, lang: str) -> list[str]:
    """Pre-printed column heads: blank for players, Meng's name for the solo opponent's column."""
    if n == 1 and tpl.get("solo_column"):
        return [tr(tpl["solo_column"], lang) + " 孟", ""]
    return [""] * n


def build_pad(game: str, lang: str = "en", paper: str = "a4", players: int | None = None,
              base_url: str = qr.DEFAULT_BASE_URL, overrides: dict[str, Any] | None = None) -> bytes:
    """The score pad; rule values from the box profile with the owner's `overrides` applied."""
    tpl = templates.load(game)
    return _draw(tpl, Facts(tpl["box"], overrides, labels.placeholder_mark(tpl["box"])), lang, paper, players,
                 base_url, templates.any_marked(tpl["pad"], tpl["box"], overrides))


def _draw(tpl: dict[str, Any], facts: Facts, lang: str, paper: str, players: int | None, base_url: str,
          marked: bool) -> bytes:
    pad = tpl["pad"]
    heads = column_heads(tpl, player_count(tpl, players), lang)
    landscape = pad.get("orientation") == "landscape"
    title = f"{tr(tpl['title'], lang)} – {tr('pdf.kind.pad', lang)}"
    subtitle = tr(pad["subtitle"], lang, **templates.params(pad, facts))
    doc = layout.new_doc(paper, title, subtitle, lang, landscape=landscape)
    top = chrome.header(doc, tpl, lang, "pdf.kind.pad", subtitle,
                        qr.quick_score_url(base_url, tpl["game"]), tr("pdf.pad.qr_caption", lang)) - 4 * mm
    bottom = _bottom_notes(doc, tpl, facts, lang, doc.y0 + chrome.FOOTER_H + 1.5 * mm, marked)
    label_w = max(doc.safe_w * (0.27 if landscape else 0.36), doc.safe_w - len(heads) * 34 * mm)
    col_w = (doc.safe_w - label_w) / len(heads)
    table = _Table(doc, chrome.accent(tpl), lang, label_w, col_w, len(heads), facts)
    y = table.names_row(top, heads)
    if pad.get("grid"):
        y = table.grid(y, pad["grid"])
    table.rows(y, bottom, pad["rows"])
    chrome.footer(doc, lang, "pdf.kind.pad", ref=tr(pad["ref"], lang))
    doc.canvas.showPage()
    return doc.finish()


def _bottom_notes(doc: Doc, tpl: dict[str, Any], facts: Facts, lang: str, y: float, marked: bool) -> float:
    """Notes under the table, drawn bottom-up: date/place, unverified legend, fill-in blanks, rule note."""
    c = doc.canvas
    pad = tpl["pad"]
    x, w = doc.x0, doc.safe_w
    # date and place
    layout.text(c, x, y + 1 * mm, tr("pdf.pad.date", lang), 7.5, color=GREY)
    layout.line(c, x + 12 * mm, y + 0.6 * mm, x + 55 * mm, y + 0.6 * mm, RULE, 0.4)
    layout.text(c, x + 60 * mm, y + 1 * mm, tr("pdf.pad.place", lang), 7.5, color=GREY)
    layout.line(c, x + 72 * mm, y + 0.6 * mm, x + w * 0.62, y + 0.6 * mm, RULE, 0.4)
    y += 6 * mm
    if pad.get("blanks"):
        blanks = pad["blanks"]
        label = tr(blanks["label"], lang, **templates.params(blanks, facts))
        size = layout.text(c, x, y + 2.2 * mm, label, 7.5, max_width=w * 0.55)
        bx = x + layout.fonts.string_width(label, size) + 3 * mm
        for key, printed in templates.ladder_steps([{"k": "{n}", "each": blanks["fact"]}], facts):
            layout.text(c, bx + 1 * mm, y + 2.2 * mm, key, 6.5, color=GREY)
            _value_box(c, bx + 4 * mm, y, 10 * mm, 6 * mm, printed)
            bx += 16 * mm
        y += 8.5 * mm
    if marked:
        layout.blank_box(c, x, y, 3.2 * mm, 3.2 * mm)
        layout.text(c, x + 5 * mm, y + 0.6 * mm, plain(tr("pdf.pad.unverified", lang))[2:], 6.5, color=GREY,
                    max_width=w - 5 * mm)
        y += 5 * mm
    if pad.get("note"):
        note = plain(tr(pad["note"], lang, **templates.params(pad, facts)))
        used = len(layout.wrap(note, 7.2, w)) * 7.2 * 1.18
        layout.text_block(c, x, y + used, note, w, used + 1, 7.2, color=INK)
        y += used + 2 * mm
    return y + 1 * mm


def _value_box(c, x: float, y: float, w: float, h: float, printed: Printed, stroke: Color = INK) -> None:
    """A value cell: the value when its fact is verified, else a write-in box with the mark."""
    if printed.marked:
        layout.blank_box(c, x, y, w, h)
        return
    layout.box(c, x, y, w, h, stroke=stroke, fill=white, width=0.5, radius=0.8 * mm)
    layout.text(c, x + w / 2, y + h / 2 - 1.1 * mm, printed.text, 7.5, bold=True, align="center", max_width=w)


class _Table:
    """The grid of the pad: label column on the left, one column per player."""

    def __init__(self, doc: Doc, accent: Color, lang: str, label_w: float, col_w: float, n: int,
                 facts: Facts) -> None:
        self.doc, self.c, self.accent, self.lang, self.facts = doc, doc.canvas, accent, lang, facts
        self.x = doc.x0
        self.label_w, self.col_w, self.n = label_w, col_w, n

    def col_x(self, i: int) -> float:
        return self.x + self.label_w + i * self.col_w

    def names_row(self, top: float, heads: list[str]) -> float:
        h = 10 * mm
        c = self.c
        layout.fill(c, self.x, top - h, self.doc.safe_w, h, layout.tint(self.accent, 0.88), radius=1.2 * mm)
        icons.draw(c, "person", self.x + 5 * mm, top - h / 2, 6 * mm, self.accent)
        layout.text(c, self.x + 10.5 * mm, top - h / 2 - 1.2 * mm, tr("pdf.pad.names", self.lang), 9, bold=True)
        for i, head in enumerate(heads):
            x = self.col_x(i)
            layout.box(c, x + 1 * mm, top - h + 1.2 * mm, self.col_w - 2 * mm, h - 2.4 * mm, stroke=RULE,
                       fill=white, width=0.5, radius=1 * mm)
            layout.text(c, x + 2 * mm, top - 3.6 * mm, str(i + 1), 5.5, color=GREY)
            if head:
                layout.text(c, x + self.col_w / 2, top - h / 2 - 1.5 * mm, head, 9, bold=True, color=GREY,
                            align="center", max_width=self.col_w - 4 * mm)
        return top - h - 1 * mm

    # -- month grid (In the Year of the Dragon) -------------------------------------------------
    def grid(self, top: float, grid: dict[str, Any]) -> float:
        c = self.c
        cols = grid["columns"]
        sub_w = self.col_w / len(cols)
        icon_h, row_h = 6.5 * mm, 6 * mm
        # icon header
        for i in range(self.n):
            for j, column in enumerate(cols):
                cx = self.col_x(i) + (j + 0.5) * sub_w
                icons.draw(c, column["icon"], cx, top - icon_h / 2, min(sub_w, icon_h) * 0.78, self.accent)
        layout.text(c, self.x + 2 * mm, top - icon_h / 2 - 1.2 * mm, tr(grid["label"], self.lang), 8.5, bold=True)
        layout.text(c, self.x + 14 * mm, top - icon_h / 2 - 1.2 * mm, tr(grid["note"], self.lang), 7, color=GREY)
        y = top - icon_h
        for month in range(1, int(self.facts.get(grid["rows"]).value) + 1):
            shade = layout.PALE if month % 2 else white
            layout.fill(c, self.x, y - row_h, self.doc.safe_w, row_h, shade)
            layout.text(c, self.x + 6 * mm, y - row_h + 1.7 * mm, str(month), 8.5, bold=True, align="right")
            layout.line(c, self.x + 14 * mm, y - row_h + 1.4 * mm, self.x + self.label_w - 3 * mm,
                        y - row_h + 1.4 * mm, RULE, 0.3)
            for i in range(self.n):
                for j, column in enumerate(cols):
                    sx = self.col_x(i) + j * sub_w
                    fill = layout.tint(self.accent, 0.9) if column.get("strong") else None
                    layout.box(c, sx, y - row_h, sub_w, row_h, stroke=RULE, fill=fill, width=0.35)
            y -= row_h
        for i in range(self.n + 1):  # heavier lines between players
            layout.line(c, self.col_x(i), top, self.col_x(i), y, INK, 0.9)
        # legend: icon = meaning
        y -= 1.2 * mm
        lx = self.x
        for column in cols:
            label = tr(column["label"], self.lang, **templates.params(column, self.facts))
            icons.draw(c, column["icon"], lx + 2 * mm, y - 2 * mm, 3.6 * mm, self.accent)
            layout.text(c, lx + 4.6 * mm, y - 3.1 * mm, label, 6.2, color=GREY)
            lx += 7 * mm + layout.fonts.string_width(label, 6.2)
        return y - 5.5 * mm

    # -- scoring rows ----------------------------------------------------------------------------
    def rows(self, top: float, bottom: float, rows: list[dict[str, Any]]) -> None:
        heights = [self._base_height(r) for r in rows]
        scale = max(0.72, min(1.7, (top - bottom) / sum(heights)))
        y = top
        for row, h in zip(rows, heights, strict=True):
            h *= scale
            self._row(row, y, h)
            y -= h

    @staticmethod
    def _base_height(row: dict[str, Any]) -> float:
        h = ROW_BASE[row["kind"]]
        if row.get("ladder"):
            h += 5.5 * mm
        if row.get("sub"):
            h = max(h, 14 * mm)
        return h

    def _row(self, row: dict[str, Any], top: float, h: float) -> None:
        c, lang = self.c, self.lang
        kind = row["kind"]
        strong = kind == "total"
        if strong:
            layout.fill(c, self.x, top - h, self.doc.safe_w, h, layout.tint(self.accent, 0.82), radius=1 * mm)
        layout.line(c, self.x, top - h, self.x + self.doc.safe_w, top - h, INK if strong else RULE,
                    0.9 if strong else 0.4)
        icons.draw(c, row.get("icon"), self.x + 5 * mm, top - min(h / 2, 6.5 * mm), 6.5 * mm, self.accent)
        tx, tw = self.x + 10.5 * mm, self.label_w - 12 * mm
        values = templates.params(row, self.facts)
        label = tr(row["label"], lang, **values)
        layout.text(c, tx, top - 4.6 * mm, label, 10 if strong else 8.8, bold=True, max_width=tw)
        y = top - 5.6 * mm
        if row.get("hint"):
            room = h - 6.5 * mm - (6.5 * mm if row.get("ladder") else 0)
            y -= layout.text_block(c, tx, y, plain(tr(row["hint"], lang, **values)), tw, room, 6.4, color=GREY)
        if row.get("ladder"):  # just under the hint, not at the bottom of a tall row
            self._ladder(row["ladder"], tx, max(top - h + 1.2 * mm, y - 3.2 * mm - 5.2 * mm))
        for i in range(self.n):
            self._cell(row, self.col_x(i), top, h)

    def _ladder(self, steps: list[dict[str, Any]], x: float, y: float) -> None:
        w, h = 7.6 * mm, 5.2 * mm
        for label, printed in templates.ladder_steps(steps, self.facts):
            layout.text(self.c, x + w / 2, y + h + 0.5 * mm, label, 5, color=GREY, align="center")
            _value_box(self.c, x, y, w, h, printed, self.accent)
            x += w + 1.2 * mm

    def _cell(self, row: dict[str, Any], x: float, top: float, h: float) -> None:
        c = self.c
        kind = row["kind"]
        pad = 1.2 * mm
        if kind == "tick":
            s = 5 * mm
            layout.tick_box(c, x + (self.col_w - s) / 2, top - h / 2 - s / 2, s)
            return
        fill = white
        layout.box(c, x + pad, top - h + pad, self.col_w - 2 * pad, h - 2 * pad,
                   stroke=INK if kind == "total" else RULE, fill=fill, width=0.9 if kind == "total" else 0.5,
                   radius=1 * mm)
        if kind == "tiebreak":
            layout.text(c, x + pad + 1.2 * mm, top - pad - 3 * mm, "#", 6, color=GREY)
        subs = row.get("sub") or []
        if subs:
            sw = (self.col_w - 2 * pad - 1.5 * mm) / len(subs)
            sh = 5.2 * mm
            sy = top - pad - 1 * mm - sh - 2 * mm
            for j, sub in enumerate(subs):
                sx = x + pad + 0.75 * mm + j * sw
                label = tr(sub["label"], self.lang) if sub.get("label") else sub.get("text", "")
                layout.text(c, sx + 0.3 * mm, sy + sh + 0.6 * mm, label, 4.8, color=GREY, max_width=sw - 0.6 * mm)
                layout.box(c, sx + 0.3 * mm, sy, sw - 0.6 * mm, sh, stroke=RULE, fill=layout.PALE, width=0.35,
                           radius=0.6 * mm)
                if sub.get("factor"):
                    layout.text(c, sx + sw - 1.1 * mm, sy + 1.4 * mm, self._factor(sub["factor"]), 5, color=GREY,
                                align="right")
            layout.line(c, x + pad + 1.5 * mm, top - h + pad + 5.5 * mm, x + self.col_w - pad - 1.5 * mm,
                        top - h + pad + 5.5 * mm, RULE, 0.3)
            layout.text(c, x + self.col_w - pad - 1.2 * mm, top - h + pad + 6.2 * mm, "=", 6, color=GREY,
                        align="right")

    def _factor(self, factor: str | dict[str, Any]) -> str:
        """A sub-cell's multiplier: a fact spec ({fact, fmt}) or a catalog key."""
        return self.facts.get(factor).text if isinstance(factor, dict) else tr(factor, self.lang)
