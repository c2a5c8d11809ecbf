"""Score pads and player aids: content per language, page geometry, determinism, print settings."""

from __future__ import annotations

import math

import pytest
from pypdf.generic import NameObject
from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.units import mm

from companion.i18n import LANGUAGES
from companion.pdf import aid, layout, templates
from companion.pdf.aid import build_aid
from companion.pdf.facts import Facts
from companion.pdf.pad import build_pad
from companion.pdf.text import cells, lines, plain, tr

from .conftest import read, squash, text_of

GAMES = templates.games()
PAPERS = {"a4": A4, "letter": letter}
_cache: dict[tuple, bytes] = {}


def pad(game: str, lang: str, paper: str = "a4", players: int | None = None) -> bytes:
    key = ("pad", game, lang, paper, players)
    if key not in _cache:
        _cache[key] = build_pad(game, lang, paper, players)
    return _cache[key]


def aid_pdf(game: str, lang: str, paper: str = "a4", crop: bool = False) -> bytes:
    key = ("aid", game, lang, paper, crop)
    if key not in _cache:
        _cache[key] = build_aid(game, lang, paper, crop)
    return _cache[key]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_pad_shows_every_row_and_the_title_in_each_language(game, lang):
    tpl = templates.load(game)
    facts = Facts(tpl["box"])
    found = squash(text_of(pad(game, lang)))
    expected = [tr(tpl["title"], lang), tr("pdf.kind.pad", lang), tr("pdf.pad.total", lang)]
    expected += [tr(row["label"], lang, **templates.params(row, facts)) for row in tpl["pad"]["rows"]]
    if tpl["pad"].get("grid"):
        expected += [tr(c["label"], lang, **templates.params(c, facts)) for c in tpl["pad"]["grid"]["columns"]]
    if tpl.get("cjk"):
        expected.append(tpl["cjk"])
    for term in expected:
        assert squash(plain(term)) in found, f"{game}/{lang}: {term!r} missing from the pad"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_aid_shows_every_card_heading_and_table_term_in_each_language(game, lang):
    tpl = templates.load(game)
    facts = Facts(tpl["box"], mark="?")
    found = squash(text_of(aid_pdf(game, lang)))
    for card in tpl["aid"]["cards"]:
        terms = [tr(card["title"], lang, **templates.params(card, facts))]
        for block in card["blocks"]:
            values = templates.params(block, facts)
            if "h" in block:
                terms.append(tr(block["h"], lang, **values))
            if "table" in block:
                terms += [cells(line)[0] for line in lines(tr(block["table"], lang, **values))]
            for kind in ("ul", "ol"):
                if kind in block:
                    terms += lines(tr(block[kind], lang, **values))
        for term in terms:
            assert squash(plain(term)) in found, f"{game}/{lang}: {term!r} missing from the aid"


def test_the_german_gugong_pad_uses_the_rulebook_terms():
    found = squash(text_of(pad("gugong", "de")))
    for term in ("Chinesische Mauer", "Dekrete der 3. Stufe", "Ankunft im Palast", "Jade", "Intrige", "Bote"):
        assert squash(term) in found


def test_the_dutch_gugong_aid_uses_the_rulebook_terms():
    found = squash(text_of(aid_pdf("gugong", "nl")))
    for term in ("Dienaar", "Gezant", "Intrigespoor", "Grote Kanaal", "Reisfiche", "Dubbele Dienaar", "Schemerfase"):
        assert squash(term) in found, term


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_page_size_and_count(game, lang, paper):
    w, h = PAPERS[paper]
    landscape = templates.load(game)["pad"].get("orientation") == "landscape"
    pages = read(pad(game, lang, paper)).pages
    assert len(pages) == 1
    box = pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((h, w) if landscape else (w, h), abs=0.01)
    cards = len(templates.load(game)["aid"]["cards"])
    pages = read(aid_pdf(game, lang, paper)).pages
    assert len(pages) == math.ceil(cards / 4)
    assert {(round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2)) for p in pages} == {
        (round(w, 2), round(h, 2))
    }


def test_the_safe_box_fits_a4_and_letter_with_12mm_margins():
    for w, h in (A4, letter):
        for sw, sh in ((layout.SAFE_W, layout.SAFE_H), (layout.SAFE_H, layout.SAFE_W)):
            landscape = sw > sh
            pw, ph = (h, w) if landscape else (w, h)
            assert (pw - sw) / 2 >= 12 * mm - 0.01 and (ph - sh) / 2 >= 12 * mm - 0.01


@pytest.mark.parametrize("paper", PAPERS)
def test_aid_cards_and_crop_marks_stay_inside_the_safe_box(paper):
    doc = layout.new_doc(paper, "t", "t", "en")
    mark = 1 * mm + 3.5 * mm
    for x, y in aid.card_positions(doc):
        assert x - mark >= 0 and y - mark >= 0
        assert x + aid.CARD_W + mark <= doc.page_w and y + aid.CARD_H + mark <= doc.page_h
        assert doc.x0 - 0.01 <= x and x + aid.CARD_W <= doc.x0 + doc.safe_w + 0.01
        assert y >= doc.y0 + 7 * mm + mark - 0.01  # the marks never touch the footer
    assert (doc.safe_w - 2 * aid.CARD_W) >= 2 * mark  # marks between the cards do not meet


@pytest.mark.parametrize("game", GAMES)
def test_identical_bytes_on_repeated_builds(game):
    assert build_pad(game, "de", "letter") == build_pad(game, "de", "letter")
    assert build_aid(game, "nl", "a4", True) == build_aid(game, "nl", "a4", True)


def test_viewers_are_asked_to_print_at_100_percent_and_fonts_are_embedded():
    for data in (pad("yinzi", "en"), aid_pdf("dragon", "de")):
        reader = read(data)
        prefs = reader.trailer["/Root"]["/ViewerPreferences"]
        assert prefs[NameObject("/PrintScaling")] == "/None"
        fonts_used = set()
        for page in reader.pages:
            for font in page["/Resources"]["/Font"].values():
                font = font.get_object()
                fonts_used.add(str(font["/BaseFont"]))
                descendant = font.get("/FontDescriptor")
                assert descendant is not None and "/FontFile2" in descendant.get_object(), font["/BaseFont"]
        assert not any("Helvetica" in f for f in fonts_used), fonts_used


def test_crop_marks_only_when_asked():
    plain_pdf, marked = aid_pdf("gugong", "en"), aid_pdf("gugong", "en", crop=True)
    assert plain_pdf != marked
    assert len(read(marked).pages) == len(read(plain_pdf).pages)


def test_solo_pad_has_a_column_for_meng():
    found = squash(text_of(pad("gugong", "de", players=1)))
    assert squash("Meng 孟") in found


def test_unverified_palace_points_are_blanks_not_numbers():
    tpl = templates.load("gugong")
    ladder = next(r["ladder"] for r in tpl["pad"]["rows"] if r["code"] == "palace")
    printed = ["?" if p.marked else p.text for _, p in templates.ladder_steps(ladder, Facts(tpl["box"]))]
    assert printed == ["7", "5", "3", "?", "?"]
    assert "1.72.53.34.?5.?" in squash(text_of(pad("gugong", "en")))


def test_yinzi_pad_has_fill_in_boxes_for_the_unknown_exchange_rates():
    found = squash(text_of(pad("yinzi", "nl")))
    assert squash(tr("pdf.yinzi.rate.label", "nl")) in found
    assert "1?2?3?4?5?6?" in found


def test_player_count_outside_the_game_is_refused():
    with pytest.raises(ValueError, match="2-5 players"):
        build_pad("dragon", players=1)
    with pytest.raises(templates.TemplateError):
        templates.load("chess")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_pads_for_every_player_count(players):
    found = squash(text_of(pad("gugong", "en", players=players)))
    assert f"{players}" in found


def test_games_with_printables_come_from_the_manifests(toy_game):
    """The toy game's manifest offers no printables: it is not offered; one that offers them needs a template."""
    from dataclasses import replace

    from companion.core import registry
    from tests.core.toy_game import MANIFEST

    offered = templates.games()
    assert offered == [m.name for m in registry.manifests() if {"pad", "aid"} & set(m.printables)]
    assert "toy-pig" in registry.game_names() and "toy-pig" not in offered
    assert "gugong-solo" not in offered  # its manifest lists none: the gugong pad has the solo column
    with pytest.raises(templates.TemplateError, match="No printables"):
        templates.load("toy-pig")
    registry.register(replace(MANIFEST, name="toy-printing", printables=("pad",)))
    try:
        assert "toy-printing" in templates.games()
        with pytest.raises(templates.TemplateError, match=r"toy-printing\.yaml is missing"):
            templates.load("toy-printing")
    finally:
        registry.unregister("toy-printing")


def test_the_pad_offers_the_player_counts_of_every_manifest_on_the_box():
    assert templates.load("gugong")["players"] == {"min": 1, "max": 5, "default": 5}  # 1 = gugong-solo
    assert templates.load("yinzi")["players"] == {"min": 2, "max": 4, "default": 4}
