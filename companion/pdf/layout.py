"""Paper, the print-safe box, and a small drawing toolkit over the ReportLab canvas.

Every printable is laid out inside one safe box that fits both A4 and US Letter with at least
12 mm of margin (their intersection is 210 x 279.4 mm), centred on the sheet. So the same layout
prints on either paper without scaling, and only the page size in the PDF differs.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor, black, white
from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame
from reportlab.platypus.doctemplate import ActionFlowable, NullActionFlowable

from . import fonts

PAPERS = {"a4": A4, "letter": letter}
SAFE_W = 186 * mm  # 210 mm (A4 width) minus 2 x 12 mm
SAFE_H = 255 * mm  # 279.4 mm (Letter height) minus 2 x 12.2 mm

INK = HexColor("#1d1d1b")
GREY = HexColor("#6b6b6b")
RULE = HexColor("#9a9a9a")
PALE = HexColor("#f3f1ec")
FOOTER_SPACE = 9 * mm  # the footer (chrome.FOOTER_H) and a gap above it


def paper_size(paper: str, landscape: bool = False) -> tuple[float, float]:
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}")
    w, h = PAPERS[paper]
    return (h, w) if landscape else (w, h)


def tint(color: Color, amount: float) -> Color:
    """Mix a colour with white (amount 0 = colour, 1 = white)."""
    return Color(
        color.red + (1 - color.red) * amount,
        color.green + (1 - color.green) * amount,
        color.blue + (1 - color.blue) * amount,
    )


@dataclass
class Doc:
    """One PDF being drawn: the canvas, the page size and where the safe box sits."""

    canvas: Canvas
    buffer: io.BytesIO
    page_w: float
    page_h: float
    safe_w: float
    safe_h: float

    @property
    def x0(self) -> float:
        return (self.page_w - self.safe_w) / 2

    @property
    def y0(self) -> float:
        return (self.page_h - self.safe_h) / 2

    def finish(self) -> bytes:
        self.canvas.save()
        return self.buffer.getvalue()


def new_doc(
    paper: str,
    title: str,
    subject: str,
    lang: str,
    landscape: bool = False,
    safe: tuple[float, float] | None = None,
) -> Doc:
    """A deterministic canvas (invariant=1) that asks viewers to print at 100 %."""
    fonts.register()
    w, h = paper_size(paper, landscape)
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(w, h), invariant=1, pageCompression=1, lang=lang, initialFontName=fonts.REGULAR,
               initialFontSize=9)
    c.setTitle(title)
    c.setSubject(subject)
    c.setAuthor("Companion")
    c.setCreator("Companion printables (ReportLab)")
    c.setViewerPreference("PrintScaling", "None")
    sw, sh = safe or ((SAFE_H, SAFE_W) if landscape else (SAFE_W, SAFE_H))
    doc = Doc(c, buf, w, h, sw, sh)
    c.setFont(fonts.REGULAR, 9)  # never fall back to the unembedded Helvetica
    return doc


# -- drawing helpers (coordinates in points, origin bottom left) ---------------------------
def text(
    c: Canvas,
    x: float,
    y: float,
    s: str,
    size: float = 9,
    bold: bool = False,
    color: Color = INK,
    align: str = "left",
    max_width: float | None = None,
    min_size: float = 5,
) -> float:
    """Draw one line; shrink it to max_width if needed. Returns the size used."""
    while max_width and size > min_size and fonts.string_width(s, size, bold) > max_width:
        size -= 0.25
    width = fonts.string_width(s, size, bold)
    if align == "center":
        x -= width / 2
    elif align == "right":
        x -= width
    c.setFillColor(color)
    for font, chunk in fonts.runs(s, bold):
        c.setFont(font, size)
        c.drawString(x, y, chunk)
        x += fonts.string_width(chunk, size, bold)
    return size


def wrap(s: str, size: float, width: float, bold: bool = False) -> list[str]:
    """Greedy word wrap by measured width."""
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if line and fonts.string_width(trial, size, bold) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def text_block(
    c: Canvas,
    x: float,
    y_top: float,
    s: str,
    width: float,
    height: float,
    size: float = 8,
    bold: bool = False,
    color: Color = INK,
    leading: float = 1.18,
    min_size: float = 5,
) -> float:
    """Wrapped text from y_top downwards, shrunk until it fits width x height. Returns the height used."""
    while True:
        lines = wrap(s, size, width, bold)
        if len(lines) * size * leading <= height or size <= min_size:
            break
        size -= 0.25
    y = y_top - size
    for line in lines:
        text(c, x, y, line, size, bold, color)
        y -= size * leading
    return len(lines) * size * leading


def box(c: Canvas, x: float, y: float, w: float, h: float, stroke: Color = RULE, fill: Color | None = None,
        width: float = 0.5, radius: float = 0) -> None:
    c.setLineWidth(width)
    c.setStrokeColor(stroke)
    if fill is not None:
        c.setFillColor(fill)
    if radius:
        c.roundRect(x, y, w, h, radius, stroke=1, fill=1 if fill is not None else 0)
    else:
        c.rect(x, y, w, h, stroke=1, fill=1 if fill is not None else 0)


def fill(c: Canvas, x: float, y: float, w: float, h: float, color: Color, radius: float = 0) -> None:
    c.setFillColor(color)
    if radius:
        c.roundRect(x, y, w, h, radius, stroke=0, fill=1)
    else:
        c.rect(x, y, w, h, stroke=0, fill=1)


def line(c: Canvas, x1: float, y1: float, x2: float, y2: float, color: Color = RULE, width: float = 0.5) -> None:
    c.setStrokeColor(color)
    c.setLineWidth(width)
    c.line(x1, y1, x2, y2)


def tick_box(c: Canvas, x: float, y: float, s: float, color: Color = INK) -> None:
    box(c, x, y, s, s, stroke=color, fill=white, width=0.8, radius=s * 0.12)


def blank_box(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """A write-in box for a value the box profile has not verified: dashed border and a small question mark."""
    c.saveState()
    c.setDash(1.2, 1)
    box(c, x, y, w, h, stroke=GREY, fill=white, width=0.6, radius=0.8 * mm)
    c.restoreState()
    text(c, x + w - 0.4 * mm, y + h - 2.3 * mm, "?", 5.5 if h > 4 * mm else 4, color=GREY, align="right")


def calibration_bar(c: Canvas, x: float, y: float, label: str) -> None:
    """A 50 mm bar: measure it to check the printer did not scale the page."""
    c.setStrokeColor(black)
    c.setLineWidth(0.6)
    c.line(x, y, x + 50 * mm, y)
    for i in range(6):
        tick = 2.2 * mm if i in (0, 5) else 1.2 * mm
        c.line(x + i * 10 * mm, y, x + i * 10 * mm, y + tick)
    text(c, x + 52 * mm, y - 0.6 * mm, label, 6, color=GREY)


def crop_marks(
    c: Canvas, x: float, y: float, w: float, h: float, gap: float = 1.5 * mm, length: float = 4 * mm
) -> None:
    """Thin cut marks outside each corner of a card (x, y, w, h)."""
    c.setStrokeColor(black)
    c.setLineWidth(0.25)
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            c.line(cx + sx * gap, cy, cx + sx * (gap + length), cy)
            c.line(cx, cy + sy * gap, cx, cy + sy * (gap + length))


def flow(frame: Frame, story: list[Flowable], canvas: Canvas) -> int:
    """Add flowables to the frame, splitting the one that does not fit (Frame.addFromList never splits).

    Returns how many flowables (or parts) were drawn. A frame or page break (KeepTogether splits into
    one when its content does not fit) ends the frame; the rest goes on the next page."""
    drawn = 0
    while story:
        if isinstance(story[0], NullActionFlowable):
            story.pop(0)
            continue
        if isinstance(story[0], ActionFlowable):  # a frame break
            story.pop(0)
            return drawn + 1
        if frame.add(story[0], canvas, trySplit=0):
            story.pop(0)
            drawn += 1
            continue
        parts = frame.split(story[0], canvas)
        if not parts or parts == [story[0]]:
            break
        story[0:1] = parts  # KeepTogether always splits (into its content, or a break and its content)
    return drawn


def paginate(doc: Doc, story: list[Flowable], top: float, footer: Callable[[int], None], running: str,
             accent: Color) -> int:
    """Flow the story over as many pages as it needs, under `top` on the first page and a running title
    (`running`) on the others; `footer(page)` draws each page's footer. Returns the number of pages."""
    page, bottom = 1, doc.y0 + FOOTER_SPACE
    while True:
        frame = Frame(doc.x0, bottom, doc.safe_w, top - bottom, leftPadding=0, rightPadding=0, topPadding=0,
                      bottomPadding=0)
        if not flow(frame, story, doc.canvas) and story and page > 1:  # nothing fits on an empty page: stop
            raise ValueError(f"cannot place {type(story[0]).__name__} on a page")
        footer(page)
        doc.canvas.showPage()
        if not story:
            return page
        page += 1
        doc.canvas.setFont(fonts.REGULAR, 9)
        top = doc.y0 + doc.safe_h
        text(doc.canvas, doc.x0, top - 3 * mm, running, 8, bold=True, color=accent)
        top -= 6 * mm
