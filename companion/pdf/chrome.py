"""The frame every printable shares: a title band with an optional QR code, and a footer."""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.units import mm

from . import fonts, icons, layout, qr
from .layout import Doc
from .text import tr

HEADER_H = 19 * mm
FOOTER_H = 7 * mm


def accent(tpl: dict) -> Color:
    return HexColor(tpl.get("accent", "#333333"))


def header(
    doc: Doc,
    tpl: dict,
    lang: str,
    kind_key: str,
    subtitle: str,
    qr_data: str | None = None,
    qr_caption: str = "",
    height: float = HEADER_H,
) -> float:
    """Draw the title band at the top of the safe box; returns the y below it."""
    c = doc.canvas
    col = accent(tpl)
    x, top = doc.x0, doc.y0 + doc.safe_h
    qr_size = height if qr_data else 0
    band_w = doc.safe_w - (qr_size + 3 * mm if qr_data else 0)
    layout.fill(c, x, top - height, band_w, height, col, radius=2 * mm)
    icons.draw(c, tpl.get("icon", "palace"), x + 8 * mm, top - height / 2, 10 * mm, white)
    title = tr(tpl["title"], lang)
    size = layout.text(c, x + 16 * mm, top - 9 * mm, title, 17, bold=True, color=white,
                       max_width=band_w - 60 * mm)
    text_end = x + 16 * mm + layout.fonts.string_width(title, size, True)
    if tpl.get("cjk"):
        layout.text(c, text_end + 2.5 * mm, top - 9 * mm, tpl["cjk"], size * 0.85, color=layout.tint(col, 0.55))
        text_end += 2.5 * mm + layout.fonts.string_width(tpl["cjk"], size * 0.85)
    line2 = f"{tr(kind_key, lang)} · {subtitle}" if subtitle else tr(kind_key, lang)
    size2 = layout.text(c, x + 16 * mm, top - 15 * mm, line2, 8.5, color=white, max_width=band_w - 20 * mm)
    text_end = max(text_end, x + 16 * mm + layout.fonts.string_width(line2, size2))
    # a quiet fret (回) pattern where the band has room: our own ornament, no publisher art
    c.saveState()
    c.setStrokeColor(layout.tint(col, 0.3))
    c.setLineWidth(0.5)
    s = 5 * mm
    right, oy = x + band_w - 6 * mm, top - height / 2 - s / 2
    count = min(5, int((right - text_end - 4 * mm) // (s + 1.5 * mm)))
    for i in range(count if count >= 3 else 0):  # a lone square looks like a glitch
        ox = right - s - i * (s + 1.5 * mm)
        c.rect(ox, oy, s, s, stroke=1, fill=0)
        c.rect(ox + s * 0.3, oy + s * 0.3, s * 0.4, s * 0.4, stroke=1, fill=0)
    c.restoreState()
    if qr_data:
        qx = x + doc.safe_w - qr_size
        layout.box(c, qx, top - qr_size, qr_size, qr_size, stroke=col, width=0.6, radius=1 * mm)
        qr.draw(c, qr_data, qx + 0.6 * mm, top - qr_size + 0.6 * mm, qr_size - 1.2 * mm)
        if qr_caption:
            layout.text(c, qx + qr_size, top - qr_size - 2.6 * mm, qr_caption, 5.5, color=layout.GREY,
                        align="right", max_width=40 * mm)
    return top - height


def footer(doc: Doc, lang: str, kind_key: str, ref: str = "", page: int = 1, pages: int | None = 1,
           calibration: bool = False) -> None:
    """Small print at the bottom of the safe box: source note, rule reference, page, print-size hint."""
    c = doc.canvas
    x, y = doc.x0, doc.y0
    layout.line(c, x, y + FOOTER_H - 1 * mm, x + doc.safe_w, y + FOOTER_H - 1 * mm, layout.RULE, 0.3)
    left = tr("pdf.footer", lang, kind=tr(kind_key, lang))
    layout.text(c, x, y + 3.2 * mm, left, 5.6, color=layout.GREY, max_width=doc.safe_w * 0.62)
    _page_of(doc, lang, ref, page, pages)
    note = tr("pdf.print_note", lang)
    if calibration:
        layout.calibration_bar(c, x, y + 0.6 * mm, tr("pdf.calibration", lang))
        layout.text(c, x + doc.safe_w, y + 0.2 * mm, note, 5.2, color=layout.GREY, align="right",
                    max_width=doc.safe_w * 0.5)
    else:
        layout.text(c, x, y + 0.2 * mm, note, 5.2, color=layout.GREY, max_width=doc.safe_w)


TOTAL_FORM = "pages_total"  # "of N" when N is known only after the last page (drawn once, at the end)
FOOT_SIZE = 5.6


def _page_of(doc: Doc, lang: str, ref: str, page: int, pages: int | None) -> None:
    """"page 2 of 5" at the footer's right; with `pages` None the total is the form TOTAL_FORM (total_pages)."""
    c, right, y = doc.canvas, doc.x0 + doc.safe_w, doc.y0 + 3.2 * mm
    said = tr("pdf.page_of", lang, page=page, pages="\x00" if pages is None else pages)
    if ref:
        said = f"{tr('pdf.ref', lang, ref=ref)} · {said}"
    if pages is not None or not said.endswith("\x00"):
        layout.text(c, right, y, said.replace("\x00", "–"), FOOT_SIZE, color=layout.GREY, align="right",
                    max_width=doc.safe_w * 0.36)
        return
    room = fonts.string_width("999", FOOT_SIZE, False)  # the widest total a sheet reaches
    layout.text(c, right - room, y, said[:-1], FOOT_SIZE, color=layout.GREY, align="right",
                max_width=doc.safe_w * 0.36 - room)
    c.saveState()
    c.translate(right - room, y)
    c.doForm(TOTAL_FORM)
    c.restoreState()


def total_pages(doc: Doc, pages: int) -> None:
    """The number every page's deferred "of N" shows (a form may be defined after the pages that use it)."""
    c = doc.canvas
    c.beginForm(TOTAL_FORM)
    layout.text(c, 0, 0, str(pages), FOOT_SIZE, color=layout.GREY)
    c.endForm()

