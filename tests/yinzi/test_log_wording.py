"""Yinzi's log and instruction words as issue 20 found them wrong: the die moving "from field 2 to Ben", a
city-market tile called by the app's code ("m7"), "player Cleo" where the name says it all."""

from __future__ import annotations

import pytest

from companion.core.actions import Event
from companion.core.instructions import Instruction
from companion.core.registry import manifest
from companion.i18n import labels

M = manifest("yinzi")
NAMES = ["Anna", "Ben", "Cleo"]


def _describe(lang):
    setup = M.engine.normalize_setup(M.setup_for([{"name": n, "colour": c} for n, c in zip(NAMES, M.colours({}),
                                                                                           strict=False)], {}, 1))
    return labels.describer("yinzi", setup, M.engine.to_json(M.engine.initial_state(setup)), lang)


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_the_die_moves_between_fields_not_to_a_player(lang):
    text = labels.event_text(Event("yinzi.die_rolled", {"roll": 3, "from": 2, "to": 1, "rate": 10}), lang, NAMES,
                             _describe(lang))
    assert "Ben" not in text and "2" in text and "1" in text


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_a_city_market_tile_is_named_by_its_goods_not_its_code(lang):
    i = Instruction("yinzi.do.market_tile", {"province": "zhejiang", "tile": "m7"})
    text = labels.instruction_text(i, lang, NAMES, _describe(lang))
    assert "m7" not in text and "{" not in text
    bamboo = {"en": "Bamboo", "de": "Bambus", "nl": "Bamboe"}[lang]
    assert text.count(bamboo) == 2  # among its goods, and on its coin field


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
@pytest.mark.parametrize("code,params", [("yinzi.war_bonds", {"copper": 3}), ("yinzi.war_glory", {"vp": 4}),
                                         ("yinzi.order_drawn", {"position": 2}), ("yinzi.factory_burnt", {"level": 1}),
                                         ("yinzi.factory_upgraded", {"level": 2}), ("yinzi.boat_moved", {"steps": 1})])
def test_a_player_is_called_by_name_alone(lang, code, params):
    text = labels.event_text(Event(code, {"player": 2, **params}), lang, NAMES, _describe(lang))
    assert "Cleo" in text
    for word in ("player Cleo", "speler Cleo", "Spieler Cleo"):
        assert word not in text
