"""Refusals: each names its rule, explains in the table's terms, and leaves the state byte-identical."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core import RuleError, apply
from companion.core.canonical import canonical_bytes
from companion.dragon.engine import GAME

from .scenario import refuse, run, scenario
from .test_properties import SUPER, check_game

GROUPS = [["taxes", "build", "harvest", "fireworks"], ["parade", "research", "privilege"]]


def _action_table():
    return scenario({"A": [(3, [])]}, players=["A", "B"], groups=GROUPS, frames=[{"k": "action", "p": 0}])


def _floor_table():
    s = scenario({"A": [(3, ["craftsman:young"]), (1, ["farmer:young"])]}, players=["A", "B"], groups=GROUPS,
                 frames=[{"k": "action", "p": 0}])
    s, _ = apply(GAME, s, {"type": "action", "group": 1, "card": "build"})  # 2 floors
    s, _ = apply(GAME, s, {"type": "floor", "palace": 1})
    return s


def _place_table(room: bool):
    palaces = {"A": [(2, ["farmer:young"]), (1, [])] if room else [(1, ["farmer:young"])]}
    s = scenario(palaces, players=["A", "B"], frames=[{"k": "card", "p": 0}])
    s, _ = apply(GAME, s, {"type": "card", "card": "wild"})
    s, _ = apply(GAME, s, {"type": "tile", "tile": "monk:old"})
    return s


def _tile_table(sold_out: bool):
    s = scenario({}, players=["A", "B"], frames=[{"k": "card", "p": 0}])
    if sold_out:
        s.supply["monk:old"] = 0
        s.released["monk:old"] = 1
    s, _ = apply(GAME, s, {"type": "card", "card": "wild" if sold_out else "monk"})  # options read the board now
    return s


def _release_table():
    s = scenario({"A": [(2, ["farmer:young", "monk:young"])]}, players=["A", "B"])
    run(s, {"k": "release", "p": 0, "n": 1, "why": "contagion"})
    return s


CASES = [
    (_action_table, {"type": "card", "card": "monk"}, "dragon.wrong_step"),
    (_action_table, {"type": "action", "group": 7, "card": "taxes"}, "dragon.no_such_group"),
    (_action_table, {"type": "action", "group": 1, "card": "research"}, "dragon.card_not_in_group"),
    (_floor_table, {"type": "floor", "palace": 0}, "dragon.palace_max_floors"),
    (lambda: _place_table(True), {"type": "discard"}, "dragon.must_place_while_room"),
    (lambda: _place_table(True), {"type": "replace", "palace": 0, "tile": "farmer:young"},
     "dragon.must_place_while_room"),
    (lambda: _place_table(False), {"type": "replace", "palace": 0, "tile": "monk:young"}, "dragon.palace_full"),
    (lambda: _tile_table(False), {"type": "tile", "tile": "farmer:young"}, "dragon.tile_not_matching"),
    (lambda: _tile_table(True), {"type": "tile", "tile": "monk:old"}, "dragon.sold_out"),
    (_release_table, {"type": "release", "palace": 0, "tile": "scholar:old"}, "dragon.no_such_person"),
]


@pytest.mark.parametrize(("table", "action", "code"), CASES)
def test_refusal_names_rule_and_changes_nothing(table, action, code):
    state = table()
    before = canonical_bytes(GAME.to_json(state))
    with pytest.raises(RuleError) as err:
        apply(GAME, state, action)
    assert err.value.code == code, err.value
    assert err.value.rule.startswith("Jahr des Drachen")
    assert canonical_bytes(GAME.to_json(state)) == before


def test_floor_order_refusal():
    """Bau: floors go palace by palace; a floor before the previous one is refused."""
    s = scenario({"A": [(1, ["craftsman:young"]), (2, ["craftsman:young"])]}, players=["A", "B"], groups=GROUPS,
                 frames=[{"k": "action", "p": 0}])
    s, _ = apply(GAME, s, {"type": "action", "group": 1, "card": "build"})  # 3 floors
    s, _ = apply(GAME, s, {"type": "floor", "palace": 1})
    with pytest.raises(RuleError) as err:
        apply(GAME, s, {"type": "floor", "palace": 0})
    assert err.value.code == "dragon.floor_order"


def test_card_not_in_hand_and_opening_distinct():
    s = scenario({}, players=["A", "B"], frames=[{"k": "card", "p": 0}])
    s.players[0].played = ["monk"]
    s.players[0].hand.remove("monk")
    with pytest.raises(RuleError) as err:
        refuse(s, {"type": "card", "card": "monk"})
    assert err.value.code == "dragon.card_not_in_hand"
    run(s, {"k": "opening", "p": 1})
    with pytest.raises(RuleError) as err:
        apply(GAME, s, {"type": "opening", "persons": ["monk", "monk"]})
    assert err.value.code == "dragon.opening_distinct"


@settings(max_examples=8, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(n=st.integers(2, 5), wall=st.booleans(), super_event=st.sampled_from(SUPER), seed=st.integers(0, 10**6))
def test_hypothesis_playouts(n, wall, super_event, seed):
    """Hypothesis picks player counts, expansions and seeds; the same checks as the playout sample."""
    check_game(n, wall, super_event, seed)
