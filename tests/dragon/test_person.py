"""2. Phase: Person: play a card, take a tile, place it (or replace, or discard), move the disc; month 12."""

from __future__ import annotations

import pytest

from companion.core import RuleError, apply
from companion.dragon.engine import GAME
from companion.dragon.flow import FLOW

from .scenario import act, run, scenario

Y, O = "young", "old"


def t(kind: str, age: str = Y) -> str:
    return f"{kind}:{age}"


def test_person_phase_place_replace_discard_and_sold_out():
    """2. Phase, Hinweise: a person must go into a palace with room; with all palaces full it may replace a person
    (who leaves the game) or be discarded (no points); a wild card brings any person; a card whose persons are gone
    brings nothing."""
    s = scenario(
        {"Anna": [(1, [t("farmer")]), (1, [])], "Benno": [(1, [t("monk")])]},
        players=["Anna", "Benno"],
        frames=[{"k": "card", "p": 0}, {"k": "card", "p": 1}],
    )
    s = act(s, {"type": "card", "card": "scholar"})
    s = act(s, {"type": "tile", "tile": t("scholar", O)})
    track = s.players[0].track
    assert s.players[0].palaces[1].persons == [t("scholar", O)] and s.players[0].track == track  # forced placement
    assert s.players[0].stamp > 0
    before = GAME.to_json(s)
    s = act(s, {"type": "card", "card": "wild"})
    s = act(s, {"type": "tile", "tile": t("monk")})
    with pytest.raises(RuleError):
        apply(GAME, s, {"type": "place", "palace": 0})
    s_discard = act(s, {"type": "discard"})
    assert s_discard.released[t("monk")] == 1 and s_discard.players[1].track == 0
    s_replace = act(s, {"type": "replace", "palace": 0, "tile": t("monk")})
    assert s_replace.players[1].track == 6 and s_replace.released[t("monk")] == 1
    assert before != GAME.to_json(s)
    # sold out: no scholar tile left at all
    s2 = scenario({}, players=["Anna", "Benno"], frames=[{"k": "card", "p": 0}])
    s2.supply[t("scholar")] = s2.supply[t("scholar", O)] = 0
    s2.released[t("scholar")] = 3
    s2.released[t("scholar", O)] = 1
    s2, events = apply(GAME, s2, {"type": "card", "card": "scholar"})
    assert any(e.code == "dragon.no_person_left" for e in events) and not s2.players[0].persons()


def test_month_twelve_skips_person_phase():
    """2. Phase, Hinweise: "In der 12. Runde wird die 2. Phase übersprungen, da niemand mehr eine Personenkarte
    besitzt"; the game then ends after the scoring."""
    s = scenario({}, players=["Anna", "Benno"], month=12)
    events = run(s, FLOW.start("person"))
    assert any(e.code == "dragon.person_phase_skipped" for e in events) and s.over


def test_person_phase_reads_the_track_again():
    """2. Phase: "in der aktuellen Reihenfolge der Personenpunkteleiste (durch die Aktion Heerschau kann es hier
    u. U. zu Veränderungen gekommen sein)"."""
    s = scenario({}, players=["Anna", "Benno"])
    s.players[0].track, s.players[1].track = 10, 4
    assert [f["p"] for f in FLOW.phases["person"].steps(s)] == [0, 1]
    s.advance(1, 8)  # a parade in the action phase
    assert [f["p"] for f in FLOW.phases["person"].steps(s)] == [1, 0]
