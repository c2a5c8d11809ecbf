"""Board parts made once per view (issue 23): found again by the same view object, and by another screen's view
of the same content; never for another view, another viewer (a hidden hand), another language or marks."""

from __future__ import annotations

import copy

from companion.i18n import labels
from companion.ui.boards.memo import per_view

VIEW = {"players": [{"seat": 0, "hand": [3, 9]}, {"seat": 1, "hand": [4]}], "turn": 0}


def counted():
    calls: list[tuple] = []

    @per_view
    def part(view, lang, own=None):
        calls.append((lang, own))
        hands = [p["hand"] if p["seat"] == own else len(p["hand"]) for p in view["players"]]
        return f"{lang}:{hands}"

    return part, calls


def test_another_screens_view_of_the_same_state_finds_the_part_made():
    part, calls = counted()
    mine, theirs = copy.deepcopy(VIEW), copy.deepcopy(VIEW)  # two sessions: two view objects, one content
    assert part(mine, "en") == part(theirs, "en") == "en:[2, 1]"
    assert part(mine, "en") == "en:[2, 1]"
    assert len(calls) == 1


def test_a_seats_hand_is_never_shown_on_another_screen():
    part, calls = counted()
    assert part(copy.deepcopy(VIEW), "en", own=0) == "en:[[3, 9], 1]"  # seat 0's own phone
    assert part(copy.deepcopy(VIEW), "en") == "en:[2, 1]"  # the table screen: counts only
    assert part(copy.deepcopy(VIEW), "en", own=1) == "en:[2, [4]]"
    assert len(calls) == 3


def test_a_new_state_a_language_or_the_marks_make_the_part_again():
    part, calls = counted()
    assert part(copy.deepcopy(VIEW), "en") == "en:[2, 1]"
    moved = copy.deepcopy(VIEW)
    moved["players"][1]["hand"].append(7)
    assert part(moved, "en") == "en:[2, 2]"  # never the part of the view before the move
    assert part(copy.deepcopy(VIEW), "de") == "de:[2, 1]"
    token = labels._MARKS_SHOWN.set(not labels.marks_shown())
    try:
        part(copy.deepcopy(VIEW), "de")
    finally:
        labels._MARKS_SHOWN.reset(token)
    assert len(calls) == 4


def test_a_view_that_is_not_plain_data_is_found_by_its_object_only():
    part, calls = counted()

    class Hidden:  # its content is not in its text: two of them must never count as the same
        def __init__(self, cards):
            self.cards = cards

    one = {**copy.deepcopy(VIEW), "extra": Hidden([1])}
    two = {**copy.deepcopy(VIEW), "extra": Hidden([2])}
    part(one, "en")
    part(two, "en")
    part(one, "en")
    assert len(calls) == 2


def test_a_frame_is_sent_as_the_same_arrow_bytes_and_converted_once():
    import pandas as pd
    from streamlit import dataframe_util

    from companion.ui.boards import memo

    frame = pd.DataFrame({"Lisa": ["3", "1 / 4"], "Ben": ["5", "0 / 2"]}, index=["VP", "Servants"])
    frame = frame.rename_axis("Players")
    made = memo.arrow(frame)
    assert memo.arrow(frame) is made  # a rerun with the same frame converts nothing
    assert dataframe_util.convert_anything_to_arrow_bytes(made) == dataframe_util.convert_anything_to_arrow_bytes(frame)
    assert memo.arrow(frame.copy()) is not made  # another frame object: its own table


def test_a_players_frame_made_directly_is_the_transposed_frame_it_replaces():
    import pandas as pd
    from streamlit import dataframe_util

    from companion.ui.boards import memo

    rows = {"VP": ["3", "12", "7"], "Servants": ["1 / 4", "0 / 2", "2 / 2"], "Tiles": ["–", "Jade", "–"]}
    names = ["Lisa", "Ben", "Mia"]
    made, before = memo.rows_frame(rows, names), pd.DataFrame(rows, index=names).T
    assert made.equals(before) and list(made.index) == list(rows) and list(made.columns) == names
    as_sent = dataframe_util.convert_anything_to_arrow_bytes
    assert as_sent(made) == as_sent(before)
    assert memo.rows_frame({}, names).shape == pd.DataFrame({}, index=names).T.shape == (0, 3)
