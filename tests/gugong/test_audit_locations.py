"""Rules audit: the location actions travel, jade, intrigue, palace and decrees with their options A/B
(gugong-de "Ortsaktionen" 1 and 3-6, p. 6-11), the travel tiles (Liste der Reiseplättchen, p. 7) and
trading tiles in (Reisen, p. 6). The Wall and the Grand Canal have their own audit files.
"""

from __future__ import annotations

from functools import partial

import pytest

from companion.gugong import decrees
from companion.gugong.engine import GAME

from . import fixtures
from .fixtures import at_turn, give_tiles, kind, new_game, options, play, set_city, set_decree, set_intrigue

NAMES = ["Anna", "Lisa", "David", "Sebastian"]


# `seat` gives a 9 (no card action) for the official's 2 and keeps a spare 8 in hand
acting_at = partial(fixtures.acting_at, spares=1)


def locations(s) -> list[dict]:
    return [o for o in options(s) if o["type"] == "location"]


# -- 1. Reisen -------------------------------------------------------------------------------------
def test_travel_a_one_move_b_two_moves_for_2_servants():
    """1. Reisen: "A. Bewege deinen Reisenden 1 Mal, sammle 1 Reiseplättchen ein" / "B. Lege 2 Diener aus
    deinem Vorrat zurück in den allgemeinen Vorrat, um den Reisenden 2 Mal zu bewegen". "Wenn du die Aktion
    zum ersten Mal ausführst, setze deinen Reisenden auf einem beliebigen Stadtfeld ... mit einem
    Reiseplättchen ein." The tiles are kept (face down) on the player board."""
    s = new_game(NAMES)
    set_city(s, 2, "vp2")
    set_city(s, 7, "intrigue")
    s = acting_at(s, 0, "travel", pool=2)
    assert {"type": "location", "opt": "B", "dd": False} in locations(s)
    s, _ = play(s, {"type": "location", "opt": "B", "dd": False})
    cities = {o["city"] for o in options(s)}
    assert cities == {c for c, t in enumerate(s.cities) if t is not None}  # first move: any city with a tile
    s, _ = play(s, {"type": "move", "city": 2}, {"type": "move", "city": 7})
    a = s.players[0]
    assert (a.pool, a.vp, a.intrigue, a.traveller, a.tiles) == (0, 2, 1, 7, ["vp2", "intrigue"])
    assert s.cities[2] is None and s.cities[7] is None


def test_travel_b_with_the_discount_decree_costs_1_regular_servant():
    """Dekrete Stufe 2: "Immer wenn du die Aktion Reisen nutzt, um deinen Reisenden 2 Mal zu bewegen, zahlst du
    dafür 1 Diener weniger." 1 servant can never be paid with the double servant (ruling R2)."""
    s = new_game(NAMES)
    set_decree(s, 2, "travel_discount", [0])
    s.players[0].dd = "pool"
    s = acting_at(s, 0, "travel", pool=1)
    assert {"type": "location", "opt": "B", "dd": False} in locations(s)
    assert {"type": "location", "opt": "B", "dd": True} not in locations(s)
    s, _ = play(s, {"type": "location", "opt": "B", "dd": False})
    assert s.players[0].pool == 0 and kind(s) == "gugong.travel_move"


@pytest.mark.parametrize("tile,check", [
    ("servant1", lambda p: p.pool == 5 + 1),
    ("servant2", lambda p: p.pool == 5 + 2),
    ("envoy", lambda p: p.envoy == 1),
    ("intrigue", lambda p: p.intrigue == 1),
    ("vp2", lambda p: p.vp == 2),
    ("double", lambda p: (p.pool, p.vp, p.tiles) == (5, 0, ["double"])),
])
def test_travel_tiles_with_an_immediate_bonus(tile, check):
    """Liste der Reiseplättchen: "Erhalte 1 Diener", "Erhalte 2 Diener", "Bewege deinen Boten im Palast 1
    Schritt vorwärts", "Bewege deinen Intrigemarker ... 1 Schritt vorwärts", "Erhalte 2 Siegpunkte"; the
    double tile "zählt beim Eintauschen ... als 2 Plättchen" and does nothing at once."""
    s = new_game(NAMES)
    set_city(s, 4, tile)
    s = acting_at(s, 0, "travel", pool=5)
    s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "move", "city": 4})
    assert check(s.players[0]) and tile in s.players[0].tiles


def test_jade_for_a_card_of_value_7_or_more_from_hand_is_optional():
    """"Lege eine Geschenkkarte mit dem Wert 7 oder höher von deiner Hand auf deinen Ablagestapel und erhalte
    dafür 1 Jade aus dem allgemeinen Vorrat." (optional, ruling R14)"""
    s = new_game(NAMES)
    set_city(s, 4, "jade_card")
    s = acting_at(s, 0, "travel")  # the spare hand card is an 8
    eight = s.players[0].hand[0]
    s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "move", "city": 4})
    assert options(s) == [{"type": "discard_for_jade", "card": eight}, {"type": "skip"}]
    s2, _ = play(s, {"type": "discard_for_jade", "card": eight})
    assert s2.players[0].jade == 1 and eight in s2.players[0].discard and not s2.players[0].hand


def test_jade_for_3_servants_and_the_jade_discount_does_not_apply():
    """"Lege 3 Diener aus deinem Vorrat zurück ... und erhalte dafür 1 Jade"; the level-2 jade decree: "Dieser
    Vorteil gilt nicht an anderen Orten, an denen du Jade erwerben kannst.\""""
    s = new_game(NAMES)
    set_decree(s, 3, "jade_discount", [0])
    set_city(s, 4, "jade_pay")
    s = acting_at(s, 0, "travel", pool=2)
    s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "move", "city": 4})
    assert s.players[0].jade == 0 and s.players[0].pool == 2  # 2 servants are not enough: nothing to choose
    s = new_game(NAMES)
    set_city(s, 4, "jade_pay")
    s = acting_at(s, 0, "travel", pool=3)
    s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "move", "city": 4}, {"type": "pay_for_jade", "dd": False})
    assert (s.players[0].jade, s.players[0].pool) == (1, 0)


def test_recover_tile_takes_a_discarded_card_back_to_hand():
    """"Nimm eine deiner Geschenkkarten vom Ablagestapel zurück auf die Hand." The card taken from the
    official this turn is on the discard pile and may be the one."""
    s = new_game(NAMES)
    set_city(s, 4, "recover")
    s = acting_at(s, 0, "travel")
    taken = s.players[0].discard[0]
    s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "move", "city": 4})
    assert taken in s.players[0].hand and not s.players[0].discard


def test_canal_tile_puts_a_servant_from_the_general_supply_on_a_boat():
    """"Nimm 1 Diener aus dem allgemeinen Vorrat und leg ihn auf eines deiner Schiffe ... (oder setze ein neues
    Schiff ein ...)" - the player's own supply is untouched."""
    s = new_game(NAMES)
    set_city(s, 4, "canal")
    s = acting_at(s, 0, "travel", pool=4)
    general = s.players[0].general
    s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "move", "city": 4})
    assert kind(s) == "gugong.canal_place" and {"type": "skip"} not in options(s)
    s, _ = play(s, {"type": "place", "route": 1, "dd": False})
    a = s.players[0]
    assert (a.pool, a.general, len(a.boats), a.boats[0].route, a.boats[0].port) == (4, general - 1, 1, 1, 1)


# -- trading tiles in ------------------------------------------------------------------------------
@pytest.mark.parametrize("reward,need,check", [
    ("servant", 2, lambda p: p.pool == 7),
    ("vp", 4, lambda p: p.vp == 2),
    ("jade", 6, lambda p: p.jade == 1),
])
def test_trading_2_4_6_tiles(reward, need, check):
    """Reisen: "Tausche 2 Reiseplättchen ein, um 1 Diener ...", "4 ... sofort 2 Siegpunkte", "6 ... sofort 1 Jade".
    "Eingetauschte Reiseplättchen werden in einem Ablagestapel in der Nähe des Spielplans gesammelt.\""""
    s = new_game(NAMES)
    give_tiles(s, 0, ["vp2", "vp2", "canal", "canal", "wall", "wall"])
    s = at_turn(s, 0)
    s, _ = play(s, {"type": "trade", "for": reward, "doubles": 0})
    if kind(s) == "gugong.trade_tiles":  # which tiles go to the discard pile (ruling R5)
        s, _ = play(s, options(s)[0])
    assert check(s.players[0]) and len(s.players[0].tiles) == 6 - need
    assert sum(s.tile_discard.values()) == need and GAME.invariants(s) == []


# -- 3. Jade ---------------------------------------------------------------------------------------
def test_jade_from_a_house_at_its_price_then_the_square_for_5():
    """3. Jade: "wählst du ein Haus und legst die dort abgebildete Anzahl an Dienern ... zurück, um 1 Jade aus
    diesem Haus zu erhalten." "Wenn die 3 Häuser leer gekauft wurden, kann Jade für 5 Diener vom Jadeplatz
    gekauft werden." With the jade decree the square costs 4 (ruling R15)."""
    s = new_game(NAMES)
    s = acting_at(s, 0, "jade", pool=12)
    houses = sorted({o["house"] for o in locations(s)})
    assert houses == [0, 1, 2]
    price = s.comp.jade_houses[1][0]
    s2, _ = play(s, {"type": "location", "house": 1, "dd": False})
    assert (s2.players[0].jade, s2.players[0].pool, s2.jade_houses[1]) == (1, 12 - price, s.jade_houses[1] - 1)
    s = new_game(NAMES)
    s.jade_supply += sum(s.jade_houses)
    s.jade_houses = [0, 0, 0]
    set_decree(s, 3, "jade_discount", [0])
    s = acting_at(s, 0, "jade", pool=4)
    assert locations(s) == [{"type": "location", "house": -1, "dd": False}]  # 5 - 1 = 4 servants
    s, _ = play(s, {"type": "location", "house": -1, "dd": False})
    assert (s.players[0].jade, s.players[0].pool) == (1, 0)


# -- 4. Intrige ------------------------------------------------------------------------------------
def test_intrigue_a_one_step_and_only_the_first_this_day_takes_the_medal():
    """4. Intrige: "A. Bewege deinen Intrigemarker 1 Schritt ... Der erste Spieler, der in der laufenden Runde
    diese Aktion wählt, erhält zusätzlich die Medaille" / "B. Lege 1 Diener ... zurück, um den Intrigemarker 3
    Schritte vor zu bewegen." B does not take the medal."""
    s = new_game(NAMES)
    s = acting_at(s, 0, "intrigue")
    b, _ = play(s, {"type": "location", "opt": "B"})
    assert (b.players[0].intrigue, b.players[0].pool, b.medal) == (3, 5, None)
    a, _ = play(s, {"type": "location", "opt": "A"})
    assert (a.players[0].intrigue, a.medal) == (1, 0)
    a = acting_at(a, 1, "intrigue")
    a, _ = play(a, {"type": "location", "opt": "A"})
    assert (a.players[1].intrigue, a.medal) == (1, 0)  # Anna keeps the medal


def test_intrigue_markers_stack_and_the_track_ends_at_14():
    """"Immer wenn dein Intrigemarker auf einem von 1 oder mehreren Intrigemarkern besetzten Feld landet, wird
    dein Intrigemarker auf die anderen Intrigemarker gelegt. Die Intrigeleiste ist auf 14 Schritte limitiert.\""""
    s = new_game(NAMES)
    set_intrigue(s, 1, 3)
    s = acting_at(s, 0, "intrigue")
    s, _ = play(s, {"type": "location", "opt": "B"})
    assert s.players[0].intrigue == 3 and s.players[0].intrigue_seq > s.players[1].intrigue_seq
    set_intrigue(s, 2, 13)
    s = acting_at(s, 2, "intrigue")
    s, _ = play(s, {"type": "location", "opt": "B"})
    assert s.players[2].intrigue == 14


# -- 5. Palast -------------------------------------------------------------------------------------
def test_palace_a_and_b_and_steps_beyond_the_palace_are_vp():
    """5. Palast: "A. Bewege deinen Boten 1 Schritt" / "B. Lege 2 Diener ... zurück ..., bewege deinen Boten 2
    Schritte auf der Palastleiste UND deinen Intrigemarker 1 Schritt". "Sobald der Bote den Palast erreicht
    hat, gibt dir jede Aktion die dich noch weiter aufsteigen lassen würde stattdessen je Schritt 1
    Siegpunkt.\""""
    s = new_game(NAMES)
    s = acting_at(s, 0, "palace")
    a, _ = play(s, {"type": "location", "opt": "A"})
    assert a.players[0].envoy == 1
    s.players[0].envoy = 7
    b, _ = play(s, {"type": "location", "opt": "B", "dd": False})
    p = b.players[0]
    assert (p.envoy, p.vp, p.intrigue, p.pool, b.arrivals) == (8, 1, 1, 4, [0])


# -- 6. Dekrete ------------------------------------------------------------------------------------
def test_decree_costs_printed_plus_1_per_opponent_servant_then_1_servant_on_it_and_vp_at_once():
    """6. Dekrete: "so viele Diener ... wie auf dem Dekret abgebildet. Zusätzlich ... für jeden an dem Dekret
    liegenden Diener deiner Mitspieler einen zusätzlichen Diener ... Abschließend legst du einen weiteren
    Diener aus deinem Vorrat auf ein freies Feld über dem Dekret. Du erhältst sofort die auf dem Dekret
    abgebildeten Siegpunkte. Dekrete der 3. Stufe bringen dir erst bei Spielende Siegpunkte ein.\""""
    s = new_game(NAMES)
    set_decree(s, 2, "wall_extra", [1, 2])
    set_decree(s, 4, "eight_vp", [])
    printed = s.comp.decrees["wall_extra"].cost
    s = acting_at(s, 0, "decree", pool=12)
    assert decrees.cost(s, 0, 2) == printed + 2
    l2, _ = play(s, {"type": "location", "slot": 2, "dd": False})
    assert (l2.players[0].pool, l2.players[0].vp, l2.decree_servants[2]) == (12 - printed - 3, 3, [1, 2, 0])
    l3, _ = play(s, {"type": "location", "slot": 4, "dd": False})
    assert l3.players[0].vp == 0 and l3.decree_servants[4] == [0]


def test_decree_discount_and_each_decree_only_once():
    """Dekrete Stufe 2: "Immer wenn du die Aktion Dekrete nutzt, zahlst du 1 Diener weniger als angegeben."
    "Du kannst jeden Dekretvorteil nur einmal erhalten.\""""
    s = new_game(NAMES)
    set_decree(s, 3, "decree_discount", [0])
    set_decree(s, 2, "wall_extra", [])
    printed = s.comp.decrees["wall_extra"].cost
    assert decrees.cost(s, 0, 2) == printed - 1 and decrees.cost(s, 1, 2) == printed
    s = acting_at(s, 0, "decree", pool=11)
    assert all(o["slot"] != 3 for o in locations(s))


def test_the_double_servant_may_pay_for_a_decree_but_never_sits_on_it():
    """Doppelter Diener: "Es ist dir NICHT erlaubt, den Doppeldiener neben Dekreten ... einzusetzen", but
    "Immer wenn du 2 Diener ... zurücklegst, darfst du anstelle von 2 Dienern deinen doppelten Diener
    zurücklegen." A decree costing 2 is bought with the double servant + 1 regular servant to place."""
    s = new_game(NAMES)
    set_decree(s, 2, "wall_extra", [])
    s.players[0].dd = "pool"
    cost = s.comp.decrees["wall_extra"].cost
    s = acting_at(s, 0, "decree", pool=1 + cost - 2)
    assert {"type": "location", "slot": 2, "dd": True} in locations(s)
    assert {"type": "location", "slot": 2, "dd": False} not in locations(s)
    s, _ = play(s, {"type": "location", "slot": 2, "dd": True})
    assert (s.players[0].dd, s.players[0].pool, s.decree_servants[2]) == ("general", 0, [0])
