"""Keyed translation catalogs (en / de / nl), merged from one file per domain.

companion/i18n/catalog/<domain>.<lang>.json holds flat {"key": "text with {placeholders}"}.
Each domain (core, ui, gugong, meng, dragon, yinzi, pdf) owns its files. Engines emit codes
and parameters; only the edge (UI, CLI, PDF) calls `t`. No gettext.install(): the language is
passed explicitly, per session.
"""

from __future__ import annotations

import json
import re
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
    """One language's texts, merged from its files when that language is first asked for."""
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


# "{count|servant|servants}": the word for the number in parameter `count` (one form for 1, the other else),
# for a text whose count is not `n` or that counts two things ("{upper} {upper|worker|workers} up, ...").
_PLURAL_WORD = re.compile(r"\{(\w+)\|([^{}|]*)\|([^{}|]*)\}")


def _is_one(value: Any) -> bool:
    """1 or -1 (a step back), or such a number handed over as text ("1", "1?" with the placeholder mark)."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return abs(value) == 1
    return isinstance(value, str) and value.rstrip("?").strip().lstrip("-−") == "1"


def _plural_words(text: str, params: dict[str, Any]) -> str:
    return _PLURAL_WORD.sub(lambda m: m.group(2) if _is_one(params.get(m.group(1))) else m.group(3), text)


def fill(text: str, params: dict[str, Any]) -> str:
    """A catalog text with its plural words chosen and its placeholders filled (raises as str.format does)."""
    return _plural_words(text, params).format(**params)


def has(key: str, lang: str = FALLBACK) -> bool:
    own = catalog(lang)  # English read only when the reader's language lacks the key (loaded on first use)
    return key in own or f"{key}.other" in own or key in catalog(FALLBACK) or f"{key}.other" in catalog(FALLBACK)


def _is_plural(key: str, lang: str) -> bool:
    """Has `key` the forms "<key>.one" and "<key>.other"? The reader's catalog says so first; English only for a
    key that language lacks (a German or Dutch screen never loads the English catalog just to ask)."""
    own = catalog(lang)
    if f"{key}.other" in own:
        return True
    return key not in own and f"{key}.other" in catalog(FALLBACK)


def t(key: str, lang: str = FALLBACK, /, **params: Any) -> str:
    """The text for `key` in `lang` (falling back to English, then to the key itself).

    A text with plural forms is stored as "<key>.one" and "<key>.other" and chosen by the parameter `n`.
    """
    if PLURAL_COUNT in params and _is_plural(key, lang):
        key = f"{key}.{plural_form(params[PLURAL_COUNT])}"
    text = catalog(lang).get(key) or (catalog(FALLBACK).get(key) if lang != FALLBACK else None)
    if text is None:
        return key
    try:
        return fill(text, params)
    except (KeyError, IndexError, ValueError):
        return text


def placeholders(text: str) -> set[str]:
    """The parameters a text uses (a plural word's count included)."""
    words = {m.group(1) for m in _PLURAL_WORD.finditer(text)}
    return words | {name for _, name, _, _ in string.Formatter().parse(_PLURAL_WORD.sub("", text)) if name}
