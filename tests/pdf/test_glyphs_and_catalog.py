"""Every string we print exists in the embedded fonts; the pdf catalog is complete and well formed."""

from __future__ import annotations

import json

import pytest

from companion.i18n import CATALOG_DIR, LANGUAGES, catalog
from companion.pdf import fonts, icons, templates
from companion.pdf.text import cells, lines, plain, safe

PDF = {lang: json.loads((CATALOG_DIR / f"pdf.{lang}.json").read_text(encoding="utf-8")) for lang in LANGUAGES}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_pdf_catalog_string_is_covered_by_the_embedded_fonts(lang):
    missing = {key: fonts.missing_glyphs(plain(text)) for key, text in PDF[lang].items()}
    missing.update({f"bold:{k}": fonts.missing_glyphs(plain(t), bold=True) for k, t in PDF[lang].items()})
    assert not {k: v for k, v in missing.items() if v}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalog_we_may_print_on_a_sheet_is_covered(lang):
    """Filled sheets and logs print the engines' own labels (score rows, events, notes) too."""
    problems = {key: fonts.missing_glyphs(text) for key, text in catalog(lang).items()}
    assert not {k: v for k, v in problems.items() if v}


@pytest.mark.parametrize("game", templates.games())
def test_template_literals_and_symbols_are_covered(game):
    for text in templates.literal_strings(game) | {"★ ", "→ ", "•", "?", "#", "=", "–", "—", "×", "−", "÷"}:
        assert not fonts.missing_glyphs(text), (game, text)
        assert not fonts.missing_glyphs(text, bold=True), (game, text)


def test_the_chinese_titles_and_meng_come_from_the_cjk_subset():
    for ch in "故宫龙年银子孟":
        assert fonts.font_for(ch) == fonts.CJK
        assert not fonts.missing_glyphs(ch)


def test_unprintable_user_text_becomes_a_visible_box():
    assert safe("Anna 🐉") == "Anna □"
    assert safe("Joĳ Straße 故") == "Joĳ Straße 故"


@pytest.mark.parametrize("game", templates.games())
def test_every_template_key_exists_in_every_language(game):
    for key in templates.catalog_keys(game):
        for lang in LANGUAGES:
            assert key in PDF[lang], f"{game}: {key} missing in pdf.{lang}.json"


def test_pdf_keys_live_in_the_pdf_domain_and_languages_agree():
    assert set(PDF["en"]) == set(PDF["de"]) == set(PDF["nl"])
    assert all(key.startswith("pdf.") for key in PDF["en"])


def test_tables_and_lists_have_the_same_shape_in_every_language():
    """A table row or list item missing in one translation would silently drop a rule."""
    for key, en in PDF["en"].items():
        shape = [len(cells(line)) for line in lines(en)]
        for lang in ("de", "nl"):
            other = [len(cells(line)) for line in lines(PDF[lang][key])]
            assert other == shape, f"{key}: {lang} has shape {other}, en {shape}"


@pytest.mark.parametrize("game", templates.games())
def test_template_icons_exist(game):
    data = templates.load(game)
    names = {data.get("icon"), *(row.get("icon") for row in data["pad"]["rows"])}
    for card in data["aid"]["cards"]:
        names.add(card.get("icon"))
        for block in card["blocks"]:
            names.add(block.get("icon"))
            names.update(block.get("icons", []))
    if data["pad"].get("grid"):
        names.update(c["icon"] for c in data["pad"]["grid"]["columns"])
    assert names - {None} <= set(icons.names())
