"""The Board check itself (companion.core.instructions.Board): which changes of a view an instruction names,
and which instructions name nothing that changed. The games' playouts use it in tests/<game>/."""

from __future__ import annotations

from companion.core.instructions import Board, Instruction, Instructions

BOARD = Board(paths=("players.*.vp", "officials.[location].card", "dice"), unchanged=frozenset({"roll"}))


def view(vp: tuple[int, int] = (0, 0), card: int = 3, dice: tuple[int, ...] = (1, 2)) -> dict:
    return {"players": [{"vp": vp[0], "hand": [1]}, {"vp": vp[1], "hand": [2]}],
            "officials": [{"location": "jade", "card": card}], "dice": list(dice), "turn": 0}


def step(code: str, *touches: str) -> Instruction:
    return Instruction(code, touches=touches)


def test_read_spells_out_wildcards_and_named_entries():
    assert BOARD.read(view()) == {"players.0.vp": 0, "players.1.vp": 0, "officials.jade.card": 3, "dice": [1, 2]}


def test_changes_are_the_board_paths_that_differ_and_ignore_the_rest():
    before, after = view(), view(vp=(3, 0), card=5)
    after["turn"] = 1  # the app's own, not the table's
    after["players"][0]["hand"] = [9]  # not a board path here
    assert BOARD.changes(before, after) == {"players.0.vp", "officials.jade.card"}


def test_a_change_no_step_names_is_reported():
    changes = BOARD.changes(view(), view(vp=(3, 0), dice=(1, 5)))
    unnamed, needless = BOARD.check(changes, [step("vp", "players.0.vp")])
    assert unnamed == {"dice"} and needless == []


def test_a_step_that_names_nothing_changed_is_needless_unless_a_round_trip_or_allowed():
    changes = BOARD.changes(view(), view(vp=(3, 0)))
    _, needless = BOARD.check(changes, [step("vp", "players.0.vp"), step("card", "officials.jade.card")])
    assert [i.code for i in needless] == ["card"]
    # a servant placed and taken back in one step: the same place touched twice may end as it was
    _, needless = BOARD.check(set(), [step("put", "dice"), step("take", "dice")])
    assert needless == []
    _, needless = BOARD.check(set(), [step("roll", "dice")])  # a die rolled to the face it showed
    assert needless == []


def test_a_wildcard_touch_covers_every_player():
    changes = BOARD.changes(view(), view(vp=(1, 2)))
    unnamed, needless = BOARD.check(changes, [step("all", "players.*.vp")])
    assert unnamed == set() and needless == []


def test_a_place_with_nothing_on_it_reads_the_same_however_spelled():
    board = Board(paths=("boxes",))
    assert board.changes({"boxes": {}}, {"boxes": {"produce": 0}}) == set()
    assert board.changes({}, {"boxes": None}) == set()
    assert board.changes({"boxes": {"a": 0}}, {"boxes": {"a": 1}}) == {"boxes"}
    seat = Board(paths=("taken_by",))  # seat 0 is a value, not nothing
    assert seat.changes({"taken_by": None}, {"taken_by": 0}) == {"taken_by"}


def test_instructions_fill_in_what_each_step_touches():
    table = Instructions(touches=lambda i: [f"players.{i.seat}.vp"])
    table.rules["scored"] = lambda e: [Instruction("move", {}, e.params["player"])]
    from companion.core.actions import Event

    (i,) = table([Event("scored", {"player": 1})])
    assert i.touches == ("players.1.vp",)
    assert i == Instruction("move", {}, 1)  # what a step touches is not part of its identity
