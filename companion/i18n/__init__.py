"""Keyed translation catalogs (en / de / nl), merged from one file per domain.

companion/i18n/catalog/<domain>.<lang>.json holds flat {"key": "text with {placeholders}"}.
Each domain (core, ui, gugong, meng, dragon, yinzi, pdf) owns its files. Engines emit codes
and parameters; only the edge (UI, CLI, PDF) calls `t`. No gettext.install(): the language is
passed explicitly, per session.
"""

from __future__ import annotations

import json
import string
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "de", "nl")
FALLBACK = "en"
CATALOG_DIR = Path(__file__).parent / "catalog"


@cache
def catalog(lang: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    for path in sorted(CATALOG_DIR.glob(f"*.{lang}.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for key, text in data.items():
            if key in merged:
                raise ValueError(f"{path.name}: key {key!r} is defined in two catalogs")
            merged[key] = unicodedata.normalize("NFC", text)
    return merged


PLURAL_COUNT = "n"  # the parameter that chooses between "<key>.one" and "<key>.other"


def plural_form(n: Any) -> str:
    """English, German and Dutch: "one" for exactly 1, "other" for everything else (0, 2, 1.5...)."""
    return "one" if n == 1 and not isinstance(n, bool) else "other"


def has(key: str, lang: str = FALLBACK) -> bool:
    return key in catalog(lang) or key in catalog(FALLBACK) or f"{key}.other" in catalog(FALLBACK)


def t(key: str, lang: str = FALLBACK, /, **params: Any) -> str:
    """The text for `key` in `lang` (falling back to English, then to the key itself).

    A text with plural forms is stored as "<key>.one" and "<key>.other" and chosen by the parameter `n`.
    """
    if PLURAL_COUNT in params and f"{key}.other" in catalog(FALLBACK):
        key = f"{key}.{plural_form(params[PLURAL_COUNT])}"
    text = catalog(lang).get(key) or catalog(FALLBACK).get(key)
    if text is None:
        return key
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}
