"""Statistics tables that a phone can read: plain HTML tables that wrap their text to the screen's width
(no sideways scrolling, no toolbar over the rows), numbers in the reader's format (decimal comma in German
and Dutch), and an unknown value as a dash, never "None".
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

import pandas as pd

from companion.stats.words import half_up  # one rounding rule for the screen and the season PDF

DECIMAL = {"de": ",", "nl": ","}
CSS = """<style>
.st-key-stats_body table.cs-table {width: 100%; border-collapse: collapse; table-layout: auto;
  font-size: 0.85rem; line-height: 1.25;}
.st-key-stats_body table.cs-table th {text-align: left; font-weight: 600; border-bottom: 2px solid #9a9a9a;
  padding: 4px 3px; vertical-align: bottom; overflow-wrap: anywhere; hyphens: auto;}
.st-key-stats_body table.cs-table td {border-bottom: 1px solid #dcdcdc; padding: 4px 3px; vertical-align: top;
  overflow-wrap: break-word;}
.st-key-stats_body table.cs-table td:first-child {min-width: 4.5em;}
.st-key-stats_body table.cs-table th.num {text-align: right;}
.st-key-stats_body table.cs-table td.num {text-align: right; white-space: nowrap;}
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
    head = "".join(f'<th scope="col"{_cls(kind)}>{escape(title)}</th>' for _, title, kind in columns)
    body = []
    for row in frame[[c for c, _, _ in columns]].itertuples(index=False):
        cells = "".join(f"<td{_cls(kind)}>{escape(_cell(value, kind, lang))}</td>"
                        for value, (_, _, kind) in zip(row, columns, strict=True))
        body.append(f"<tr>{cells}</tr>")
    return f'<table class="cs-table"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'


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
