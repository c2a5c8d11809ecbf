"""Catalog checks over every catalog file present: same keys in en/de/nl, same placeholders, NFC.

Also: every literal key the app's screens ask for exists in English.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import defaultdict
from pathlib import Path

import pytest

from companion.i18n import CATALOG_DIR, LANGUAGES, catalog, fill, placeholders

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(CATALOG_DIR.glob("*.json"))
DOMAINS: dict[str, dict[str, Path]] = defaultdict(dict)
for _path in FILES:
    _domain, _lang = _path.stem.rsplit(".", 1)
    DOMAINS[_domain][_lang] = _path


def _load(path: Path) -> dict[str, str]:
    return json.loads(path.read_text(encoding="utf-8"))


def test_catalog_files_are_named_domain_dot_language():
    assert FILES, "no catalog files"
    for path in FILES:
        domain, lang = path.stem.rsplit(".", 1)
        assert lang in LANGUAGES, path.name
        assert re.fullmatch(r"[a-z][a-z0-9_]*", domain), path.name


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_every_domain_has_every_language_with_the_same_keys(domain):
    files = DOMAINS[domain]
    assert set(files) == set(LANGUAGES), f"{domain}: languages {sorted(files)}"
    reference = _load(files["en"])
    for lang in LANGUAGES:
        data = _load(files[lang])
        assert set(data) == set(reference), (
            f"{domain}.{lang}: missing {sorted(set(reference) - set(data))}, extra {sorted(set(data) - set(reference))}"
        )


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_same_placeholders_strings_only_and_nfc(domain):
    files = DOMAINS[domain]
    reference = _load(files["en"]) if "en" in files else {}
    for path in files.values():
        for key, text in _load(path).items():
            assert isinstance(text, str) and text.strip(), f"{path.name}: {key} is empty or not text"
            assert unicodedata.is_normalized("NFC", text), f"{path.name}: {key} is not NFC"
            assert unicodedata.is_normalized("NFC", key), f"{path.name}: key {key!r} is not NFC"
            if key in reference:
                assert placeholders(text) == placeholders(reference[key]), f"{path.name}: {key} placeholders differ"
            fill(text, {p: "x" for p in placeholders(text)})  # well-formed braces


def test_a_key_lives_in_one_domain_only():
    for lang in LANGUAGES:
        catalog.cache_clear()
        catalog(lang)  # raises when two domains define one key


def test_every_literal_key_the_app_uses_exists():
    sources = [ROOT / "streamlit_app.py", *sorted((ROOT / "companion" / "ui").rglob("*.py"))]
    used = set()
    for path in sources:
        used |= set(
            re.findall(r"""\btr?\(\s*["']((?:ui|nav)\.[a-z0-9_.]*[a-z0-9_])["']""", path.read_text(encoding="utf-8"))
        )
    assert len(used) > 100
    missing = sorted(k for k in used if k not in catalog("en"))
    assert not missing, missing


def test_dynamic_ui_keys_exist():
    en = catalog("en")
    dynamic = [
        *(f"ui.chance_{m}" for m in ("app", "table")),
        *(f"ui.quick_entry_{m}" for m in ("form", "file")),
        *(f"ui.status.{s}" for s in ("confirmed", "inferred", "unknown", "owner")),
        *(f"ui.colour.{c}" for c in ("red", "blue", "green", "yellow", "purple")),
        *(f"ui.game.{g}" for g in ("gugong", "dragon", "yinzi")),
        "ui.confirm",
        "ui.table_shows",
        "ui.winner",
        "ui.winners_shared",
        "ui.leading",
    ]
    assert [k for k in dynamic if k not in en] == []


def test_core_error_codes_are_translated():
    core = ROOT / "companion" / "core"
    codes = set()
    for path in core.glob("*.py"):
        codes |= set(re.findall(r"""(?:Error)\(\s*["']([a-z_]+)["']""", path.read_text(encoding="utf-8")))
    codes.discard("position")
    assert {"stale_action", "not_an_option", "save_checksum", "token_corrupt"} <= codes
    assert sorted(codes - set(catalog("de"))) == []
