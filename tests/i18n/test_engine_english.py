"""An engine's English fallback texts (what `str(error)` says) match the English catalog the screens read:
the engine keeps its own copy because it reads no i18n file (tests/architecture/test_layers.py)."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

from companion.gugong.score_texts import ENGLISH

CATALOG = Path(__file__).resolve().parents[2] / "companion" / "i18n" / "catalog" / "gugong_score.en.json"


def test_gugong_score_texts_equal_the_english_catalog():
    catalog = {k: unicodedata.normalize("NFC", v) for k, v in json.loads(CATALOG.read_text(encoding="utf-8")).items()}
    assert catalog == ENGLISH
