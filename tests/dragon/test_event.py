"""3. Phase: Ereignis: the five events and peace, the releases in person-track order, and Verfall."""

from __future__ import annotations

import pytest

from companion.core import RuleError
from companion.dragon.engine import GAME

from .scenario import NAMES, act, act_all, pending, player, refuse, run, scenario

Y, O = "young", "old"


def t(kind: str, age: str = Y) -> str:
    return f"{kind}:{age}"


def _event(state, event):
    """This month's event, then decay."""
    state.events[state.month - 1] = event
    run(state, {"k": "event"}, {"k": "decay"})
    return state


def test_imperial_tribute_clara_pays_two_and_releases_two():
    """3. Phase, Kaisertribut, Beispiel: Clara has only 2 yuan: she pays them and releases two persons of her
    choice."""
    s = scenario({"Clara": [(3, [t("farmer"), t("monk"), t("scholar")]), (2, [])]})
    s.events[2] = "imperial_tribute"
    for p in range(5):
        s.players[p].yuan = 2 if p == 2 else 6
    run(s, {"k": "event"})
    assert s.players[2].yuan == 0 and s.stack[-1] == {"k": "release", "p": 2, "n": 2, "why": "imperial_tribute"}
    assert all(s.players[p].yuan == 2 for p in (0, 1, 3, 4))
    s = act_all(s, {"type": "release", "palace": 0, "tile": t("farmer")}, {"type": "release", "palace": 0,
                                                                            "tile": t("monk")})
    assert s.players[2].palaces[0].persons == [t("scholar")]
    assert s.released[t("farmer")] == 1 and s.released[t("monk")] == 1


def test_tribute_tax_collectors_coins_do_not_help():
    """3. Phase, Kaisertribut, Hinweise: the coins on tax collectors do not count; no voluntary releases."""
    s = scenario({"Anna": [(2, [t("tax_collector"), t("tax_collector")])]}, players=["Anna", "Benno"])
    s.players[0].yuan = 4
    _event(s, "imperial_tribute")
    assert s.players[0].yuan == 0 and len(s.players[0].persons()) == 2 and GAME.decision(s) is None


def test_drought_anna_feeds_three_palaces_benno_releases_three():
    """3. Phase, Dürre, Beispiel: Anna has three inhabited palaces, one empty and four rice: she pays three. Benno
    has three inhabited palaces and no rice: he releases one person from each."""
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
    top = s.stack[-1]
    assert top["k"] == "drought" and top["p"] == 1 and top["n"] == 3
    s = act(s, {"type": "unfed", "palace": 0, "tile": t("healer")})
    with pytest.raises(RuleError) as err:
        refuse(s, {"type": "unfed", "palace": 0, "tile": t("farmer")})
    assert err.value.code == "dragon.drought_one_per_palace" and "Dürre" in err.value.rule
    s = act_all(s, {"type": "unfed", "palace": 1, "tile": t("monk")})  # the last palace is then forced
    assert [p.persons for p in s.players[1].palaces] == [[t("farmer")], []]  # decay took the emptied palaces
    assert [p.floors for p in s.players[1].palaces] == [2, 1]  # 1-floor palace gone, 2-floor one shrank


def test_drought_farmers_sacks_do_not_help():
    """3. Phase, Dürre, Hinweise: the sacks on farmers do not feed a palace."""
    s = scenario({"Anna": [(2, [t("farmer", O)])]}, players=["Anna", "Benno"])
    _event(s, "drought")
    assert not s.players[0].persons()


def test_dragon_festival_clara_emil_anna_benno():
    """3. Phase, Drachenfest, Beispiel: Clara and Emil have 3 rockets, Anna 2, Benno 1: Clara and Emil get 6 VP and
    give back two each, Anna gets 3 VP and gives back one, Benno gets nothing and gives back nothing."""
    s = scenario({})
    for name, n in (("Clara", 3), ("Emil", 3), ("Anna", 2), ("Benno", 1), ("Doro", 0)):
        s.players[player(s, name)].fireworks = n
    s = _event(s, "dragon_festival")
    assert [pl.vp for pl in s.players] == [3, 0, 6, 0, 6]
    assert [pl.fireworks for pl in s.players] == [1, 1, 1, 0, 1]


def test_dragon_festival_without_rockets_no_points():
    """3. Phase, Drachenfest, Hinweise: players without rockets never score, even as the only second."""
    s = scenario({}, players=["Anna", "Benno"])
    s.players[0].fireworks = 5
    s = _event(s, "dragon_festival")
    assert [pl.vp for pl in s.players] == [6, 0] and s.players[0].fireworks == 2


def test_mongol_invasion_helmets_and_fewest_release():
    """3. Phase, Mongolensturm, Beispiel: Anna and Benno have 3 helmets, Clara 2, Doro and Emil 1 each: they move 3,
    3, 2, 1, 1; then Doro and Emil release a person each (a warrior may be the one: ruling of the example)."""
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
    assert [(f["k"], f["p"]) for f in pending(s)[:2]] == [("release", 3), ("release", 4)] or (
        s.stack[-1]["p"] in (3, 4)
    )
    assert {"type": "release", "palace": 0, "tile": t("warrior")} in GAME.decision(s).options
    while s.stack and s.stack[-1]["k"] == "release":
        s = act(s, GAME.decision(s).options[0])
    assert len(s.players[3].persons()) == 1 and len(s.players[4].persons()) == 1
    assert len(s.players[0].persons()) == 2


def test_mongol_invasion_all_equal_all_release():
    """3. Phase, Mongolensturm, Hinweis: if all have equally many helmets (e.g. 0), everyone releases one."""
    s = scenario({n: [(2, [t("farmer")]), (2, [])] for n in NAMES[:3]}, players=NAMES[:3])
    s = _event(s, "mongol_invasion")
    assert all(not pl.persons() for pl in s.players)


def test_contagion_clara_two_healers_loses_one():
    """3. Phase, Krankheit, Beispiel: Clara has two younger healers (one mortar each) and loses only one person."""
    s = scenario(
        {
            "Clara": [(2, [t("healer"), t("healer")]), (2, [t("farmer")])],
            "Anna": [(3, [t("farmer"), t("monk"), t("scholar")]), (2, [t("warrior")])],
        },
        players=["Anna", "Clara"],
    )
    s = _event(s, "contagion")
    while GAME.decision(s) is not None and s.stack[-1]["k"] == "release":
        s = act(s, GAME.decision(s).options[-1])
    assert len(s.players[1].persons()) == 2
    assert len(s.players[0].persons()) == 1


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


def test_decay_empty_palaces_shrink_and_a_new_empty_palace_disappears():
    """3. Phase, Verfall, Hinweis: every uninhabited palace loses a floor; so a new one-floor palace left empty
    through the person phase is gone again."""
    s = scenario({"Anna": [(2, [t("farmer")]), (3, []), (1, [])]}, players=["Anna", "Benno"])
    events = run(s, {"k": "decay"})
    assert [p.floors for p in s.players[0].palaces] == [2, 2]
    assert ("dragon.palace_gone", {"player": 0, "palace": 2}) in [(e.code, e.params) for e in events]
