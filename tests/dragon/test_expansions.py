"""Expansion I (Die chinesische Mauer) and Expansion II (Die Super-Ereignisse)."""

from __future__ import annotations

import pytest

from companion.core import RuleError, Session, apply
from companion.core.playout import playout
from companion.dragon.engine import GAME, advance

from .scenario import act, act_all, scenario

GROUPS = [["wall", "taxes", "build", "harvest"], ["parade", "research", "fireworks", "privilege"]]


def t(kind: str, age: str = "young") -> str:
    return f"{kind}:{age}"


@pytest.mark.parametrize(
    ("tile", "field", "amount"),
    [("rice", "rice", 1), ("firework", "fireworks", 1), ("yuan", "yuan", 2), ("person_points", "track", 3),
     ("victory_points", "vp", 3)],
)
def test_wall_piece_bonus(tile, field, amount):
    """Erweiterung I: building a wall piece gives its bonus; the piece goes under the next event."""
    s = scenario({}, players=["A", "B"], great_wall=True, groups=GROUPS, tasks=[{"t": "action", "p": 0}])
    before = getattr(s.players[0], field)
    s = act(s, {"type": "action", "group": 1, "card": "wall"})
    s = act(s, {"type": "wall", "tile": tile})
    assert getattr(s.players[0], field) == before + amount
    assert s.wall == [0] and tile not in s.players[0].wall_tiles


def test_wall_floor_piece_is_built_at_once():
    s = scenario({}, players=["A", "B"], great_wall=True, groups=GROUPS, tasks=[{"t": "action", "p": 0}])
    s = act_all(s, {"type": "action", "group": 1, "card": "wall"}, {"type": "wall", "tile": "floor"})
    assert GAME.decision(s).kind == "dragon.floor"
    s = act(s, {"type": "floor", "palace": 0})
    assert [p.floors for p in s.players[0].palaces] == [3, 2]


def test_wall_card_needs_a_piece_left():
    s = scenario({}, players=["A", "B"], great_wall=True, groups=GROUPS, tasks=[{"t": "action", "p": 0}])
    s.players[0].wall_tiles = []
    s.wall = [0] * 6
    with pytest.raises(RuleError) as err:
        apply(GAME, s, {"type": "action", "group": 1, "card": "wall"})
    assert err.value.code == "dragon.wall_unavailable" and "Mauer" in err.value.rule


def _mongol(s, month):
    s.month = month
    s.events[month - 1] = "mongol_invasion"
    s.tasks = [{"t": "event"}, {"t": "wall_check"}]
    advance(s)
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


# -- super events ---------------------------------------------------------------------------
def _super(name, palaces=None, players=("A", "B", "C")):
    s = scenario(palaces or {}, players=list(players), month=7, super_event=name)
    s.tasks = [{"t": "super"}]
    advance(s)
    return s


def test_super_event_timing_random_hidden_chosen():
    """Erweiterung II: the corner lies on the 7th event; resolved after the event, before decay and scoring."""
    chosen = Session.new(GAME, {"players": ["A", "B"], "super_event": "buddha"})
    assert chosen.state.super_event == "buddha"
    rnd = Session.new(GAME, {"players": ["A", "B"], "super_event": "random"})
    kinds = []
    while rnd.decision.is_chance:
        kinds.append(rnd.decision.kind)
        rnd.resolve_chance()
    assert "dragon.super_draw" in kinds and rnd.state.super_event
    hidden = Session.new(GAME, {"players": ["A", "B"], "super_event": "hidden", "seed": 4})
    while hidden.decision.kind != "dragon.super_draw":
        assert hidden.state.super_event is None
        d = hidden.decision
        hidden.resolve_chance() if d.is_chance else hidden.act(d.options[0])
    assert hidden.state.month == 7
    assert [task["t"] for task in hidden.state.tasks[1:3]] == ["super", "decay"]


def test_lanternfest_and_buddha():
    s = _super("lanternfest", {"A": [(2, [t("farmer"), t("monk")]), (1, [t("scholar")])]})
    assert s.players[0].scores["super_event"][6] == 6
    s = _super("buddha", {"A": [(3, [t("monk", "old"), t("monk")])], "B": [(2, [t("monk")])]})
    assert [pl.vp for pl in s.players] == [9, 2, 0]


def test_earthquake_two_floors_and_forced_release():
    """Erdbeben: two floors of the player's choice; a palace too small loses persons."""
    s = _super("earthquake", {"A": [(2, [t("farmer"), t("monk")]), (1, [t("scholar")])]}, players=("A", "B"))
    d = GAME.decision(s)
    assert d.kind == "dragon.quake" and d.player == 0
    s = act(s, {"type": "remove_floor", "palace": 0, "release": t("monk")})
    s = act(s, {"type": "remove_floor", "palace": 1})
    a = s.players[0]
    assert [p.floors for p in a.palaces] == [1] and a.palaces[0].persons == [t("farmer")]
    assert s.released[t("monk")] == 1 and s.released[t("scholar")] == 1


def test_volcanic_eruption_keeps_the_order():
    """Vulkanausbruch: all discs to 0, the former leader on top."""
    s = scenario({}, players=["A", "B", "C"], month=7, super_event="volcanic_eruption")
    for pl, track in zip(s.players, (10, 30, 20), strict=True):
        pl.track = track
    s.tasks = [{"t": "super"}]
    advance(s)
    assert [pl.track for pl in s.players] == [0, 0, 0] and s.order() == [1, 2, 0]


def test_tornado_discards_two_and_person_phase_skips_later():
    """Wirbelsturm: everyone discards two person cards, so months 10-12 have no person phase."""
    s = scenario({}, players=["A", "B"], month=7, super_event="tornado")
    for pl in s.players:
        pl.played, pl.hand = pl.hand[:7], pl.hand[7:]
    s.tasks = [{"t": "super"}]
    advance(s)
    while GAME.decision(s) is not None and GAME.decision(s).kind == "dragon.tornado":
        s = act(s, GAME.decision(s).options[0])
    assert [len(pl.hand) for pl in s.players] == [2, 2]


def test_sunrise_each_type_once():
    """Sonnenaufgang: a free young person, of a type no one else took in this event; points on the track."""
    s = _super("sunrise", players=("A", "B"))
    s = act(s, {"type": "sunrise", "tile": t("monk")})  # placement into two equal empty palaces is forced
    assert s.players[0].track == 6
    with pytest.raises(RuleError) as err:
        apply(GAME, s, {"type": "sunrise", "tile": t("monk")})
    assert err.value.code == "dragon.sunrise_taken"


def test_assassination_removes_privileges_before_scoring():
    s = scenario({}, players=["A", "B"], month=7, super_event="assassination")
    s.players[0].large_privileges = 2
    s.tasks = [{"t": "super"}, {"t": "round_score"}]
    advance(s)
    assert s.players[0].large_privileges == 0 and s.players[0].scores["privileges"][6] == 0


def test_charter_benefit_of_one_type():
    """Freibrief: farmers bring rice per sack, monks Buddhas x floors, scholars a VP per book."""
    palaces = {"A": [(3, [t("farmer", "old"), t("monk", "old"), t("scholar")])]}
    s = _super("charter", palaces, players=("A", "B"))
    assert [o["kind"] for o in GAME.decision(s).options] == ["monk", "farmer", "scholar"]
    assert act(s, {"type": "charter", "kind": "farmer"}).players[0].rice == 2
    assert act(s, {"type": "charter", "kind": "monk"}).players[0].vp == 6
    assert act(s, {"type": "charter", "kind": "scholar"}).players[0].vp == 2
