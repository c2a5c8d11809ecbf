"""Text for the printables: catalog look-ups and the small markup the catalogs use.

Engine codes (score rows, notes, decisions, options, events) are turned into words by
companion.i18n.labels, the same module the app uses.
"""

from __future__ import annotations

from typing import Any

from companion import i18n

from . import fonts

PLACEHOLDER = "□"  # printed instead of a character our fonts do not have (only user-typed names can hit it)


def tr(key: str, lang: str, /, **params: Any) -> str:
    return i18n.t(key, lang, **params)


def safe(text: str) -> str:
    """User-typed text (player names) with any unprintable character replaced by a visible box."""
    return "".join(PLACEHOLDER if fonts.missing_glyphs(ch) else ch for ch in str(text))


def markup(text: str) -> str:
    """Catalog text to Paragraph markup: escape, **bold** to <b>, Chinese to the CJK font."""
    parts = text.split("**")
    out = []
    for i, part in enumerate(parts):
        chunk = fonts.para_markup(part)
        out.append(f"<b>{chunk}</b>" if i % 2 else chunk)
    return "".join(out)


def plain(text: str) -> str:
    """Catalog text without markup, for the canvas."""
    return text.replace("**", "")


def lines(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.strip()]


def cells(line: str) -> list[str]:
    return [c.strip() for c in line.split(" | ")]


def esc(text: str) -> str:
    """Any text (names, labels, codes) as Paragraph markup: escaped, unprintables boxed, Chinese in the CJK font."""
    return fonts.para_markup(safe(text))
