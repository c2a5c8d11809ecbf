"""The vendored fonts: DejaVu Sans (Latin, ĳ, ß, pinyin, symbols) and a Chinese subset for the titles.

Only TrueType outlines work with ReportLab, and system fonts differ between machines, so the
subsets live in pdf_templates/fonts/ (made by make_subsets.py). ReportLab subsets them again
when it embeds them, so a PDF carries only the glyphs it prints.
"""

from __future__ import annotations

import threading
from functools import cache, lru_cache
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab import rl_config
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parents[2] / "pdf_templates" / "fonts"

REGULAR = "CompanionSans"
BOLD = "CompanionSans-Bold"
CJK = "CompanionCJK"
_FILES = {
    REGULAR: "DejaVuSans-Subset.ttf",
    BOLD: "DejaVuSans-Bold-Subset.ttf",
    CJK: "DroidSansFallback-Subset.ttf",
}
_lock = threading.Lock()
_registered = False


def register() -> None:
    """Register the fonts with ReportLab once per process (thread-safe: Streamlit runs sessions in threads)."""
    global _registered
    with _lock:
        if _registered:
            return
        # Binary (not ASCII85) streams: smaller files and no slow pure-Python encoding. Process-wide,
        # but harmless: the printables are the only PDFs this app makes.
        rl_config.useA85 = 0
        for name, file in _FILES.items():
            pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / file)))
        # <b> inside Paragraphs maps to the bold face
        addMapping(REGULAR, 0, 0, REGULAR)
        addMapping(REGULAR, 1, 0, BOLD)
        addMapping(REGULAR, 0, 1, REGULAR)
        addMapping(REGULAR, 1, 1, BOLD)
        _registered = True


@cache
def _cmap(font: str) -> frozenset[int]:
    register()
    return frozenset(pdfmetrics.getFont(font).face.charToGlyph)


def is_cjk(ch: str) -> bool:
    return "\u2e80" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff"


def font_for(ch: str, bold: bool = False) -> str:
    """Which embedded font prints this character."""
    if is_cjk(ch):
        return CJK
    return BOLD if bold else REGULAR


def missing_glyphs(text: str, bold: bool = False) -> set[str]:
    """Characters of `text` that the font that would print them does not contain."""
    return {ch for ch in text if not ch.isspace() and ord(ch) not in _cmap(font_for(ch, bold))}


@lru_cache(maxsize=4096)
def runs(text: str, bold: bool = False) -> tuple[tuple[str, str], ...]:
    """Split text into (font, chunk) runs so Chinese goes to the CJK font on the canvas."""
    if not any(is_cjk(ch) for ch in text):
        return ((BOLD if bold else REGULAR, text),) if text else ()
    out: list[tuple[str, str]] = []
    for ch in text:
        font = font_for(ch, bold)
        if out and out[-1][0] == font:
            out[-1] = (font, out[-1][1] + ch)
        else:
            out.append((font, ch))
    return tuple(out)


def para_markup(text: str) -> str:
    """Escape text for a Platypus Paragraph and wrap Chinese runs in the CJK font."""
    parts = []
    for font, chunk in runs(text):
        parts.append(f'<font name="{CJK}">{escape(chunk)}</font>' if font == CJK else escape(chunk))
    return "".join(parts)


@lru_cache(maxsize=16384)
def string_width(text: str, size: float, bold: bool = False) -> float:
    register()
    return sum(pdfmetrics.stringWidth(chunk, font, size) for font, chunk in runs(text, bold))
