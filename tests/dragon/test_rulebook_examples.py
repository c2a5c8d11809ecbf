"""Every worked example of the German rulebook (shared/rules/year-of-the-dragon-rules-de.txt), played
through engine actions."""

from __future__ import annotations

import pytest

from companion.core import RuleError, Session, apply
from companion.dragon.engine import GAME, advance

from .scenario import NAMES, act, act_all, player, scenario

Y, O = "young", "old"


def t(kind: str, age: str = Y) -> str:
    return f"{kind}:{age}"


def test_opening_picks_and_person_track_stacking():
    """Vor dem eigentlichen Spiel: Anna tax collector + scholar (7), Benno tax collector + farmer (7, on top),
    Clara scholar + farmer (8); Doro and Emil may take none of these pairs. Order: Clara, Benno, Anna."""
    s = Session.new(GAME, {"players": NAMES, "seed": 1})
    s.resolve_all_chance()
    assert s.decision.kind == "dragon.opening" and s.decision.player == 0
    for who, pair in ((0, ["tax_collector", "scholar"]), (1, ["tax_collector", "farmer"]), (2, ["farmer", "scholar"])):
        s.act({"type": "opening", "persons": pair})
        s.act({"type": "place", "palace": 1})  # the second person into the other palace
        assert s.state.players[who].palaces[0].persons and s.state.players[who].palaces[1].persons
    anna, benno, clara = s.state.players[:3]
    assert (anna.track, benno.track, clara.track) == (7, 7, 8)
    assert benno.stamp > anna.stamp  # Benno's disc lies on Anna's
    for pair in (["tax_collector", "scholar"], ["tax_collector", "farmer"], ["farmer", "scholar"]):
        before = GAME.to_json(s.state)
        with pytest.raises(RuleError) as err:
            s.act({"type": "opening", "persons": pair})
        assert err.value.code == "dragon.opening_pair_taken" and "Vor dem eigentlichen Spiel" in err.value.rule
        assert GAME.to_json(s.state) == before
    assert s.state.order()[:3] == [2, 1, 0]


def test_taxes_clara_then_anna_pays_three_to_join():
    """1. Phase, Steuer: Clara has no tax collector and gets 2 yuan; Anna (two tax collectors) pays 3 to join
    Clara's group and takes 8 (2+3+3)."""
    s = scenario(
        {
            "Anna": [(2, [t("tax_collector"), t("tax_collector")]), (2, [])],
            "Clara": [(2, [t("farmer")]), (2, [])],
        },
        groups=[["taxes", "build"], ["harvest"], ["research"], ["parade"], ["privilege", "fireworks"]],
        tasks=[{"t": "action", "p": 2}, {"t": "action", "p": 0}],
    )
    s = act(s, {"type": "action", "group": 1, "card": "taxes"})
    assert s.players[2].yuan == 6 + 2
    s = act(s, {"type": "action", "group": 1, "card": "taxes"})
    assert s.players[0].yuan == 6 - 3 + 8
    assert s.dragons[0] == [2, 0]


def test_build_emil_two_craftsmen_three_floors():
    """1. Phase, Bau: Emil (two craftsmen) gets three floors: two make a one-floor palace three floors high,
    the third builds a new one-floor palace."""
    s = scenario(
        {"Emil": [(1, [t("craftsman")]), (2, [t("craftsman")])]},
        groups=[["build"], ["taxes"], ["harvest"], ["research", "parade"], ["privilege", "fireworks"]],
        tasks=[{"t": "action", "p": 4}],
    )
    s = act(s, {"type": "action", "group": 1, "card": "build"})
    assert s.tasks[0] == {"t": "floor", "p": 4, "n": 3, "min": 0}
    s = act_all(s, {"type": "floor", "palace": 0}, {"type": "floor", "palace": 0}, {"type": "floor", "palace": 2})
    assert [p.floors for p in s.players[4].palaces] == [3, 2, 1]
    # never higher than three floors
    s2 = scenario(
        {"Emil": [(3, [t("craftsman")])]},
        groups=[["build"], ["taxes"], ["harvest"], ["research", "parade"], ["privilege", "fireworks"]],
        tasks=[{"t": "action", "p": 4}],
    )
    s2 = act(s2, {"type": "action", "group": 1, "card": "build"})
    with pytest.raises(RuleError) as err:
        apply(GAME, s2, {"type": "floor", "palace": 0})
    assert err.value.code == "dragon.palace_max_floors" and "Bau" in err.value.rule


def test_harvest_anna_young_and_old_farmer():
    """1. Phase, Ernte: Anna with a younger (1 sack) and an older farmer (2 sacks) gets 4 rice (1+1+2)."""
    s = scenario(
        {"Anna": [(2, [t("farmer"), t("farmer", O)]), (2, [])]},
        groups=[["harvest"], ["taxes"], ["build"], ["research", "parade"], ["privilege", "fireworks"]],
        tasks=[{"t": "action", "p": 0}],
    )
    s = act(s, {"type": "action", "group": 1, "card": "harvest"})
    assert s.players[0].rice == 4


def test_parade_benno_two_old_warriors():
    """1. Phase, Heerschau: Benno with two older warriors (2 helmets each) moves his disc 5 (1+2+2)."""
    s = scenario(
        {"Benno": [(2, [t("warrior", O), t("warrior", O)]), (2, [])]},
        groups=[["parade"], ["taxes"], ["build"], ["research", "harvest"], ["privilege", "fireworks"]],
        tasks=[{"t": "action", "p": 1}],
    )
    before = s.players[1].track
    s = act(s, {"type": "action", "group": 1, "card": "parade"})
    assert s.players[1].track == before + 5


def test_research_doro_young_and_old_scholar():
    """1. Phase, Studium: Doro with a younger (2 books) and an older scholar (3 books) scores 6 (1+2+3)."""
    s = scenario(
        {"Doro": [(2, [t("scholar"), t("scholar", O)]), (2, [])]},
        groups=[["research"], ["taxes"], ["build"], ["parade", "harvest"], ["privilege", "fireworks"]],
        tasks=[{"t": "action", "p": 3}],
    )
    s = act(s, {"type": "action", "group": 1, "card": "research"})
    assert s.players[3].vp == 6 and s.players[3].scores["research"][2] == 6


def test_three_yuan_to_join_a_group_with_two_dragons():
    """1. Phase, Achtung: Doro wants a group on which two dragons stand: she pays 3 yuan, then takes any action
    of it. Without 3 yuan she may not take it."""
    s = scenario(
        {},
        groups=[["taxes", "build"], ["harvest"], ["research"], ["parade"], ["privilege", "fireworks"]],
        tasks=[{"t": "action", "p": 3}, {"t": "action", "p": 4}],
    )
    s.dragons[0] = [0, 1]
    s = act(s, {"type": "action", "group": 1, "card": "build"})
    assert s.players[3].yuan == 3 and s.dragons[0] == [0, 1, 3]
    s = act(s, {"type": "floor", "palace": 0})
    s.players[4].yuan = 2
    before = GAME.to_json(s)
    with pytest.raises(RuleError) as err:
        apply(GAME, s, {"type": "action", "group": 1, "card": "taxes"})
    assert err.value.code == "dragon.join_needs_yuan" and err.value.params == {"cost": 3, "yuan": 2}
    assert "1. Phase Aktion" in err.value.rule and GAME.to_json(s) == before


def test_emil_tops_up_to_three_yuan():
    """1. Phase: Emil takes no action and tops up: with 1 yuan he takes 2 more (not 3)."""
    s = scenario(
        {},
        groups=[["taxes", "build"], ["harvest"], ["research"], ["parade"], ["privilege", "fireworks"]],
        tasks=[{"t": "action", "p": 4}],
    )
    s.players[4].yuan = 1
    s = act(s, {"type": "top_up"})
    assert s.players[4].yuan == 3 and all(not d for d in s.dragons)


def test_imperial_tribute_clara_pays_two_and_releases_two():
    """3. Phase, Kaisertribut: Clara has only 2 yuan: she pays them and releases two persons of her choice."""
    s = scenario(
        {"Clara": [(3, [t("farmer"), t("monk"), t("scholar")]), (2, [])]},
        tasks=[{"t": "event"}],
    )
    s.events[2] = "imperial_tribute"
    for p in range(5):
        s.players[p].yuan = 2 if p == 2 else 6
    s.tasks = [{"t": "event"}]


    advance(s)
    assert s.players[2].yuan == 0 and s.tasks[0] == {"t": "release", "p": 2, "n": 2, "why": "imperial_tribute"}
    assert all(s.players[p].yuan == 2 for p in (0, 1, 3, 4))
    s = act_all(s, {"type": "release", "palace": 0, "tile": t("farmer")}, {"type": "release", "palace": 0,
                                                                            "tile": t("monk")})
    assert s.players[2].palaces[0].persons == [t("scholar")]
    assert s.released[t("farmer")] == 1 and s.released[t("monk")] == 1


def _event(state, event):


    state.events[state.month - 1] = event
    state.tasks = [{"t": "event"}, {"t": "decay"}]
    advance(state)
    return state


def test_drought_anna_feeds_three_palaces_benno_releases_three():
    """3. Phase, Dürre: Anna has three inhabited palaces, one empty and four rice: she pays three. Benno has
    three inhabited palaces and no rice: he releases one person from each."""
    s = scenario(
        {
            "Anna": [(1, [t("farmer")]), (1, [t("monk")]), (2, [t("scholar")]), (2, [])],
            "Benno": [(2, [t("farmer"), t("healer")]), (1, [t("monk")]), (2, [t("scholar")])],
        },
        players=["Anna", "Benno"],
    )
    s.players[0].rice, s.players[1].rice = 4, 0
    s = _event(s, "drought")
    assert s.players[0].rice == 1
    assert s.tasks[0]["t"] == "drought" and s.tasks[0]["p"] == 1 and s.tasks[0]["n"] == 3
    s = act(s, {"type": "unfed", "palace": 0, "tile": t("healer")})
    with pytest.raises(RuleError) as err:
        apply(GAME, s, {"type": "unfed", "palace": 0, "tile": t("farmer")})
    assert err.value.code == "dragon.drought_one_per_palace" and "Dürre" in err.value.rule
    s = act_all(s, {"type": "unfed", "palace": 1, "tile": t("monk")})  # the last palace is then forced
    assert [p.persons for p in s.players[1].palaces] == [[t("farmer")], []]  # decay took the emptied palaces
    assert [p.floors for p in s.players[1].palaces] == [2, 1]  # 1-floor palace gone, 2-floor one shrank


def test_dragon_festival_clara_emil_anna_benno():
    """3. Phase, Drachenfest: Clara and Emil have 3 rockets, Anna 2, Benno 1: Clara and Emil get 6 VP and give
    back two each, Anna gets 3 VP and gives back one, Benno gets nothing and gives back nothing."""
    s = scenario({})
    for name, n in (("Clara", 3), ("Emil", 3), ("Anna", 2), ("Benno", 1), ("Doro", 0)):
        s.players[player(s, name)].fireworks = n
    s = _event(s, "dragon_festival")
    assert [pl.vp for pl in s.players] == [3, 0, 6, 0, 6]
    assert [pl.fireworks for pl in s.players] == [1, 1, 1, 0, 1]


def test_mongol_invasion_helmets_and_fewest_release():
    """3. Phase, Mongolensturm: Anna and Benno have 3 helmets, Clara 2, Doro and Emil 1 each: they move 3, 3, 2,
    1, 1; then Doro and Emil release a person each."""
    s = scenario(
        {
            "Anna": [(2, [t("warrior"), t("warrior", O)]), (2, [])],
            "Benno": [(2, [t("warrior"), t("warrior", O)]), (2, [])],
            "Clara": [(2, [t("warrior", O)]), (2, [])],
            "Doro": [(2, [t("warrior"), t("farmer")]), (2, [])],
            "Emil": [(2, [t("warrior")]), (2, [t("monk")])],
        }
    )
    s = _event(s, "mongol_invasion")
    assert [pl.vp for pl in s.players] == [3, 3, 2, 1, 1]
    assert [(task["t"], task["p"]) for task in s.tasks[:2]] == [("release", 3), ("release", 4)] or (
        s.tasks[0]["p"] in (3, 4)
    )
    while s.tasks and s.tasks[0]["t"] == "release":
        s = act(s, GAME.decision(s).options[0])
    assert len(s.players[3].persons()) == 1 and len(s.players[4].persons()) == 1
    assert len(s.players[0].persons()) == 2


def test_mongol_invasion_all_equal_all_release():
    """3. Phase, Mongolensturm, Hinweis: if all have equally many helmets (e.g. 0), everyone releases one."""
    s = scenario({n: [(2, [t("farmer")]), (2, [])] for n in NAMES[:3]}, players=NAMES[:3])
    s = _event(s, "mongol_invasion")
    assert all(not pl.persons() for pl in s.players)


def test_contagion_clara_two_healers_loses_one():
    """3. Phase, Krankheit: Clara has two younger healers (one mortar each) and loses only one person."""
    s = scenario(
        {
            "Clara": [(2, [t("healer"), t("healer")]), (2, [t("farmer")])],
            "Anna": [(3, [t("farmer"), t("monk"), t("scholar")]), (2, [t("warrior")])],
        },
        players=["Anna", "Clara"],
    )
    s = _event(s, "contagion")
    while GAME.decision(s) is not None and s.tasks[0]["t"] == "release":
        s = act(s, GAME.decision(s).options[-1])
    assert len(s.players[1].persons()) == 2
    assert len(s.players[0].persons()) == 1


def test_round_scoring_anna_three_palaces_two_ladies_large_privilege():
    """4. Phase, Wertung: Anna has three palaces (among them two court ladies) and a large privilege: 3+2+2 = 7."""
    s = scenario(
        {"Anna": [(2, [t("court_lady"), t("court_lady")]), (2, [t("farmer")]), (1, [t("monk")])]},
        players=["Anna", "Benno"],
    )
    s.players[0].large_privileges = 1
    s.tasks = [{"t": "round_score"}]


    advance(s)
    assert s.players[0].vp == 7
    assert s.players[0].scores["palaces"][2] == 3 and s.players[0].scores["court_ladies"][2] == 2
    assert s.players[0].scores["privileges"][2] == 2


def test_final_scoring_benno_25():
    """Spielende: Benno has seven persons (a younger monk in a two-floor and an older monk in a three-floor
    palace), one rice, two rockets and 4 yuan: 14 + 8 (1x2 + 2x3) + 3 (10 yuan : 3) = 25."""
    s = scenario(
        {
            "Benno": [
                (2, [t("monk"), t("farmer", O)]),
                (3, [t("monk", O), t("healer", O), t("scholar", O)]),
                (2, [t("warrior", O), t("pyrotechnist", O)]),
            ]
        },
        players=["Anna", "Benno"],
        month=12,
    )
    b = s.players[1]
    b.rice, b.fireworks, b.yuan = 1, 2, 4
    s.tasks = [{"t": "final_score"}]


    advance(s)
    assert b.vp == 25 and s.over and GAME.decision(s) is None
    sheet = GAME.score(s)
    assert sheet.row("dragon.score.persons").values[1] == 14
    assert sheet.row("dragon.score.monks").values[1] == 8
    assert sheet.row("dragon.score.money").values[1] == 3


def test_flood_example_three_of_seven():
    """Super-Ereignisse, Flut: a player with 3 yuan, 2 rice and 2 rockets (7) hands back 3 in any mix, e.g.
    2 yuan and 1 rocket."""
    s = scenario({}, players=["Anna", "Benno"], month=7, super_event="flood")
    s.players[0].yuan, s.players[0].rice, s.players[0].fireworks = 3, 2, 2
    s.players[1].yuan, s.players[1].rice, s.players[1].fireworks = 1, 0, 0
    s.tasks = [{"t": "super"}]


    advance(s)
    d = GAME.decision(s)
    assert d.player == 0 and [o["yuan"] for o in d.options] == [0, 1, 2, 3]
    s = act_all(s, {"type": "flood_yuan", "yuan": 2}, {"type": "flood_rice", "rice": 0})
    a = s.players[0]
    assert (a.yuan, a.rice, a.fireworks) == (1, 2, 1)
    assert s.players[1].yuan == 1  # half of 1, rounded down, is nothing


def test_solar_eclipse_festival_twice():
    """Super-Ereignisse, Sonnenfinsternis: the festival happens again after the scorers gave back half."""
    s = scenario({}, players=["Anna", "Benno"], month=7, super_event="solar_eclipse")
    s.players[0].fireworks, s.players[1].fireworks = 4, 1
    s.events[6] = "dragon_festival"
    s.tasks = [{"t": "event"}, {"t": "super"}]


    advance(s)
    # first: Anna 6 (4 -> 2), Benno 3 (1 -> 0); again: Anna 6 (2 -> 1), Benno has none
    assert [pl.vp for pl in s.players] == [12, 3]
    assert [pl.fireworks for pl in s.players] == [1, 0]


def test_person_phase_place_replace_discard_and_sold_out():
    """2. Phase: a person must go into a palace with room; with all palaces full it may replace a person (who
    leaves the game) or be discarded (no points); a card whose persons are gone brings nothing."""
    s = scenario(
        {"Anna": [(1, [t("farmer")]), (1, [])], "Benno": [(1, [t("monk")])]},
        players=["Anna", "Benno"],
        tasks=[{"t": "card", "p": 0}, {"t": "card", "p": 1}],
    )
    s = act(s, {"type": "card", "card": "scholar"})
    s = act(s, {"type": "tile", "tile": t("scholar", O)})
    track = s.players[0].track
    assert s.players[0].palaces[1].persons == [t("scholar", O)] and s.players[0].track == track  # forced placement
    assert s.players[0].stamp > 0
    before = GAME.to_json(s)
    s = act(s, {"type": "card", "card": "wild"})
    s = act(s, {"type": "tile", "tile": t("monk")})
    with pytest.raises(RuleError):
        apply(GAME, s, {"type": "place", "palace": 0})
    s_discard = act(s, {"type": "discard"})
    assert s_discard.released[t("monk")] == 1 and s_discard.players[1].track == 0
    s_replace = act(s, {"type": "replace", "palace": 0, "tile": t("monk")})
    assert s_replace.players[1].track == 6 and s_replace.released[t("monk")] == 1
    assert before != GAME.to_json(s)
    # sold out: no scholar tile left at all
    s2 = scenario({}, players=["Anna", "Benno"], tasks=[{"t": "card", "p": 0}])
    s2.supply[t("scholar")] = s2.supply[t("scholar", O)] = 0
    s2.released[t("scholar")] = 3
    s2.released[t("scholar", O)] = 1
    s2, events = apply(GAME, s2, {"type": "card", "card": "scholar"})
    assert any(e.code == "dragon.no_person_left" for e in events) and not s2.players[0].persons()


def test_month_twelve_skips_person_phase():
    """2. Phase, Hinweise: in month 12 the person phase is skipped (nobody has a card left)."""
    s = scenario({}, players=["Anna", "Benno"], month=12)
    s.tasks = [{"t": "person_phase"}, {"t": "event"}, {"t": "decay"}, {"t": "round_score"}, {"t": "month_end"}]


    events = advance(s)
    assert any(e.code == "dragon.person_phase_skipped" for e in events) and s.over


def test_action_order_by_person_track_stacked_discs_top_first():
    """1. Phase: order by the person track, highest first; discs on one field act from the top down."""
    s = scenario({}, players=["Anna", "Benno", "Clara"])
    s.players[0].track, s.players[1].track, s.players[2].track = 7, 7, 8
    s.advance(0, 0)
    s.players[0].stamp, s.players[1].stamp = 1, 2  # Benno arrived later: his disc lies on Anna's
    s.groups = [["taxes", "build", "harvest"], ["parade", "research"], ["privilege", "fireworks"]]
    s.dragons = [[], [], []]
    s.tasks = [{"t": "action_phase"}]
    advance(s)
    assert [task["p"] for task in s.tasks] == [2, 1, 0]


def test_releases_happen_in_person_track_order():
    """3. Phase, Allgemeiner Hinweis: when several players must release, they do so in person-track order."""
    s = scenario(
        {"Anna": [(2, [t("farmer"), t("monk")])], "Benno": [(2, [t("scholar"), t("healer")])]},
        players=["Anna", "Benno"],
    )
    s.players[0].track, s.players[1].track = 10, 20
    for pl in s.players:
        pl.yuan = 3
    s = _event(s, "imperial_tribute")
    assert GAME.decision(s).player == 1
    s = act(s, {"type": "release", "palace": 0, "tile": t("healer")})
    assert GAME.decision(s).player == 0
