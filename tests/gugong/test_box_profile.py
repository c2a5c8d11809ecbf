"""The box profile (data/gugong/profile): the owner's values replace the placeholders; bad values are refused.

Rulebook examples cite their page; the other tests quote the rule they check.
"""

from __future__ import annotations

import pytest

from companion.core import Session, SetupError
from companion.gugong.engine import GAME

from .fixtures import (
    FIVE,
)


def test_owner_overrides_replace_placeholders_and_unknown_facts_are_refused():
    s = Session.new(GAME, {"players": FIVE[:2], "profile": {"overrides": {"dice_faces": [1, 2, 3, 4, 5, 6, 7, 8, 9]}}})
    s.act({"type": "start_player", "seat": 0})
    while s.decision.kind != "gugong.roll_die":
        s.act(s.decision.options[0])
    assert len(s.decision.options) == 9
    with pytest.raises(SetupError):
        Session.new(GAME, {"players": FIVE[:2], "profile": {"overrides": {"no_such_fact": 1}}})
    with pytest.raises(SetupError):
        Session.new(GAME, {"players": ["Anna"]})
    with pytest.raises(SetupError):
        Session.new(GAME, {"players": ["Anna", "Anna"]})


def test_malformed_owner_values_are_refused_with_a_setup_error():
    for bad in ({"dice_faces": "six"}, {"map_cities": 7}, {"gift_cards": [{"value": 1}]}, {"jade_houses": [3]}):
        with pytest.raises(SetupError):
            Session.new(GAME, {"players": FIVE[:2], "profile": {"overrides": bad}})
