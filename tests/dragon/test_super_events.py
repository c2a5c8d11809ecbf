"""Erweiterung II: Die Super-Ereignisse: timing and the ten corners."""

from __future__ import annotations

import pytest

from companion.core import RuleError, Session, apply
from companion.core.playout import playout
from companion.dragon.engine import GAME
from companion.dragon.flow import FLOW

from .scenario import act, act_all, pending, run, scenario


def t(kind: str, age: str = "young") -> str:
    return f"{kind}:{age}"


def _super(name, palaces=None, players=("A", "B", "C")):
    s = scenario(palaces or {}, players=list(players), month=7, super_event=name)
    run(s, {"k": "super"})
    return s


def test_super_event_timing_random_hidden_chosen():
    """Erweiterung II, Spielvorbereitung: the corner lies on the 7th event; resolved after the event, before decay
    and scoring; chosen by the group, drawn, or hidden until then."""
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
    assert hidden.state.month == 7 and hidden.state.phase == "super_event"
    assert hidden.decision.hidden  # the corner lay face down since the setup: only the table turns it up
    assert [f["k"] for f in pending(hidden.state)[1:3]] == ["super", "flow"]
    assert FLOW.phases["super_event"].following(hidden.state) == "decay"


def test_lanternfest_and_buddha():
    """Laternenfest: 2 VP per person, as at the end; Buddha: Buddhas x floors, as at the end."""
    s = _super("lanternfest", {"A": [(2, [t("farmer"), t("monk")]), (1, [t("scholar")])]})
    assert s.players[0].scores["super_event"][6] == 6
    s = _super("buddha", {"A": [(3, [t("monk", "old"), t("monk")])], "B": [(2, [t("monk")])]})
    assert [pl.vp for pl in s.players] == [9, 2, 0]


def test_earthquake_two_floors_and_forced_release():
    """Erdbeben: two floors of the player's choice; "Eventuell müssen dadurch Personen aus den verkleinerten
    Palästen entlassen werden"."""
    s = _super("earthquake", {"A": [(2, [t("farmer"), t("monk")]), (1, [t("scholar")])]}, players=("A", "B"))
    d = GAME.decision(s)
    assert d.kind == "dragon.quake" and d.player == 0
    s = act(s, {"type": "remove_floor", "palace": 0, "release": t("monk")})
    s = act(s, {"type": "remove_floor", "palace": 1})
    a = s.players[0]
    assert [p.floors for p in a.palaces] == [1] and a.palaces[0].persons == [t("farmer")]
    assert s.released[t("monk")] == 1 and s.released[t("scholar")] == 1


def test_flood_example_three_of_seven():
    """Super-Ereignisse, Flut, Beispiel: a player with 3 yuan, 2 rice and 2 rockets (7) hands back 3 in any mix,
    "beispielsweise 2 Yuan und 1 Rakete oder 1 Yuan und 2 Reis"."""
    s = scenario({}, players=["Anna", "Benno"], month=7, super_event="flood")
    s.players[0].yuan, s.players[0].rice, s.players[0].fireworks = 3, 2, 2
    s.players[1].yuan, s.players[1].rice, s.players[1].fireworks = 1, 0, 0
    run(s, {"k": "super"})
    d = GAME.decision(s)
    assert d.player == 0 and [o["yuan"] for o in d.options] == [0, 1, 2, 3]
    other = act_all(s, {"type": "flood_yuan", "yuan": 1}, {"type": "flood_rice", "rice": 2})
    assert (other.players[0].yuan, other.players[0].rice, other.players[0].fireworks) == (2, 0, 2)
    s = act_all(s, {"type": "flood_yuan", "yuan": 2}, {"type": "flood_rice", "rice": 0})
    a = s.players[0]
    assert (a.yuan, a.rice, a.fireworks) == (1, 2, 1)
    assert s.players[1].yuan == 1  # half of 1, rounded down, is nothing


def test_solar_eclipse_festival_twice():
    """Super-Ereignisse, Sonnenfinsternis, Beispiel: the festival happens again after the scorers gave back half."""
    s = scenario({}, players=["Anna", "Benno"], month=7, super_event="solar_eclipse")
    s.players[0].fireworks, s.players[1].fireworks = 4, 1
    s.events[6] = "dragon_festival"
    run(s, {"k": "event"}, {"k": "super"})
    # first: Anna 6 (4 -> 2), Benno 3 (1 -> 0); again: Anna 6 (2 -> 1), Benno has none
    assert [pl.vp for pl in s.players] == [12, 3]
    assert [pl.fireworks for pl in s.players] == [1, 0]


def test_volcanic_eruption_keeps_the_order():
    """Vulkanausbruch: all discs to 0, "die Scheibe des ehemals Führenden ist oben"."""
    s = scenario({}, players=["A", "B", "C"], month=7, super_event="volcanic_eruption")
    for pl, track in zip(s.players, (10, 30, 20), strict=True):
        pl.track = track
    run(s, {"k": "super"})
    assert [pl.track for pl in s.players] == [0, 0, 0] and s.order() == [1, 2, 0]


def test_tornado_discards_two_and_person_phase_skips_later():
    """Wirbelsturm: everyone discards two person cards, so months 10-12 have no person phase."""
    s = scenario({}, players=["A", "B"], month=7, super_event="tornado")
    for pl in s.players:
        pl.played, pl.hand = pl.hand[:7], pl.hand[7:]
    run(s, {"k": "super"})
    while GAME.decision(s) is not None and GAME.decision(s).kind == "dragon.tornado":
        s = act(s, GAME.decision(s).options[0])
    assert [len(pl.hand) for pl in s.players] == [2, 2]


def test_tornado_leaves_one_card_for_months_eight_and_nine():
    """Wirbelsturm: "die Spieler haben danach nur noch je eine Karte für die Monate 8 und 9 - und überspringen
    somit die 2. Spielphase in den Monaten 10, 11 und 12"."""
    result = playout(GAME, {"players": ["A", "B", "C"], "super_event": "tornado"}, seed=3)
    session, played = Session.new(GAME, result.setup), []
    for action in result.log:
        month = session.state.month  # a card is played in the month of the action that leads to it
        played += [month for e in session.act(action) if e.code == "dragon.card_played"]
    assert sorted(set(played)) == list(range(1, 10)) and played.count(8) == played.count(9) == 3


def test_sunrise_each_type_once():
    """Sonnenaufgang, Achtung: a free young person, of a type no one else took in this event; points on the track."""
    s = _super("sunrise", players=("A", "B"))
    s = act(s, {"type": "sunrise", "tile": t("monk")})  # placement into two equal empty palaces is forced
    assert s.players[0].track == 6
    with pytest.raises(RuleError) as err:
        apply(GAME, s, {"type": "sunrise", "tile": t("monk")})
    assert err.value.code == "dragon.sunrise_taken"


def test_assassination_removes_privileges_before_scoring():
    """Attentat: all privileges go back "ersatzlos", already before this month's scoring."""
    s = scenario({}, players=["A", "B"], month=7, super_event="assassination")
    s.players[0].large_privileges = 2
    run(s, {"k": "super"}, {"k": "round_score"})
    assert s.players[0].large_privileges == 0 and s.players[0].scores["privileges"][6] == 0


def test_charter_benefit_of_one_type():
    """Freibrief, Beispiel: farmers bring rice per sack, monks Buddhas x floors, scholars a VP per book."""
    palaces = {"A": [(3, [t("farmer", "old"), t("monk", "old"), t("scholar")])]}
    s = _super("charter", palaces, players=("A", "B"))
    assert [o["kind"] for o in GAME.decision(s).options] == ["monk", "farmer", "scholar"]
    assert act(s, {"type": "charter", "kind": "farmer"}).players[0].rice == 2
    assert act(s, {"type": "charter", "kind": "monk"}).players[0].vp == 6
    assert act(s, {"type": "charter", "kind": "scholar"}).players[0].vp == 2
