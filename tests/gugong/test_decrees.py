"""gugong-de "6. Dekrete" and "Liste der Dekrete" (p. 10-11).

Rulebook examples cite their page; the other tests quote the rule they check.
"""

from __future__ import annotations

from companion.gugong import decrees, travel
from companion.gugong.engine import GAME

from .fixtures import (
    ANNA,
    FIVE,
    FOUR,
    LISA,
    LOC,
    SEBASTIAN,
    acting_spare,
    at_turn,
    free_exchange,
    kind,
    location_options,
    new_game,
    options,
    play,
    set_decree,
    set_pool,
    with_hand_at,
)


def test_decree_costs_printed_plus_1_per_opponent_servant_then_1_servant_on_it_and_vp_at_once():
    """6. Dekrete: "so viele Diener ... wie auf dem Dekret abgebildet. Zusätzlich ... für jeden an dem Dekret
    liegenden Diener deiner Mitspieler einen zusätzlichen Diener ... Abschließend legst du einen weiteren
    Diener aus deinem Vorrat auf ein freies Feld über dem Dekret. Du erhältst sofort die auf dem Dekret
    abgebildeten Siegpunkte. Dekrete der 3. Stufe bringen dir erst bei Spielende Siegpunkte ein.\""""
    s = new_game(FOUR)
    set_decree(s, 2, "wall_extra", [1, 2])
    set_decree(s, 4, "eight_vp", [])
    printed = s.comp.decrees["wall_extra"].cost
    s = acting_spare(s, 0, "decree", pool=12)
    assert decrees.cost(s, 0, 2) == printed + 2
    l2, _ = play(s, {"type": "location", "slot": 2, "dd": False})
    assert (l2.players[0].pool, l2.players[0].vp, l2.decree_servants[2]) == (12 - printed - 3, 3, [1, 2, 0])
    l3, _ = play(s, {"type": "location", "slot": 4, "dd": False})
    assert l3.players[0].vp == 0 and l3.decree_servants[4] == [0]


def test_decree_discount_and_each_decree_only_once():
    """Dekrete Stufe 2: "Immer wenn du die Aktion Dekrete nutzt, zahlst du 1 Diener weniger als angegeben."
    "Du kannst jeden Dekretvorteil nur einmal erhalten.\""""
    s = new_game(FOUR)
    set_decree(s, 3, "decree_discount", [0])
    set_decree(s, 2, "wall_extra", [])
    printed = s.comp.decrees["wall_extra"].cost
    assert decrees.cost(s, 0, 2) == printed - 1 and decrees.cost(s, 1, 2) == printed
    s = acting_spare(s, 0, "decree", pool=11)
    assert all(o["slot"] != 3 for o in location_options(s))


def test_the_double_servant_may_pay_for_a_decree_but_never_sits_on_it():
    """Doppelter Diener: "Es ist dir NICHT erlaubt, den Doppeldiener neben Dekreten ... einzusetzen", but
    "Immer wenn du 2 Diener ... zurücklegst, darfst du anstelle von 2 Dienern deinen doppelten Diener
    zurücklegen." A decree costing 2 is bought with the double servant + 1 regular servant to place."""
    s = new_game(FOUR)
    set_decree(s, 2, "wall_extra", [])
    s.players[0].dd = "pool"
    cost = s.comp.decrees["wall_extra"].cost
    s = acting_spare(s, 0, "decree", pool=1 + cost - 2)
    assert {"type": "location", "slot": 2, "dd": True} in location_options(s)
    assert {"type": "location", "slot": 2, "dd": False} not in location_options(s)
    s, _ = play(s, {"type": "location", "slot": 2, "dd": True})
    assert (s.players[0].dd, s.players[0].pool, s.decree_servants[2]) == ("general", 0, [0])


def test_sebastian_pays_for_opponent_servants_on_a_decree():
    """gugong-de 6. Dekrete, Beispiel Sebastian (S. 10): Anna and Lisa are on the '+1 servant each morning'
    decree (cost 1); Sebastian, with 5 servants, returns 3 and places a 4th, scoring 3 VP."""
    s = new_game(FOUR)
    set_decree(s, 0, "morning_servant", [ANNA, LISA])
    hand = free_exchange(s, SEBASTIAN, "decree")
    set_pool(s, SEBASTIAN, 5)
    s = at_turn(s, SEBASTIAN)
    s, _ = play(s, {"type": "exchange", "card": hand, "loc": LOC["decree"]})
    assert {"type": "location", "slot": 0, "dd": False} in options(s)
    s, _ = play(s, {"type": "location", "slot": 0, "dd": False})
    seb = s.players[SEBASTIAN]
    assert (seb.pool, seb.vp, s.decree_servants[0]) == (1, 3, [ANNA, LISA, SEBASTIAN])
    assert GAME.invariants(s) == []


def test_equal_value_is_free_with_the_level_2_decree():
    s = new_game(FIVE[:2])
    set_decree(s, 3, "equal_value", [0])
    s, own = with_hand_at(s, 0, "palace", 6, 6)
    s2, _ = play(s, {"type": "exchange", "card": own, "loc": LOC["palace"]})
    assert kind(s2) == "gugong.act"


def test_level_2_decree_discounts():
    s = new_game(FIVE[:2])
    set_decree(s, 2, "travel_discount", [0])
    set_decree(s, 3, "jade_discount", [0])
    assert travel.travel_cost(s, 0) == 1 and travel.travel_cost(s, 1) == 2
    from companion.gugong.jade import price as jade_price

    assert jade_price(s, 0, 0) == s.comp.jade_houses[0][0] - 1
    set_decree(s, 2, "decree_discount", [1])
    set_decree(s, 0, "morning_servant", [])
    assert decrees.cost(s, 1, 0) == 0 and decrees.cost(s, 0, 0) == 1


def test_level_2_wall_decree_adds_a_servant_from_the_general_supply():
    s = new_game(FIVE[:2])
    set_decree(s, 2, "wall_extra", [0])
    s, own = with_hand_at(s, 0, "wall", 9, 2)
    s, _ = play(s, {"type": "exchange", "card": own, "loc": LOC["wall"]},
                {"type": "location", "opt": "A", "dd": False})
    assert kind(s) == "gugong.wall_extra"
    general = s.players[0].general
    s, _ = play(s, {"type": "wall_extra", "use": True})
    assert s.wall == [[0, 1], [0, 1]] and s.players[0].general == general - 1
