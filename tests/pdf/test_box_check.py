"""The printable box check (issue 15): every fact of the box profile, asked or listed, in de/nl/en."""

from __future__ import annotations

import json

import pytest

from companion.core.profile import load_default
from companion.i18n import LANGUAGES, has
from companion.pdf import boxform, fonts, templates
from companion.pdf.boxcheck import build_box_check
from companion.pdf.text import tr

from .conftest import read, squash, text_of

GAMES = [g for g in templates.games() if "box_check" in templates.load(g)]
_built: dict[tuple, bytes] = {}


def sheet(game: str, lang: str, overrides: dict | None = None) -> bytes:
    key = (game, lang, repr(overrides))
    if key not in _built:
        _built[key] = build_box_check(game, lang, overrides=overrides)
    return _built[key]


def _profile(game: str):
    return load_default(templates.load(game)["box"])


@pytest.mark.parametrize("game", GAMES)
def test_every_unverified_fact_is_asked_and_every_verified_one_listed(game):
    profile = _profile(game)
    questions, checked = boxform.form(game, "en")
    asked = [q.fact for q in questions]
    listed = [c.fact for c in checked]
    assert sorted(asked) == sorted(f.key for f in profile.unverified())
    assert sorted(asked + listed) == sorted(profile.facts)
    template_order = [q["fact"] for q in templates.load(game)["box_check"]["questions"]]
    assert asked[:len(template_order)] == [k for k in template_order if k in asked]  # the box's order
    assert [q.number for q in questions] == list(range(1, len(questions) + 1))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_fact_has_a_name_for_the_reader(game, lang):
    for key in _profile(game).facts:
        assert has(f"pdf.boxcheck.{game}.{key}", lang), f"pdf.{lang}.json: pdf.boxcheck.{game}.{key}"
    questions, checked = boxform.form(game, lang)
    assert all(q.title != q.fact for q in questions) and all(c.label != c.fact for c in checked)


@pytest.mark.parametrize("game", GAMES)
def test_a_placeholder_is_never_printed_and_a_reading_is_shown_to_confirm(game):
    for question in boxform.form(game, "en")[0]:
        texts = [text for grid in question.grids for _, cells in grid.rows for text in cells]
        if question.status == "unknown":
            assert not any(texts) and not question.agree, question.fact
        else:
            assert any(texts) and question.agree, question.fact


def test_the_gift_card_sheet_has_a_line_for_every_card_of_the_box():
    question = next(q for q in boxform.form("gugong", "de")[0] if q.fact == "gift_cards")
    rows = sum(len(grid.rows) for grid in question.grids)
    assert rows == _profile("gugong").value("gift_card_count") == 38
    assert [len(g.rows) for g in question.grids] == [7, 11, 4, 4, 4, 4, 4]  # start, deck, five player sets
    assert question.total == tr("pdf.boxcheck.total", "de", n=38)
    assert all(g.columns == ["Wert", "Kartenaktion"] for g in question.grids)
    assert "Kartenaktion:" in question.choices[0] and "Kaiserkanal" in question.choices[0]


def test_an_owners_answer_moves_to_the_checklist_with_the_owners_value():
    owner = {"day_income": {"2": 5, "3": 5, "4": 4}, "final_scoring.palace_arrival_vp_4": 4}
    questions, checked = boxform.form("gugong", "en", owner)
    assert {"day_income", "final_scoring.palace_arrival_vp_4"}.isdisjoint(q.fact for q in questions)
    values = {c.fact: c.value for c in checked}
    assert values["day_income"] == "2: 5 · 3: 5 · 4: 4" and values["final_scoring.palace_arrival_vp_4"] == "4"
    assert len(questions) == len(boxform.form("gugong", "en")[0]) - 2


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_sheet_prints_every_question_and_every_checklist_line(game, lang):
    data = sheet(game, lang)
    found = squash(text_of(data))
    questions, checked = boxform.form(game, lang)
    for q in questions:
        assert squash(f"{q.number}. {q.title}") in found, q.fact
    for c in checked:
        assert squash(c.label) in found and squash(c.value) in found, c.fact
    assert squash(tr("pdf.kind.box_check", lang)) in found
    pages = read(data).pages
    assert 1 <= len(pages) <= 8
    assert f"{len(pages)}" in squash(tr("pdf.page_of", lang, page=len(pages), pages=len(pages)))


def test_the_sheet_is_deterministic_and_its_symbols_are_in_the_fonts():
    assert build_box_check("yinzi", "nl", "letter") == build_box_check("yinzi", "nl", "letter")
    for symbol in ("☐", "✓", "—", "·"):
        assert not fonts.missing_glyphs(symbol) and not fonts.missing_glyphs(symbol, bold=True)


def test_the_dragon_sheet_asks_only_what_is_not_confirmed():
    questions, checked = boxform.form("dragon", "de")
    assert [q.fact for q in questions] == ["bgg.id"]  # the only inferred Dragon fact
    assert len(checked) == len(_profile("dragon").facts) - 1
    found = squash(text_of(sheet("dragon", "de")))
    assert squash(tr("pdf.boxcheck.open", "de", n=0)) not in found
    assert "Handwerker" in found  # person words from the game's own catalog


def test_cli_prints_the_box_check_and_an_owners_profile(tmp_path):
    from companion.core.errors import CompanionError
    from companion.core.profile import load_default
    from companion.pdf.commands import print_main

    owner = load_default("gugong").with_overrides({"final_scoring.palace_arrival_vp_4": 4})
    profile = tmp_path / "box.json"
    profile.write_text(json.dumps(owner.export()), encoding="utf-8")
    out = tmp_path / "aid.pdf"
    assert print_main(["aid", "gugong", "--lang", "en", "--profile", str(profile), "-o", str(out)]) == 0
    assert "(7,5,3,4,1?)" in squash(text_of(out.read_bytes()))
    check = tmp_path / "check.pdf"
    assert print_main(["box-check", "yinzi", "--lang", "nl", "-o", str(check)]) == 0
    assert squash(tr("pdf.kind.box_check", "nl")) in squash(text_of(check.read_bytes()))
    with pytest.raises(CompanionError, match="No printables for 'gugong-solo'; choose one of: gugong, dragon, yinzi"):
        print_main(["pad", "gugong-solo", "-o", str(out)])
    profile.write_text('{"format": "companion-box-profile", "game": "yinzi", "overrides": {}}', encoding="utf-8")
    with pytest.raises(CompanionError, match="not 'gugong'"):
        print_main(["pad", "gugong", "--profile", str(profile), "-o", str(out)])
