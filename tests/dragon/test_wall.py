"""Erweiterung I: Die chinesische Mauer: building wall pieces and the Mauer-Wertung."""

from __future__ import annotations

import pytest

from companion.core import RuleError, apply
from companion.core.playout import playout
from companion.dragon.engine import GAME

from .scenario import act, act_all, refuse, run, scenario

GROUPS = [["wall", "taxes", "build", "harvest"], ["parade", "research", "fireworks", "privilege"]]


def t(kind: str, age: str = "young") -> str:
    return f"{kind}:{age}"


@pytest.mark.parametrize(
    ("tile", "field", "amount"),
    [("rice", "rice", 1), ("firework", "fireworks", 1), ("yuan", "yuan", 2), ("person_points", "track", 3),
     ("victory_points", "vp", 3)],
)
def test_wall_piece_bonus(tile, field, amount):
    """Erweiterung I, Spielverlauf: building a wall piece gives its bonus ("ein Reissack- oder ein Raketen-Plättchen,
    ein Palastteil, 2 Yuan, 3 Felder auf der Personenpunkteleiste oder 3 Siegpunkte"); the piece goes under the
    next event."""
    s = scenario({}, players=["A", "B"], great_wall=True, groups=GROUPS, frames=[{"k": "action", "p": 0}])
    before = getattr(s.players[0], field)
    s = act(s, {"type": "action", "group": 1, "card": "wall"})
    s = act(s, {"type": "wall", "tile": tile})
    assert getattr(s.players[0], field) == before + amount
    assert s.wall == [0] and tile not in s.players[0].wall_tiles


def test_wall_pieces_go_under_the_events_one_after_another():
    """Erweiterung I, Spielverlauf: "Das allererste gebaute Mauerteil wird unter das erste Ereignis gelegt, das
    zweite, egal von welchem Spieler, unter das zweite"."""
    s = scenario({}, players=["A", "B"], great_wall=True, groups=GROUPS,
                 frames=[{"k": "action", "p": 0}, {"k": "action", "p": 1}])
    s = act_all(s, {"type": "action", "group": 1, "card": "wall"}, {"type": "wall", "tile": "rice"})
    new, events = apply(GAME, s, {"type": "action", "group": 1, "card": "wall"})
    new, events = apply(GAME, new, {"type": "wall", "tile": "yuan"})
    built = [e.params for e in events if e.code == "dragon.wall_built"]
    assert new.wall == [0, 1] and built == [{"player": 1, "tile": "yuan", "position": 2, "amount": 2}]


def test_wall_floor_piece_is_built_at_once():
    """Erweiterung I: the palace part of a wall piece is built at once, as in Bau (ruling D5)."""
    s = scenario({}, players=["A", "B"], great_wall=True, groups=GROUPS, frames=[{"k": "action", "p": 0}])
    s = act_all(s, {"type": "action", "group": 1, "card": "wall"}, {"type": "wall", "tile": "floor"})
    assert GAME.decision(s).kind == "dragon.floor"
    s = act(s, {"type": "floor", "palace": 0})
    assert [p.floors for p in s.players[0].palaces] == [3, 2]


def test_wall_card_needs_a_piece_left():
    """Erweiterung I: without an unbuilt piece (or with the wall at the 12th event) the card cannot be chosen (D4)."""
    s = scenario({}, players=["A", "B"], great_wall=True, groups=GROUPS, frames=[{"k": "action", "p": 0}])
    s.players[0].wall_tiles = []
    s.wall = [0] * 6
    with pytest.raises(RuleError) as err:
        refuse(s, {"type": "action", "group": 1, "card": "wall"})
    assert err.value.code == "dragon.wall_unavailable" and "Mauer" in err.value.rule


def _mongol(s, month):
    s.month = month
    s.events[month - 1] = "mongol_invasion"
    run(s, {"k": "event"}, {"k": "wall_scoring"})
    return s


def test_wall_scoring_reached_gives_a_point_per_piece():
    """MAUER-WERTUNG: the wall reaches the current Mongol invasion: 1 VP per own piece."""
    s = scenario({n: [(2, [t("warrior")])] for n in ("A", "B", "C")}, players=["A", "B", "C"], great_wall=True)
    s.wall = [0, 0, 1, 2, 0]
    for p, n in ((0, 3), (1, 1), (2, 1)):
        s.players[p].wall_tiles = s.players[p].wall_tiles[n:]
    s = _mongol(s, 5)
    assert [pl.scores["wall"][4] for pl in s.players] == [3, 1, 1]
    assert [pl.scores["invasion"][4] for pl in s.players] == [1, 1, 1]


def test_wall_too_short_fewest_release():
    """MAUER-WERTUNG: the wall does not reach the invasion: the player(s) with the fewest pieces release one."""
    s = scenario(
        {"A": [(2, [t("warrior", "old"), t("farmer")])], "B": [(2, [t("warrior", "old"), t("monk")])],
         "C": [(3, [t("warrior"), t("warrior"), t("warrior")])]},
        players=["A", "B", "C"], great_wall=True,
    )
    s.wall = [0, 1]
    s.players[0].wall_tiles.pop()
    s.players[1].wall_tiles.pop()
    s = _mongol(s, 6)
    # the invasion first (A and B have the fewest helmets), then the wall (C built nothing)
    s = act_all(s, {"type": "release", "palace": 0, "tile": t("farmer")},
                {"type": "release", "palace": 0, "tile": t("monk")})
    # C's three equal warriors leave no choice: one is released at once
    assert [len(pl.persons()) for pl in s.players] == [1, 1, 2] and s.released[t("warrior")] == 1


def test_final_wall_scoring_after_month_twelve():
    """MAUER-WERTUNG: a third scoring after month 12: complete wall (12 pieces) scores in the final column."""
    result = playout(GAME, {"players": ["A", "B"], "great_wall": True}, seed=11)
    s = result.state
    if len(s.wall) == 12:
        assert sum(pl.scores["wall"][12] for pl in s.players) == 12
    else:
        assert all(pl.scores["wall"][12] == 0 for pl in s.players)
