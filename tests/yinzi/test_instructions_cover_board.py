"""Every move on the Yinzi board is told to the table, step by step, and nothing else is (issue 20).

Random playouts (2-4 players, drawn by the app or entered by the table): between two consecutive views every
change of the public board (companion.yinzi.instructions.BOARD) is touched by an instruction of that step, and
no instruction touches only what stayed as it was. The setup checklist (setup_layout) counts for the steps
before the first decision a person takes.
"""

from __future__ import annotations

from companion.core.actions import Event
from companion.yinzi.instructions import instructions
from tests.core.board_cover import playout_tests

CASES = [(2, {}), (3, {"table_entry": False}), (4, {})]


test_a_playout_tells_every_board_change, test_many_playouts_tell_every_board_change = playout_tests(
    "yinzi", CASES, range(1, 9))


def test_veterans_who_stand_up_for_the_war_are_told():
    """RULES-Y 5B Veteranen: veterans laid aside whose player added no workers stand up on the leftmost free
    field of the war box at the end of the action phase; the table is told so (before: no event, no step)."""
    (i,) = instructions([Event("yinzi.veterans_stood", {"player": 1, "workers": 2, "field": 3})])
    assert (i.code, i.seat, i.params["field"]) == ("yinzi.do.veterans_stand.other", 1, 3)
    assert i.touches == ("players.1.veterans", "war_box.groups")


def test_a_progress_disc_shipped_as_a_good_goes_back_to_its_supply():
    """A disc standing for a good (free salt) delivered to a ship: the disc leaves its progress field."""
    e = Event("yinzi.ship_delivered", {"player": 0, "what": "salt", "nation": "korea", "silver": 1, "row": 2,
                                       "slot": 1, "load": ["t/3", "free_salt"]})
    codes = [(i.code, i.params.get("field")) for i in instructions([e])]
    assert ("yinzi.do.progress_back", "free_salt") in codes and ("yinzi.do.cube_to_ship", None) in codes


def test_the_round_end_disc_step_is_said_only_when_discs_come_back():
    """The last round's administration with no taxation disc and no levy: nothing to do with discs, not said."""
    def codes(discs):
        return [i.code for i in instructions([Event("yinzi.round_ended", {"round": 5, "rate": 3, "discs": discs})])]
    assert "yinzi.do.admin_discs" in codes(2) and "yinzi.do.admin_discs" not in codes(0)


def test_a_late_pair_from_the_local_market_and_a_disc_names_the_ship():
    """A late pair: first food from the local market, second a progress disc: the market cube goes on the ship
    with the second food, so the ship's place is named (seed 7 of the soak playouts saw it unnamed)."""
    e = Event("yinzi.late_shipped", {"player": 2, "foods": ["rice", "rice"], "silver": 1, "row": 1, "slot": 2,
                                     "srcs": ["market", "free_rice"]})
    said = [(i.code, i.params.get("src")) for i in instructions([e])]
    assert ("yinzi.do.cube_to_ship", "market") in said
    two_discs = Event("yinzi.late_shipped", {**e.params, "srcs": ["free_wheat", "free_rice"]})
    (disc,) = [i for i in instructions([two_discs]) if i.code == "yinzi.do.disc_good_on_ship"]
    assert disc.touches == ("ships",) and disc.params["field"] == "free_rice"
