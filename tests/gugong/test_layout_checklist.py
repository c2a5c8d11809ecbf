"""Gùgōng's "Lay out the box" checklist (gugong-de "Spielaufbau"; issue 20): the manifest's setup_instructions
name every step of laying out the box - board side, Great Wall, city count, jade, day marker and medal, each
player's pieces, envoys, the intrigue stack, travel tiles, gift cards, decrees, fate dice - with numbers from
the box profile, in German, Dutch and English."""

from __future__ import annotations

import pytest

from companion.core.registry import manifest
from companion.gugong.instructions import SETUP_STEPS
from companion.i18n import has, labels

MANIFEST = manifest("gugong")
NAMES = ["Anna", "Ben", "Cleo", "Dora", "Emil"]


def _checklist(players: int, **options):
    setup = MANIFEST.engine.normalize_setup(
        MANIFEST.setup_for([{"name": n, "colour": "red"} for n in NAMES[:players]], options, 1))
    return setup, MANIFEST.setup_instructions(setup)


def test_every_step_kind_is_named_by_some_table():
    seen = set()
    for players, options in ((2, {}), (5, {"bonus_tiles": True, "expert": True})):
        _, steps = _checklist(players, **options)
        seen |= {i.code.removeprefix("gugong.do.") for i in steps}
    assert seen == set(SETUP_STEPS)


@pytest.mark.parametrize("lang", ["de", "nl", "en"])
def test_each_step_is_a_sentence_in_each_language(lang):
    for players, options in ((3, {}), (4, {"bonus_tiles": True, "expert": True})):
        setup, steps = _checklist(players, **options)
        for i in steps:
            assert has(i.code, lang) and has(i.undo_code, lang), i.code
            text = labels.instruction_text(i, lang, setup["players"])
            assert "{" not in text and "None" not in text and "gugong." not in text, text
            assert text[0].isupper() or text.startswith(tuple(setup["players"])), text


def test_numbers_come_from_the_box_profile_and_placeholders_are_marked():
    setup, steps = _checklist(3)
    by_code = {i.code: i for i in steps}
    assert by_code["gugong.do.setup_wall"].params["count"] == 5  # gugong-de: 3 players, 5 servants
    assert by_code["gugong.do.setup_board_small"].params["routes"] == 1
    player = next(i for i in steps if i.code == "gugong.do.setup_player")
    assert (player.params["servants"], player.params["pool"], player.params["general"]) == (12, 6, 6)
    cities = by_code["gugong.do.setup_cities"]  # the board prints no city numbers, their count is unknown
    assert "cities" in cities.params["unverified"]
    text = labels.instruction_text(cities, "en", setup["players"])
    assert "row by row" in text and "top left" in text
    _, four = _checklist(4)
    assert "gugong.do.setup_board_large" in {i.code for i in four}


def test_one_step_per_player_in_seat_order():
    _, steps = _checklist(4)
    assert [i.seat for i in steps if i.code == "gugong.do.setup_player"] == [0, 1, 2, 3]
