"""1. Phase: Aktion: card groups, the order of the person track, the seven actions, joining, topping up."""

from __future__ import annotations

import pytest

from companion.core import RuleError, Session, apply
from companion.core.canonical import canonical_bytes
from companion.dragon.components import components_for
from companion.dragon.engine import GAME
from companion.dragon.flow import FLOW

from .scenario import act, act_all, refuse, scenario

Y, O = "young", "old"


def t(kind: str, age: str = Y) -> str:
    return f"{kind}:{age}"


@pytest.mark.parametrize(
    ("n", "wall", "sizes"),
    [(2, False, [4, 3]), (3, False, [3, 2, 2]), (4, False, [2, 2, 2, 1]), (5, False, [2, 2, 1, 1, 1]),
     (2, True, [4, 4]), (3, True, [3, 3, 2]), (4, True, [2, 2, 2, 2]), (5, True, [2, 2, 2, 1, 1])],
)
def test_card_groups_as_equal_as_possible(n, wall, sizes):
    """1. Phase: as many groups as players, as equal as possible (8 cards with the Mauerbau card); "Beispiel für
    eine Auslage bei 4 Spielern": 2, 2, 2 and 1 card."""
    s = Session.new(GAME, {"players": [f"P{i}" for i in range(n)], "seed": n, "great_wall": wall})
    while not s.state.groups or len(s.state.groups) < n:
        d = s.decision
        s.resolve_chance() if d.is_chance else s.act(d.options[0])
    assert [len(g) for g in s.state.groups] == sizes
    assert sorted(c for g in s.state.groups for c in g) == sorted(components_for(s.state.key).cards)


def test_action_order_by_person_track_stacked_discs_top_first():
    """1. Phase: order by the person track, highest first; "Befinden sich mehrere Personenscheiben auf demselben
    Feld, werden die Aktionen in der Reihenfolge der Scheiben von oben nach unten ausgeführt"."""
    s = scenario({}, players=["Anna", "Benno", "Clara"])
    s.players[0].track, s.players[1].track, s.players[2].track = 7, 7, 8
    s.advance(0, 0)
    s.players[0].stamp, s.players[1].stamp = 1, 2  # Benno arrived later: his disc lies on Anna's
    s.groups = [["taxes", "build", "harvest"], ["parade", "research"], ["privilege", "fireworks"]]
    s.dragons = [[], [], []]
    frames = FLOW.phases["action"].steps(s)
    assert [f["p"] for f in frames if f["k"] == "action"] == [2, 1, 0]


def test_taxes_clara_then_anna_pays_three_to_join():
    """1. Phase, Steuer, Beispiel: Clara has no tax collector and gets 2 yuan; Anna (two tax collectors) pays 3 to
    join Clara's group and takes 8 (2+3+3)."""
    s = scenario(
        {
            "Anna": [(2, [t("tax_collector"), t("tax_collector")]), (2, [])],
            "Clara": [(2, [t("farmer")]), (2, [])],
        },
        groups=[["taxes", "build"], ["harvest"], ["research"], ["parade"], ["privilege", "fireworks"]],
        frames=[{"k": "action", "p": 2}, {"k": "action", "p": 0}],
    )
    s = act(s, {"type": "action", "group": 1, "card": "taxes"})
    assert s.players[2].yuan == 6 + 2
    s = act(s, {"type": "action", "group": 1, "card": "taxes"})
    assert s.players[0].yuan == 6 - 3 + 8
    assert s.dragons[0] == [2, 0]


def test_build_emil_two_craftsmen_three_floors():
    """1. Phase, Bau, Beispiel: Emil (two craftsmen) gets three floors: two make a one-floor palace three floors
    high, the third builds a new one-floor palace."""
    s = scenario(
        {"Emil": [(1, [t("craftsman")]), (2, [t("craftsman")])]},
        groups=[["build"], ["taxes"], ["harvest"], ["research", "parade"], ["privilege", "fireworks"]],
        frames=[{"k": "action", "p": 4}],
    )
    s = act(s, {"type": "action", "group": 1, "card": "build"})
    assert s.stack[-1] == {"k": "floor", "p": 4, "n": 3, "min": 0}
    s = act_all(s, {"type": "floor", "palace": 0}, {"type": "floor", "palace": 0}, {"type": "floor", "palace": 2})
    assert [p.floors for p in s.players[4].palaces] == [3, 2, 1]
    # never higher than three floors
    s2 = scenario(
        {"Emil": [(3, [t("craftsman")])]},
        groups=[["build"], ["taxes"], ["harvest"], ["research", "parade"], ["privilege", "fireworks"]],
        frames=[{"k": "action", "p": 4}],
    )
    s2 = act(s2, {"type": "action", "group": 1, "card": "build"})
    with pytest.raises(RuleError) as err:
        apply(GAME, s2, {"type": "floor", "palace": 0})
    assert err.value.code == "dragon.palace_max_floors" and "Bau" in err.value.rule


def test_harvest_anna_young_and_old_farmer():
    """1. Phase, Ernte, Beispiel: Anna with a younger (1 sack) and an older farmer (2 sacks) gets 4 rice (1+1+2)."""
    s = scenario(
        {"Anna": [(2, [t("farmer"), t("farmer", O)]), (2, [])]},
        groups=[["harvest"], ["taxes"], ["build"], ["research", "parade"], ["privilege", "fireworks"]],
        frames=[{"k": "action", "p": 0}],
    )
    s = act(s, {"type": "action", "group": 1, "card": "harvest"})
    assert s.players[0].rice == 4


def test_parade_benno_two_old_warriors():
    """1. Phase, Heerschau, Beispiel: Benno with two older warriors (2 helmets each) moves his disc 5 (1+2+2)."""
    s = scenario(
        {"Benno": [(2, [t("warrior", O), t("warrior", O)]), (2, [])]},
        groups=[["parade"], ["taxes"], ["build"], ["research", "harvest"], ["privilege", "fireworks"]],
        frames=[{"k": "action", "p": 1}],
    )
    before = s.players[1].track
    s = act(s, {"type": "action", "group": 1, "card": "parade"})
    assert s.players[1].track == before + 5


def test_research_doro_young_and_old_scholar():
    """1. Phase, Studium, Beispiel: Doro with a younger (2 books) and an older scholar (3 books) scores 6 (1+2+3)."""
    s = scenario(
        {"Doro": [(2, [t("scholar"), t("scholar", O)]), (2, [])]},
        groups=[["research"], ["taxes"], ["build"], ["parade", "harvest"], ["privilege", "fireworks"]],
        frames=[{"k": "action", "p": 3}],
    )
    s = act(s, {"type": "action", "group": 1, "card": "research"})
    assert s.players[3].vp == 6 and s.players[3].scores["research"][2] == 6


def test_three_yuan_to_join_a_group_with_two_dragons():
    """1. Phase, Achtung, Beispiel: Doro wants a group on which two dragons stand: she pays 3 yuan, then takes any
    action of it. Without 3 yuan she may not take it."""
    s = scenario(
        {},
        groups=[["taxes", "build"], ["harvest"], ["research"], ["parade"], ["privilege", "fireworks"]],
        frames=[{"k": "action", "p": 3}, {"k": "action", "p": 4}],
    )
    s.dragons[0] = [0, 1]
    s = act(s, {"type": "action", "group": 1, "card": "build"})
    assert s.players[3].yuan == 3 and s.dragons[0] == [0, 1, 3]
    s = act(s, {"type": "floor", "palace": 0})
    s.players[4].yuan = 2
    before = GAME.to_json(s)
    with pytest.raises(RuleError) as err:
        refuse(s, {"type": "action", "group": 1, "card": "taxes"})
    assert err.value.code == "dragon.join_needs_yuan" and err.value.params == {"cost": 3, "yuan": 2}
    assert "1. Phase Aktion" in err.value.rule and GAME.to_json(s) == before


def test_emil_tops_up_to_three_yuan():
    """1. Phase, Beispiel: Emil takes no action and tops up: with 1 yuan he takes 2 more (not 3)."""
    s = scenario(
        {},
        groups=[["taxes", "build"], ["harvest"], ["research"], ["parade"], ["privilege", "fireworks"]],
        frames=[{"k": "action", "p": 4}],
    )
    s.players[4].yuan = 1
    s = act(s, {"type": "top_up"})
    assert s.players[4].yuan == 3 and all(not d for d in s.dragons)


def _privilege_table(edition: str):
    return scenario({}, players=["A", "B"], edition=edition,
                    groups=[["privilege", "taxes", "build", "harvest"], ["parade", "research", "fireworks"]],
                    frames=[{"k": "action", "p": 0}])


@pytest.mark.parametrize(("edition", "cost"), [("2017", 7), ("2007", 6)])
def test_large_privilege_costs_by_edition(edition, cost):
    """1. Phase, Privileg: large privilege 7 yuan (2017 rules) or 6 (2007 rules); small 2; one per action."""
    s = _privilege_table(edition)
    s.players[0].yuan = cost
    s = act(s, {"type": "action", "group": 1, "card": "privilege"})
    assert [o["size"] for o in GAME.decision(s).options] == ["small", "large"]
    s = act(s, {"type": "privilege", "size": "large"})
    assert s.players[0].yuan == 0 and s.players[0].large_privileges == 1
    s = _privilege_table(edition)
    s.players[0].yuan = cost - 1
    s = act(s, {"type": "action", "group": 1, "card": "privilege"})  # only the small one: forced
    assert s.players[0].small_privileges == 1 and s.players[0].yuan == cost - 3


def test_privilege_needs_money():
    """1. Phase, Privileg: without 2 yuan the privilege card cannot be chosen (ruling D4)."""
    s = _privilege_table("2017")
    s.players[0].yuan = 1
    before = canonical_bytes(GAME.to_json(s))
    with pytest.raises(RuleError) as err:
        refuse(s, {"type": "action", "group": 1, "card": "privilege"})
    assert err.value.code == "dragon.privilege_unaffordable" and "Privileg" in err.value.rule
    assert canonical_bytes(GAME.to_json(s)) == before
