"""State copies written from the dataclass fields (companion.core.copies): nothing changeable is shared, a new field
is copied without touching any copy code, and a field of an unknown type is refused by name."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

import pytest

from companion.core import copies
from companion.core.canonical import canonical_bytes
from companion.core.game import Game
from companion.core.playout import playout
from companion.core.registry import get_game
from companion.core.steps import Stack
from companion.gugong.state import GugongState, Player

GAMES = {
    "gugong": {"players": ["A", "B", "C"], "bonus_tiles": True},
    "gugong-solo": {"players": ["A"], "difficulty": "hard"},
    "dragon": {"players": ["A", "B", "C"], "great_wall": True, "super_event": "random"},
    "yinzi": {"players": ["A", "B", "C"]},
}


def shared_changeables(a: Any, b: Any, where: str = "state") -> list[str]:
    """Every list, dict, set or unfrozen dataclass that `a` and its copy `b` share (a step stack's frames are
    never changed in place, so they may be shared)."""
    if (isinstance(a, list | dict | set) or _unfrozen(a)) and a is b:
        return [where]
    if _unfrozen(a):
        return [p for k in vars(a) for p in shared_changeables(vars(a)[k], vars(b)[k], f"{where}.{k}")]
    if isinstance(a, Stack):
        return []
    if isinstance(a, list):
        return [p for i, (x, y) in enumerate(zip(a, b, strict=True)) for p in shared_changeables(x, y, f"{where}[{i}]")]
    if isinstance(a, dict):
        return [p for k in a for p in shared_changeables(a[k], b[k], f"{where}[{k!r}]")]
    return []


def undeclared(obj: Any, where: str = "state") -> list[str]:
    """Attributes of a state that are no dataclass field (a copy written from the fields would share them)."""
    if not _unfrozen(obj):
        if isinstance(obj, list):
            return [p for i, x in enumerate(obj) for p in undeclared(x, f"{where}[{i}]")]
        return []
    names = {f.name for f in dataclasses.fields(obj)}
    out = [f"{where}.{k}" for k in vars(obj) if k not in names]
    return out + [p for k in names for p in undeclared(getattr(obj, k), f"{where}.{k}")]


def _unfrozen(value: Any) -> bool:
    return dataclasses.is_dataclass(value) and not isinstance(value, type) and \
        not value.__dataclass_params__.frozen


@pytest.fixture(scope="module", params=sorted(GAMES))
def played(request):
    game = get_game(request.param)
    result = playout(game, {**GAMES[request.param], "seed": 4}, seed=4, max_actions=120)
    return game, result.state


def test_every_engine_copies_by_the_one_copy_and_shares_nothing_changeable(played):
    game, state = played
    assert type(game).clone is Game.clone  # the core default: no engine keeps a copy of its own
    copy = game.clone(state)
    assert canonical_bytes(game.to_json(copy)) == canonical_bytes(game.to_json(state))
    assert shared_changeables(state, copy) == []
    assert copy.stack == state.stack and copy.stack is not state.stack
    assert (copy.stack.pending, copy.stack.settled) == (state.stack.pending, state.stack.settled)


def test_every_attribute_of_a_state_is_a_declared_field(played):
    _game, state = played
    assert undeclared(state) == []


def test_gugong_copies_what_the_table_entered():
    """`seen` (what the table entered beyond the box profile) was shared by the hand-written copy."""
    state = get_game("gugong").initial_state(get_game("gugong").normalize_setup({"players": ["A", "B"], "seed": 1}))
    state.seen = {"cards": [{"id": 99}]}
    copy = copies.copy(state)
    copy.seen["cards"][0]["id"] = 1
    assert state.seen == {"cards": [{"id": 99}]}


@dataclass
class Pawn:
    at: list[int] = field(default_factory=list)


def test_a_new_field_is_copied_without_touching_the_copy_code():
    """A state class with fields the copy module has never seen: each is copied as its type says."""
    new_player = dataclasses.make_dataclass("NewPlayer", [
        ("pawns", list[Pawn], field(default_factory=list)),
        ("marks", dict[str, list[int]], field(default_factory=dict)),
        ("notes", list[dict[str, Any]], field(default_factory=list)),
        ("home", Pawn | None, None),
    ], bases=(Player,))
    player = new_player(seat=0, pool=1, general=2, pawns=[Pawn([1])], marks={"a": [2]}, notes=[{"x": [3]}],
                        home=Pawn([4]))
    copy = copies.copy(player)
    assert copy == player
    assert shared_changeables(player, copy) == []
    copy.pawns[0].at.append(9)
    copy.marks["a"].append(9)
    copy.notes[0]["x"].append(9)
    copy.home.at.append(9)
    assert (player.pawns[0].at, player.marks["a"], player.notes[0]["x"], player.home.at) == ([1], [2], [3], [4])


def test_a_field_of_an_unknown_type_is_refused_by_name():
    class Opaque:  # no copy() of its own, not a dataclass
        pass

    odd = dataclasses.make_dataclass("OddState", [("thing", Opaque, None)], bases=(GugongState,))
    with pytest.raises(TypeError, match=r"OddState\.thing"):
        copies.copier_for(odd)
    with pytest.raises(TypeError, match="not a dataclass"):
        copies.copy(Opaque())
