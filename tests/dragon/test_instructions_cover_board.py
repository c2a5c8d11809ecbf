"""Every move on the Dragon board is told to the table, step by step, and nothing else is (issue 20).

Random playouts with both expansions (the Great Wall, the super events in each mode) and both editions:
between two consecutive views every change of the public board (companion.dragon.instructions.BOARD) is
touched by an instruction of that step, and no instruction touches only what stayed as it was.
"""

from __future__ import annotations

from companion.core.actions import Event
from companion.dragon.instructions import instructions
from tests.core.board_cover import playout_tests

CASES = [(2, {}), (3, {"great_wall": True, "super_event": "random"}),
         (4, {"great_wall": True, "super_event": "hidden", "edition": "2007"}),
         (5, {"great_wall": True, "super_event": "chosen", "super_event_chosen": "assassination"})]


test_a_playout_tells_every_board_change, test_many_playouts_tell_every_board_change = playout_tests(
    "dragon", CASES, range(1, 11))


def test_no_marker_move_for_a_scoring_without_points():
    """A month's scoring that gives a player nothing leaves his marker where it is: no step for him. An event
    of an older engine (no "gained") still tells the marker's field, as before."""
    zero = Event("dragon.round_scored", {"player": 0, "vp": 12, "gained": 0})
    some = Event("dragon.round_scored", {"player": 1, "vp": 9, "gained": 2})
    old = Event("dragon.round_scored", {"player": 2, "vp": 7})
    assert [(i.seat, i.params["vp"]) for i in instructions([zero, some, old])] == [(1, 9), (2, 7)]


def test_month_one_has_no_dragons_to_take_back():
    said = instructions([Event("dragon.month_started", {"month": 1}), Event("dragon.month_started", {"month": 2})])
    assert [i.params["month"] for i in said] == [2]
