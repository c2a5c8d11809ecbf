"""Every move on the solo board is told to the table, step by step, and nothing else is (issue 20).

Random solo playouts against Meng (easy, normal, hard; both night rules): between two consecutive views every
change of the public board (companion.gugong.solo.instructions.BOARD: Gùgōng's board plus Meng's Automa cards,
his focus and the neutral servants on his board) is touched by an instruction of that step, Meng's own pieces
included, and no instruction touches only what stayed as it was.
"""

from __future__ import annotations

from companion.core.actions import Event
from companion.core.registry import manifest
from companion.gugong.solo.instructions import BOARD, MAY_STAY, MENG_CODES, MENG_TOUCHES, instructions
from companion.gugong.solo.setup import MENG_SEAT
from tests.core.board_cover import board_of, cover, playout_tests

CASES = [(1, {}), (1, {"difficulty": "easy"}), (1, {"difficulty": "hard", "night_rule": "at_least"})]


test_a_playout_tells_every_board_change, test_many_playouts_tell_every_board_change = playout_tests(
    "gugong-solo", CASES, range(2, 20))


def test_the_solo_board_is_checked_with_meng_pieces():
    assert board_of(manifest("gugong-solo")) is BOARD
    assert {"meng.deck", "meng.today", "meng.earlier", "meng.focus"} <= set(BOARD.paths)


def test_every_meng_step_either_touches_the_board_or_may_leave_it():
    """No Meng code is forgotten: it names board paths, or it is one of the steps that only say something."""
    for code in MENG_CODES:
        assert code in MENG_TOUCHES or code in MAY_STAY or code == "travel.move", code


def test_meng_steps_name_his_pieces_and_the_shared_board():
    (exchange,) = instructions([Event("meng.event.day.exchange", {"card": 3, "value": 4, "location": "wall",
                                                                   "taken": 5, "taken_value": 8})])
    assert set(exchange.touches) == {f"players.{MENG_SEAT}.hand", f"players.{MENG_SEAT}.discard",
                                     "officials.wall.card"}
    (move,) = instructions([Event("meng.event.travel.move", {"city": 6, "tile": "intrigue"})])
    assert set(move.touches) == {f"players.{MENG_SEAT}.traveller", f"players.{MENG_SEAT}.tiles",
                                 f"players.{MENG_SEAT}.intrigue", "cities.6.tile"}


def test_a_meng_step_the_board_does_not_show_is_caught():
    """The check can fail: Meng's wall servant said, but his exchange left out."""
    _, gaps = cover("gugong-solo", 1, {}, 0, max_steps=400)
    assert gaps == []
    said = instructions([Event("meng.event.wall.place", {"count": 1})])
    unnamed, needless = BOARD.check({"officials.wall.card", "wall.servants"}, said)
    assert unnamed == {"officials.wall.card"} and needless == []
