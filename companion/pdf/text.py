"""Text for the printables: catalog look-ups, the small markup the catalogs use, and labels for engine codes."""

from __future__ import annotations

import json
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


def first_known(candidates: list[str], lang: str, **params: Any) -> str | None:
    for key in candidates:
        if i18n.has(key, lang):
            return tr(key, lang, **params)
    return None


def code_text(game: str, code: str, lang: str, kind: str = "row", **params: Any) -> str | None:
    """The catalog text for an engine code (score row, tie-break, note, event, decision), or None.

    Engines key their codes in their own catalog domains; the naming varies a little between
    games, so we try the usual patterns.
    """
    candidates = [
        code,
        f"{game}_score.{kind}.{code}",
        f"{game}.score.{kind}.{code}",
        f"{game}.{kind}.{code}",
        f"{game}.score.{code}",
        f"{game}.{code}",
        f"pdf.{game}.{kind}.{code}",
    ]
    return first_known(candidates, lang, **params)


def code_label(game: str, code: str, lang: str, kind: str = "row", **params: Any) -> str:
    """code_text, falling back to the humanised code so something readable is always printed."""
    found = code_text(game, code, lang, kind, **params)
    if found is not None:
        return found
    label = code.rsplit(".", 1)[-1].replace("_", " ")
    return label[:1].upper() + label[1:]


def params_text(params: dict[str, Any]) -> str:
    if not params:
        return ""
    return json.dumps(params, ensure_ascii=False, sort_keys=True, separators=(", ", ": "))


def number(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def esc(text: str) -> str:
    """Any text (names, labels, codes) as Paragraph markup: escaped, unprintables boxed, Chinese in the CJK font."""
    return fonts.para_markup(safe(text))
