"""Player aids: reference cards (88 x 116 mm), four to a sheet, with optional crop marks.

Each card is a title band plus flowing text (Platypus) built from the template's blocks:
h (heading), p (paragraph), ul/ol (lists: one catalog text, one item per line), table (one row
per line, cells split on " | "), blanks (a row of values per position of a list fact: printed
when the fact is verified, else left to fill in). Rule values in the texts are catalog
parameters filled from the box profile (`facts:` of a card or block); a card that prints a value
with the placeholder mark ends with the legend line. The text shrinks step by step until the
card's content fits; if it cannot, building fails loudly instead of printing a truncated card.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import Color, white
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from companion.i18n import labels

from . import chrome, fonts, icons, layout, templates
from .facts import Facts, Printed
from .layout import GREY, INK, RULE, Doc
from .text import cells, lines, markup, plain, tr

CARD_W, CARD_H = 88 * mm, 116 * mm
GAP_X, GAP_Y = 10 * mm, 11 * mm
TITLE_H = 9 * mm
PAD = 3.2 * mm
SIZES = [7.6, 7.3, 7.0, 6.7, 6.4, 6.1, 5.8]


_fitted: dict[tuple[str, ...], float] = {}


class CardOverflow(ValueError):
    pass


class IconFlowable(Flowable):
    def __init__(self, name: str, size: float, ink: Color) -> None:
        super().__init__()
        self.name, self.size, self.ink = name, size, ink
        self.width = self.height = size

    def draw(self) -> None:
        icons.draw(self.canv, self.name, self.size / 2, self.size / 2, self.size, self.ink)


class Heading(Flowable):
    """A heading with an optional icon to its left."""

    def __init__(self, text: str, icon: str | None, style: ParagraphStyle, ink: Color) -> None:
        super().__init__()
        self.icon, self.ink = icon, ink
        self.indent = style.fontSize * 2.1 if icon else 0
        self.para = Paragraph(text, style)

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        _w, h = self.para.wrap(aw - self.indent, ah)
        self.width, self.height = aw, max(h, self.indent)
        return self.width, self.height

    def draw(self) -> None:
        if self.icon:
            s = self.indent * 0.85
            icons.draw(self.canv, self.icon, s / 2, self.height - s / 2 - 0.3, s, self.ink)
        self.para.drawOn(self.canv, self.indent, self.height - self.para.height)


def _styles(size: float, accent: Color) -> dict[str, ParagraphStyle]:
    base = ParagraphStyle("body", fontName=fonts.REGULAR, fontSize=size, leading=size * 1.2, textColor=INK,
                          alignment=TA_LEFT, spaceAfter=size * 0.35)
    return {
        "p": base,
        "h": ParagraphStyle("h", parent=base, fontName=fonts.BOLD, fontSize=size * 1.08, leading=size * 1.25,
                            textColor=accent, spaceBefore=size * 0.45, spaceAfter=size * 0.2),
        "li": ParagraphStyle("li", parent=base, leftIndent=size * 1.35, bulletIndent=0, spaceAfter=size * 0.2,
                             bulletFontName=fonts.BOLD, bulletFontSize=size, bulletColor=accent),
        "cell": ParagraphStyle("cell", parent=base, spaceAfter=0, leading=size * 1.15),
        "cellb": ParagraphStyle("cellb", parent=base, fontName=fonts.BOLD, spaceAfter=0, leading=size * 1.15),
    }


def _table(rows: list[list[str]], head: list[str] | None, icon_names: list[str] | None, width: float,
           st: dict[str, ParagraphStyle], accent: Color, size: float) -> Table:
    ncols = len(rows[0])
    icon_w = size * 1.9 if icon_names else 0
    # the first column is as wide as its longest word needs (German compounds), within limits
    words = [w for r in ([head] if head else []) + rows for w in plain(r[0]).split()]
    need = max(fonts.string_width(w, size, bold=True) for w in words) + 6
    first = min(0.5, max(0.3 if ncols == 2 else 0.26, need / (width - icon_w)))
    rest = (1 - first) / (ncols - 1)
    widths = [(width - icon_w) * first] + [(width - icon_w) * rest] * (ncols - 1)
    data: list[list[Any]] = []
    if head:
        data.append(([""] if icon_names else []) + [Paragraph(markup(h), st["cellb"]) for h in head])
    for i, row in enumerate(rows):
        cells_ = [Paragraph(markup(row[0]), st["cellb"])] + [Paragraph(markup(c), st["cell"]) for c in row[1:]]
        if icon_names:
            name = icon_names[i] if i < len(icon_names) else None
            cells_ = [IconFlowable(name, size * 1.5, accent) if name else "", *cells_]
        data.append(cells_)
    table = Table(data, colWidths=([icon_w] if icon_names else []) + widths)
    style = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("TOPPADDING", (0, 0), (-1, -1), 1.4),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.6),
        ("LINEBELOW", (0, 0), (-1, -1), 0.3, RULE),
    ]
    start = 1 if head else 0
    if head:
        style.append(("BACKGROUND", (0, 0), (-1, 0), layout.tint(accent, 0.82)))
    for r in range(start, len(data)):
        if (r - start) % 2 == 0:
            style.append(("BACKGROUND", (0, r), (-1, r), layout.tint(accent, 0.94)))
    table.setStyle(TableStyle(style))
    return table


class BlankCell(Flowable):
    """A write-in cell of a table: the value the box profile could not verify is copied from the board."""

    def __init__(self, height: float) -> None:
        super().__init__()
        self.height = height

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        self.width = aw
        return aw, self.height

    def draw(self) -> None:
        layout.blank_box(self.canv, 0, 0, self.width, self.height)


def _blanks(block: dict[str, Any], steps: list[tuple[str, Printed]], lang: str, width: float,
            st: dict[str, ParagraphStyle], accent: Color) -> Table:
    """Positions of a list fact and its values (e.g. Yinzi's rates per die field); unverified: write-in boxes."""
    centred = ParagraphStyle("centred", parent=st["cellb"], alignment=TA_CENTER)
    head = [Paragraph(markup(tr(block["blanks"], lang)), st["cellb"])]
    head += [Paragraph(markup(label), centred) for label, _ in steps]
    values = [BlankCell(5 * mm) if p.marked else Paragraph(markup(p.text), centred) for _, p in steps]
    data = [head, [Paragraph(markup(tr(block["row"], lang)), st["cell"]), *values]]
    label_w = max(fonts.string_width(w, st["cellb"].fontSize, bold=True) for w in tr(block["blanks"], lang).split())
    first = min(width * 0.5, max(width * 0.34, label_w + 14))  # long German/Dutch compounds stay whole
    other = (width - first) / (len(head) - 1)
    table = Table(data, colWidths=[first] + [other] * (len(head) - 1), rowHeights=[None, 7 * mm])
    table.setStyle(TableStyle([
        ("LINEBELOW", (0, 1), (-1, 1), 0.3, RULE),
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, accent),
        ("BACKGROUND", (0, 0), (-1, 0), layout.tint(accent, 0.85)),
        ("ALIGN", (1, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR),
    ]))
    return table


class CardText:
    """A card's texts with their rule values filled in from the box profile, resolved once per card."""

    def __init__(self, card: dict[str, Any], lang: str, facts: Facts) -> None:
        start = len(facts.printed)
        self.lang = lang
        self.title = tr(card["title"], lang, **templates.params(card, facts))
        self.params = [templates.params(block, facts) for block in card["blocks"]]
        self.steps = [templates.ladder_steps([{"k": "{n}", "each": b["fact"]}], facts) if "blanks" in b else []
                      for b in card["blocks"]]
        self.legend = tr("pdf.aid.unverified", lang, mark=facts.mark) if facts.marked_since(start) else ""

    def text(self, i: int, key: str) -> str:
        return tr(key, self.lang, **self.params[i])


def card_flowables(card: dict[str, Any], text: CardText, size: float, width: float,
                   accent: Color) -> list[Flowable]:
    st = _styles(size, accent)
    out: list[Flowable] = []
    for i, block in enumerate(card["blocks"]):
        if "h" in block:
            out.append(Heading(markup(text.text(i, block["h"])), block.get("icon"), st["h"], accent))
        elif "p" in block:
            out.append(Paragraph(markup(text.text(i, block["p"])), st["p"]))
        elif "ul" in block or "ol" in block:
            numbered = "ol" in block
            for n, item in enumerate(lines(text.text(i, block.get("ol") or block["ul"])), start=1):
                out.append(Paragraph(markup(item), st["li"], bulletText=f"{n}." if numbered else "•"))
            out.append(Spacer(1, size * 0.25))
        elif "table" in block:
            rows = [cells(line) for line in lines(text.text(i, block["table"]))]
            head = cells(text.text(i, block["head"])) if block.get("head") else None
            out.append(_table(rows, head, block.get("icons"), width, st, accent, size))
            out.append(Spacer(1, size * 0.5))
        elif "blanks" in block:
            out.append(_blanks(block, text.steps[i], text.lang, width, st, accent))
            out.append(Spacer(1, size * 0.5))
    if text.legend:
        out.append(Paragraph(markup(text.legend), ParagraphStyle("legend", parent=st["p"], textColor=GREY,
                                                                 fontSize=size * 0.85, leading=size)))
    return out


def _stack(flowables: list[Flowable], width: float, height: float) -> list[tuple[Flowable, float, float]] | None:
    """Wrap the flowables top to bottom: (flowable, space before, height) each, or None if they overflow."""
    placed, total = [], 0.0
    for i, f in enumerate(flowables):
        _, h = f.wrap(width, height)
        before = f.getSpaceBefore() if i else 0.0
        total += before + h + f.getSpaceAfter()
        if total - f.getSpaceAfter() > height:
            return None
        placed.append((f, before, h))
    return placed


def draw_card(doc: Doc, tpl: dict[str, Any], card: dict[str, Any], text: CardText, x: float, y: float) -> float:
    """Draw one card with its lower-left corner at (x, y). Returns the font size that fit."""
    c = doc.canvas
    lang = text.lang
    accent = chrome.accent(tpl)
    layout.box(c, x, y, CARD_W, CARD_H, stroke=accent, fill=white, width=0.8, radius=2.5 * mm)
    c.saveState()
    p = c.beginPath()
    p.roundRect(x, y, CARD_W, CARD_H, 2.5 * mm)
    c.clipPath(p, stroke=0, fill=0)
    layout.fill(c, x, y + CARD_H - TITLE_H, CARD_W, TITLE_H, accent)
    c.restoreState()
    c.setFillColor(white)
    c.circle(x + 5.2 * mm, y + CARD_H - TITLE_H / 2, 3.4 * mm, stroke=0, fill=1)
    icons.draw(c, card.get("icon"), x + 5.2 * mm, y + CARD_H - TITLE_H / 2, 5 * mm, accent)
    game_title = tr(tpl["title"], lang)
    cjk = card.get("cjk") or tpl.get("cjk", "")
    layout.text(c, x + CARD_W - 3 * mm, y + CARD_H - TITLE_H / 2 - 1.4 * mm, cjk, 8, color=layout.tint(accent, 0.6),
                align="right")
    layout.text(c, x + 10 * mm, y + CARD_H - TITLE_H / 2 - 1.5 * mm, text.title, 9.5, bold=True,
                color=white, max_width=CARD_W - 22 * mm)
    # footer line: game and rule reference
    ref = plain(tr("pdf.ref", lang, ref=tr(card["ref"], lang)))
    layout.text(c, x + PAD, y + 2.2 * mm, f"{game_title} · {ref}", 5.3, color=GREY, max_width=CARD_W - 2 * PAD)
    fw, fh = CARD_W - 2 * PAD, CARD_H - TITLE_H - PAD - 5.5 * mm
    fit_key = (tpl["game"], card["title"], lang, repr(text.params), text.legend)  # same text, same size
    sizes = SIZES[SIZES.index(_fitted.get(fit_key, SIZES[0])):]
    for size in sizes:
        placed = _stack(card_flowables(card, text, size, fw, accent), fw, fh)
        if placed is not None:
            _fitted[fit_key] = size  # the same card on the other paper fits the same way
            cy = y + CARD_H - TITLE_H - PAD
            for f, before, h in placed:
                cy -= before + h
                f.drawOn(c, x + PAD, cy)
                cy -= f.getSpaceAfter()
            return size
    raise CardOverflow(f"{tpl['game']} card {card['title']} ({lang}) does not fit even at {SIZES[-1]} pt")


def card_positions(doc: Doc) -> list[tuple[float, float]]:
    """Four card slots centred in the safe box (above the footer): top-left, top-right, bottom-left, bottom-right."""
    x0 = doc.x0 + (doc.safe_w - 2 * CARD_W - GAP_X) / 2
    top = doc.y0 + doc.safe_h
    ys = [top - CARD_H, top - 2 * CARD_H - GAP_Y]
    return [(x0 + col * (CARD_W + GAP_X), y) for y in ys for col in (0, 1)]


def build_aid(game: str, lang: str = "en", paper: str = "a4", crop_marks: bool = False,
              overrides: dict[str, Any] | None = None) -> bytes:
    """The player aid; rule values from the box profile with the owner's `overrides` applied."""
    tpl = templates.load(game)
    facts = Facts(tpl["box"], overrides, labels.placeholder_mark(tpl["box"]))
    cards = tpl["aid"]["cards"]
    title = f"{tr(tpl['title'], lang)} – {tr('pdf.kind.aid', lang)}"
    doc = layout.new_doc(paper, title, tr("pdf.kind.aid", lang), lang)
    slots = card_positions(doc)
    pages = (len(cards) + len(slots) - 1) // len(slots)
    for page in range(pages):
        for slot, card in zip(slots, cards[page * len(slots):(page + 1) * len(slots)], strict=False):
            draw_card(doc, tpl, card, CardText(card, lang, facts), *slot)
            if crop_marks:
                layout.crop_marks(doc.canvas, slot[0], slot[1], CARD_W, CARD_H, gap=1 * mm, length=3.5 * mm)
        chrome.footer(doc, lang, "pdf.kind.aid", page=page + 1, pages=pages, calibration=True)
        doc.canvas.showPage()
    return doc.finish()
