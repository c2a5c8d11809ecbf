"""Statistics tables that a phone can read: plain HTML tables that wrap their text to the screen's width
(no sideways scrolling, no toolbar over the rows), numbers in the reader's format (decimal comma in German
and Dutch), and an unknown value as a dash, never "None".
"""

from __future__ import annotations

import functools
import math
import re
from html import escape
from typing import Any

import pandas as pd

from companion.stats.words import half_up  # one rounding rule for the screen and the season PDF

DECIMAL = {"de": ",", "nl": ","}
HYPHENATION = {"de": "de_DE", "nl": "nl_NL", "en": "en_GB"}  # the reader's language: its own syllables
SHY = "\u00ad"  # a soft hyphen: a line may break there, and then shows "-"
CSS = """<style>
.st-key-stats_body table.cs-table {width: 100%; border-collapse: collapse; table-layout: auto;
  font-size: 0.85rem; line-height: 1.25;}
.st-key-stats_body table.cs-table th {text-align: left; font-weight: 600; border-bottom: 2px solid #9a9a9a;
  padding: 4px 3px; vertical-align: bottom; overflow-wrap: normal; hyphens: manual;}
.st-key-stats_body table.cs-table td {border-bottom: 1px solid #dcdcdc; padding: 4px 3px; vertical-align: top;
  overflow-wrap: break-word;}
.st-key-stats_body table.cs-table td:first-child {min-width: 4.5em;}
.st-key-stats_body table.cs-table th.num {text-align: right;}
.st-key-stats_body table.cs-table td.num {text-align: right; white-space: nowrap;}
.st-key-stats_body div.cs-wrap {overflow-x: auto;}
</style>"""


def number(value: Any, lang: str, digits: int = 1, suffix: str = "") -> str:
    """A figure as the reader writes it: whole numbers without decimals, halves up, "–" when unknown."""
    if value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value)):
        return "–"
    v = float(value)
    text = str(int(v)) if v.is_integer() else half_up(v, digits)
    if text.endswith(".0"):
        text = text[:-2]
    return text.replace(".", DECIMAL.get(lang, ".")) + suffix


def table(frame: pd.DataFrame, columns: list[tuple[str, str, str]], lang: str) -> str:
    """`columns`: (column, header, kind) with kind "text", "int", "num" (one decimal) or "pct" (a rate 0-1)."""
    head = "".join(f'<th scope="col"{_cls(kind)}>{escape(syllables(title, lang))}</th>' for _, title, kind in columns)
    body = []
    for row in frame[[c for c, _, _ in columns]].itertuples(index=False):
        cells = "".join(f"<td{_cls(kind)}>{escape(_cell(value, kind, lang))}</td>"
                        for value, (_, _, kind) in zip(row, columns, strict=True))
        body.append(f"<tr>{cells}</tr>")
    # a header breaks only between words ("Sieger", never "Siege r"); a table wider than a phone scrolls itself
    return (f'<div class="cs-wrap"><table class="cs-table"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>')


def syllables(text: str, lang: str) -> str:
    """`text` with soft hyphens between the syllables of its longer words: a narrow header column breaks a word
    as a printed table would ("Durch-/schnitt"), never inside a syllable, and the whole word when it fits."""
    hyphenate = _dictionary(lang)
    if hyphenate is None:
        return text
    return re.sub(r"\w{7,}", lambda m: hyphenate(m.group(0), SHY), text)


@functools.cache
def _dictionary(lang: str):
    import pyphen  # the reader's hyphenation patterns (LibreOffice's), loaded once per language on first use

    code = HYPHENATION.get(lang)
    return pyphen.Pyphen(lang=code, left=3, right=3).inserted if code else None


def _cls(kind: str) -> str:
    return "" if kind == "text" else ' class="num"'


def _cell(value: Any, kind: str, lang: str) -> str:
    if kind == "int":
        return number(value, lang, 0)
    if kind == "num":
        return number(value, lang, 1)
    if kind == "pct":
        return number(None if value is None or pd.isna(value) else float(value) * 100, lang, 0, " %")
    return "" if value is None or (not isinstance(value, str) and pd.isna(value)) else str(value)
