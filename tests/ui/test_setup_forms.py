"""New-game forms come from the manifests: options, colours from the owner's box profile."""

from __future__ import annotations

from companion.core.profile import load_default
from companion.core.registry import manifest
from companion.ui import setup_forms


def test_yinzi_colours_follow_the_owners_profile():
    yinzi = manifest("yinzi")
    owner = {"components.colors": ["black", "white", "red", "blue"]}
    assert setup_forms.colours(yinzi, owner) == ["black", "white", "red", "blue"]
    assert setup_forms.colours(yinzi, {}) == [str(c) for c in load_default("yinzi").value("components.colors")]


def test_dragon_setup_from_options_names_the_chosen_super_event():
    dragon = manifest("dragon")
    players = [{"name": "Ada", "colour": "red"}, {"name": "Bo", "colour": "blue"}]
    options = {"great_wall": True, "super_event": "chosen", "super_event_chosen": "sun_eclipse", "edition": "2017"}
    setup = dragon.setup_for(players, options, 7)
    assert setup["super_event"] == "sun_eclipse" and "super_event_chosen" not in setup
    assert dragon.setup_for(players, {**options, "super_event": "random"}, 7)["super_event"] == "random"


def test_solo_setup_has_one_player_and_the_options():
    solo = manifest("gugong-solo")
    setup = solo.setup_for([{"name": "Anna", "colour": "red"}], {"difficulty": "hard", "focus": None}, 3)
    assert setup == {"players": ["Anna"], "seed": 3, "difficulty": "hard", "focus": None}
