"""gugong-de "1. Reisen" (p. 6), "Liste der Reiseplättchen" (p. 7) and trading travel tiles in (p. 6).

Rulebook examples cite their page; the other tests quote the rule they check.
"""

from __future__ import annotations

import pytest

from companion.core import RuleError, Session, apply, codec
from companion.core.canonical import canonical_bytes
from companion.core.playout import playout
from companion.gugong import travel
from companion.gugong.engine import GAME

from .fixtures import (
    FIVE,
    FOUR,
    LOC,
    TWO,
    acting_spare,
    at_official,
    at_turn,
    free_exchange,
    give_tiles,
    kind,
    location_options,
    new_game,
    options,
    play,
    set_boat,
    set_city,
    set_decree,
    set_pool,
    traded,
    with_hand_at,
)


def test_travel_a_one_move_b_two_moves_for_2_servants():
    """1. Reisen: "A. Bewege deinen Reisenden 1 Mal, sammle 1 Reiseplättchen ein" / "B. Lege 2 Diener aus
    deinem Vorrat zurück in den allgemeinen Vorrat, um den Reisenden 2 Mal zu bewegen". "Wenn du die Aktion
    zum ersten Mal ausführst, setze deinen Reisenden auf einem beliebigen Stadtfeld ... mit einem
    Reiseplättchen ein." The tiles are kept (face down) on the player board."""
    s = new_game(FOUR)
    set_city(s, 2, "vp2")
    set_city(s, 7, "intrigue")
    s = acting_spare(s, 0, "travel", pool=2)
    assert {"type": "location", "opt": "B", "dd": False} in location_options(s)
    s, _ = play(s, {"type": "location", "opt": "B", "dd": False})
    cities = {o["city"] for o in options(s)}
    assert cities == {c for c, t in enumerate(s.cities) if t is not None}  # first move: any city with a tile
    s, _ = play(s, {"type": "move", "city": 2}, {"type": "move", "city": 7})
    a = s.players[0]
    assert (a.pool, a.vp, a.intrigue, a.traveller, a.tiles) == (0, 2, 1, 7, ["vp2", "intrigue"])
    assert s.cities[2] is None and s.cities[7] is None


def test_travel_b_with_the_discount_decree_costs_1_servant():
    """Dekrete Stufe 2: "Immer wenn du die Aktion Reisen nutzt, um deinen Reisenden 2 Mal zu bewegen, zahlst du
    dafür 1 Diener weniger." The 1 servant may be the double servant, which counts as 1 or 2 (ruling R2)."""
    s = new_game(FOUR)
    set_decree(s, 2, "travel_discount", [0])
    s.players[0].dd = "pool"
    s = acting_spare(s, 0, "travel", pool=1)
    assert {"type": "location", "opt": "B", "dd": False} in location_options(s)
    assert {"type": "location", "opt": "B", "dd": True} in location_options(s)
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
    s = new_game(FOUR)
    set_city(s, 4, tile)
    s = acting_spare(s, 0, "travel", pool=5)
    s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "move", "city": 4})
    assert check(s.players[0]) and tile in s.players[0].tiles


def test_jade_for_a_card_of_value_7_or_more_from_hand_is_optional():
    """"Lege eine Geschenkkarte mit dem Wert 7 oder höher von deiner Hand auf deinen Ablagestapel und erhalte
    dafür 1 Jade aus dem allgemeinen Vorrat." (optional, ruling R14)"""
    s = new_game(FOUR)
    set_city(s, 4, "jade_card")
    s = acting_spare(s, 0, "travel")  # the spare hand card is an 8
    eight = s.players[0].hand[0]
    s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "move", "city": 4})
    assert options(s) == [{"type": "discard_for_jade", "card": eight}, {"type": "skip"}]
    s2, _ = play(s, {"type": "discard_for_jade", "card": eight})
    assert s2.players[0].jade == 1 and eight in s2.players[0].discard and not s2.players[0].hand


def test_jade_for_3_servants_and_the_jade_discount_does_not_apply():
    """"Lege 3 Diener aus deinem Vorrat zurück ... und erhalte dafür 1 Jade"; the level-2 jade decree: "Dieser
    Vorteil gilt nicht an anderen Orten, an denen du Jade erwerben kannst.\""""
    s = new_game(FOUR)
    set_decree(s, 3, "jade_discount", [0])
    set_city(s, 4, "jade_pay")
    s = acting_spare(s, 0, "travel", pool=2)
    s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "move", "city": 4})
    assert s.players[0].jade == 0 and s.players[0].pool == 2  # 2 servants are not enough: nothing to choose
    s = new_game(FOUR)
    set_city(s, 4, "jade_pay")
    s = acting_spare(s, 0, "travel", pool=3)
    s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "move", "city": 4}, {"type": "pay_for_jade", "dd": False})
    assert (s.players[0].jade, s.players[0].pool) == (1, 0)


def test_recover_tile_takes_a_discarded_card_back_to_hand():
    """"Nimm eine deiner Geschenkkarten vom Ablagestapel zurück auf die Hand." The card taken from the
    official this turn is on the discard pile and may be the one."""
    s = new_game(FOUR)
    set_city(s, 4, "recover")
    s = acting_spare(s, 0, "travel")
    taken = s.players[0].discard[0]
    s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "move", "city": 4}, {"type": "recover", "card": taken})
    assert taken in s.players[0].hand and not s.players[0].discard


def test_canal_tile_puts_a_servant_from_the_general_supply_on_a_boat():
    """"Nimm 1 Diener aus dem allgemeinen Vorrat und leg ihn auf eines deiner Schiffe ... (oder setze ein neues
    Schiff ein ...)" - the player's own supply is untouched."""
    s = new_game(FOUR)
    set_city(s, 4, "canal")
    s = acting_spare(s, 0, "travel", pool=4)
    general = s.players[0].general
    s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "move", "city": 4})
    assert kind(s) == "gugong.canal_place" and {"type": "skip"} in options(s)  # optional (ruling R14)
    s, _ = play(s, {"type": "place", "route": 1, "dd": False})
    a = s.players[0]
    assert (a.pool, a.general, len(a.boats), a.boats[0].route, a.boats[0].port) == (4, general - 1, 1, 1, 1)


@pytest.mark.parametrize("reward,need,check", [
    ("servant", 2, lambda p: p.pool == 7),
    ("vp", 4, lambda p: p.vp == 2),
    ("jade", 6, lambda p: p.jade == 1),
])
def test_trading_2_4_6_tiles(reward, need, check):
    """Reisen: "Tausche 2 Reiseplättchen ein, um 1 Diener ...", "4 ... sofort 2 Siegpunkte", "6 ... sofort 1 Jade".
    "Eingetauschte Reiseplättchen werden in einem Ablagestapel in der Nähe des Spielplans gesammelt.\""""
    s = new_game(FOUR)
    give_tiles(s, 0, ["vp2", "vp2", "canal", "canal", "wall", "wall"])
    s = at_turn(s, 0)
    s, _ = play(s, {"type": "trade", "for": reward, "doubles": 0})
    if kind(s) == "gugong.trade_tiles":  # which tiles go to the discard pile (ruling R5)
        s, _ = play(s, options(s)[0])
    assert check(s.players[0]) and len(s.players[0].tiles) == 6 - need
    assert sum(s.tile_discard.values()) == need and GAME.invariants(s) == []


def test_anna_travels_twice_then_trades_six_tiles_for_jade():
    """gugong-de 1. Reisen, Beispiel Anna (S. 6-7): travel B for 2 servants, a '2 servants' tile,
    a '3 servants for 1 jade' tile, then 6 tiles traded for another jade."""
    s = new_game(["Anna", "Lisa"])
    hand = free_exchange(s, 0, "travel")
    set_pool(s, 0, 3)
    give_tiles(s, 0, ["vp2", "vp2", "canal", "wall"])
    set_city(s, 0, "servant2")
    set_city(s, 1, "jade_pay")
    s = at_turn(s, 0)
    s, _ = play(s, {"type": "exchange", "card": hand, "loc": LOC["travel"]},
                {"type": "location", "opt": "B", "dd": False})
    assert s.players[0].pool == 1
    s, _ = play(s, {"type": "move", "city": 0})
    assert s.players[0].pool == 3
    s, _ = play(s, {"type": "move", "city": 1})
    assert kind(s) == "gugong.tile_jade_pay"
    s, _ = play(s, {"type": "pay_for_jade", "dd": False})
    anna = s.players[0]
    assert (anna.pool, anna.jade, len(anna.tiles), anna.traveller) == (0, 1, 6, 1)
    assert kind(s) == "gugong.turn_done"
    s, _ = play(s, {"type": "trade", "for": "jade", "doubles": 0})
    assert (s.players[0].jade, s.players[0].tiles, s.tile_discard["vp2"]) == (2, [], 2)
    assert GAME.invariants(s) == []


def test_more_than_six_tiles_forces_a_trade():
    """Reisen: "Immer wenn du mehr als 6 Reiseplättchen besitzt, musst du sofort so lange Reiseplättchen in Diener,
    Siegpunkte oder Jade eintauschen, bis du nur noch maximal 6 Reiseplättchen besitzt." The player then chooses
    which tiles go to the discard pile (ruling R5)."""
    s = new_game(FIVE[:2])
    give_tiles(s, 0, ["canal", "canal", "wall", "wall", "swap", "swap"])
    set_city(s, 0, "vp2")
    s, own = with_hand_at(s, 0, "travel", 9, 2)
    s, _ = play(s, {"type": "exchange", "card": own, "loc": LOC["travel"]}, {"type": "location", "opt": "A"},
                {"type": "move", "city": 0})
    assert kind(s) == "gugong.tile_limit"
    assert all(o["type"] == "trade" for o in options(s))  # no way around it
    s, _ = play(s, {"type": "trade", "for": "servant", "doubles": 0})
    assert kind(s) == "gugong.trade_tiles"  # which 2 tiles: 4 types held, 6 mixed pairs + 3 pairs of a kind
    assert len(options(s)) == 9 and {"type": "give_tiles", "tiles": ["swap", "vp2"]} in options(s)
    s, _ = play(s, {"type": "give_tiles", "tiles": ["swap", "vp2"]})
    assert s.players[0].tiles == ["canal", "canal", "wall", "wall", "swap"] and kind(s) == "gugong.turn_done"
    assert {t: n for t, n in s.tile_discard.items() if n} == {"swap": 1, "vp2": 1}


def test_the_double_tile_counts_two_when_trading():
    s = new_game(FIVE[:2])
    give_tiles(s, 0, ["double", "canal"])
    s = at_turn(s, 0)
    assert {"type": "trade", "for": "servant", "doubles": 1} in options(s)
    assert {"type": "trade", "for": "vp", "doubles": 1} not in options(s)  # 2 + 1 = 3 < 4
    s, _ = play(s, {"type": "trade", "for": "servant", "doubles": 1})
    assert s.players[0].tiles == ["canal"] and s.players[0].pool == 7


def test_unverified_map_lets_the_table_choose_any_city_with_a_tile():
    s = new_game(FIVE[:2])
    s.players[0].traveller = 0
    s.bag[s.cities[0]] += 1
    s.cities[0] = None
    assert travel.destinations(s, 0) == list(range(1, s.comp.cities))


def test_the_player_chooses_which_tiles_go_to_the_discard_pile():
    """Reisen: "Tausche 4 Reiseplättchen ein, um sofort 2 Siegpunkte zu erhalten." "Eingetauschte Reiseplättchen
    werden in einem Ablagestapel in der Nähe des Spielplans gesammelt." Which face-down tiles are given up is the
    player's choice (it decides what is reshuffled into the draw piles, Morgenphase Schritt 2): one question lists
    every distinct combination of the held tile types once, in a fixed order."""
    s = new_game(TWO)
    give_tiles(s, 0, ["wall", "canal", "wall", "vp2", "canal"])
    s = at_turn(s, 0)
    s, _ = play(s, {"type": "trade", "for": "vp", "doubles": 0})
    assert kind(s) == "gugong.trade_tiles" and GAME.decision(s).player == 0
    assert options(s) == [{"type": "give_tiles", "tiles": t} for t in (
        ["canal", "canal", "vp2", "wall"], ["canal", "canal", "wall", "wall"], ["canal", "vp2", "wall", "wall"])]
    assert s.players[0].vp == 0  # the reward comes with the tiles
    s, events = play(s, {"type": "give_tiles", "tiles": ["canal", "vp2", "wall", "wall"]})
    assert s.players[0].tiles == ["canal"] and s.players[0].vp == 2
    assert traded(s) == {"canal": 1, "vp2": 1, "wall": 2}
    assert kind(s) == "gugong.turn" and GAME.invariants(s) == []
    trade = [e for e in events if e.code == "gugong.event.trade"]
    assert trade and trade[0].params["tiles"] == ["canal", "vp2", "wall", "wall"]


@pytest.mark.parametrize("tiles,reward", [
    (["wall", "double", "wall"], "servant"),  # the 2 regular tiles are alike
    (["canal", "wall"], "servant"),  # exactly the 2 needed
    (["canal", "wall", "vp2", "swap", "recover", "jade_pay"], "jade"),  # all 6
])
def test_no_question_when_only_one_combination_is_possible(tiles, reward):
    """A step with exactly one possible choice is carried out without asking (ruling R16)."""
    s = new_game(TWO)
    give_tiles(s, 0, tiles)
    s = at_turn(s, 0)
    s, _ = play(s, {"type": "trade", "for": reward, "doubles": 0})
    assert kind(s) == "gugong.turn" and sum(s.tile_discard.values()) == {"servant": 2, "jade": 6}[reward]


def test_the_double_tile_counts_two_and_the_question_covers_the_other_tiles():
    """Liste der Reiseplättchen: "Dieses Reiseplättchen zählt beim Eintauschen von Reiseplättchen in Diener,
    Siegpunkte oder Jade als 2 Plättchen." 4 tiles for 2 VP: the double tile and 2 others, or 4 others."""
    s = new_game(TWO)
    give_tiles(s, 0, ["double", "canal", "wall", "swap", "wall"])
    s = at_turn(s, 0)
    trades = [o for o in options(s) if o["type"] == "trade" and o["for"] == "vp"]
    assert trades == [{"type": "trade", "for": "vp", "doubles": 0}, {"type": "trade", "for": "vp", "doubles": 1}]
    s1, _ = play(s, {"type": "trade", "for": "vp", "doubles": 1})
    assert kind(s1) == "gugong.trade_tiles" and GAME.decision(s1).params["doubles"] == 1
    pairs = [["canal", "swap"], ["canal", "wall"], ["swap", "wall"], ["wall", "wall"]]
    assert [o["tiles"] for o in options(s1)] == pairs
    s1, _ = play(s1, {"type": "give_tiles", "tiles": ["wall", "wall"]})
    assert s1.players[0].tiles == ["canal", "swap"] and traded(s1) == {"double": 1, "wall": 2}
    assert s1.players[0].vp == 2
    s0, _ = play(s, {"type": "trade", "for": "vp", "doubles": 0})  # the 4 regular tiles: one way only
    assert s0.players[0].tiles == ["double"] and kind(s0) == "gugong.turn"
    s2, _ = play(s, {"type": "trade", "for": "servant", "doubles": 1})  # the double tile alone pays 2
    assert s2.players[0].tiles == ["canal", "wall", "swap", "wall"] and traded(s2) == {"double": 1}


def test_the_forced_trade_over_six_tiles_asks_too():
    """Reisen: "Immer wenn du mehr als 6 Reiseplättchen besitzt, musst du sofort so lange Reiseplättchen ...
    eintauschen, bis du nur noch maximal 6 Reiseplättchen besitzt." The limit counts tiles (ruling R8)."""
    s = new_game(TWO)
    give_tiles(s, 0, ["double", "canal", "canal", "wall", "swap", "recover"])
    set_city(s, 0, "vp2")
    s, _ = at_official(s, "travel")
    s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "move", "city": 0})
    assert kind(s) == "gugong.tile_limit" and len(s.players[0].tiles) == 7
    s, _ = play(s, {"type": "trade", "for": "servant", "doubles": 0})
    assert kind(s) == "gugong.trade_tiles"
    s, _ = play(s, {"type": "give_tiles", "tiles": ["canal", "canal"]})
    assert s.players[0].tiles == ["double", "wall", "swap", "recover", "vp2"] and kind(s) == "gugong.turn_done"


def test_a_combination_not_held_is_refused_with_the_rule():
    s = new_game(TWO)
    give_tiles(s, 0, ["canal", "wall", "swap"])
    s = at_turn(s, 0)
    s, _ = play(s, {"type": "trade", "for": "servant", "doubles": 0})
    with pytest.raises(RuleError) as err:
        apply(GAME, s, {"type": "give_tiles", "tiles": ["vp2", "wall"]})
    assert err.value.code == "gugong.error.tiles_not_held" and err.value.params["need"] == 2
    assert err.value.rule == travel.RULE_TRADE


def test_direct_trades_give_the_oldest_tiles_for_meng():
    """Meng has no choice in the rules (Solo: "muss er Reiseplättchen für Diener eintauschen"); his direct
    trades give up his earliest-collected regular tiles and the double tiles asked for."""
    s = new_game(TWO)
    give_tiles(s, 0, ["swap", "double", "wall", "swap", "canal"])
    travel.trade(s, 0, {"type": "trade", "for": "vp", "doubles": 1})
    assert s.players[0].tiles == ["swap", "canal"] and traded(s) == {"double": 1, "swap": 1, "wall": 1}


def test_token_round_trip_with_a_tile_choice_in_the_log():
    """The save token stores option indices, so the combinations must be listed in the same order on replay."""
    result = playout(GAME, {"players": ["A", "B", "C"]}, 2)
    assert any(a["type"] == "give_tiles" for a in result.log)
    session = Session.from_log(GAME, result.setup, result.log)
    again = codec.from_token(codec.to_token(session))
    assert canonical_bytes(GAME.to_json(again.state)) == canonical_bytes(GAME.to_json(session.state))


# -- the bonus of a travel tile is optional (ruling R14) -------------------------------------------------
def test_wall_canal_and_card_recovery_tiles_may_be_declined():
    """gugong-nl 317 "neem (optioneel) het bijhorende voordeel" (also 321 for option B), gugong-de 277/281
    "erhalte ggf. sofortige Boni": the wall tile's, the canal tile's and the card-recovery tile's bonus may be
    left; declined, the tile is kept and nothing else happens."""
    for tile, decision in (("wall", "gugong.tile_wall"), ("canal", "gugong.canal_place"),
                           ("recover", "gugong.tile_recover")):
        s = new_game(FOUR)
        set_city(s, 4, tile)
        s = acting_spare(s, 0, "travel")
        before = (list(s.wall), s.players[0].general, list(s.players[0].hand), list(s.players[0].discard))
        s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "move", "city": 4})
        assert kind(s) == decision and {"type": "skip"} in options(s), tile
        s, _ = play(s, {"type": "skip"})
        a = s.players[0]
        assert (list(s.wall), a.general, list(a.hand), list(a.discard)) == before and a.tiles == [tile]
        assert GAME.invariants(s) == []


def test_wall_tile_taken_places_the_servant_and_may_complete_the_wall():
    """gugong-de Liste der Reiseplättchen: "Lege einen Diener aus dem allgemeinen Vorrat auf die chinesische Mauer.
    Wird die Mauer dadurch komplettiert, verteile die Punkte wie üblich"."""
    s = new_game(FOUR)
    s.wall = [[1, 1], [1, 1], [2, 1], [2, 1], [0, 1]]
    for seat in (1, 1, 2, 2, 0):
        s.players[seat].general -= 1
    set_city(s, 4, "wall")
    s = acting_spare(s, 0, "travel")
    s, events = play(s, {"type": "location", "opt": "A"}, {"type": "move", "city": 4}, {"type": "tile_wall"})
    assert "gugong.event.wall_scored" in [e.code for e in events] and GAME.invariants(s) == []


def test_only_the_boat_the_canal_tile_fills_may_claim():
    """gugong-de 355: "Nimm 1 Diener aus dem allgemeinen Vorrat und leg ihn auf eines deiner Schiffe ... Wenn dies der
    3. Diener auf dem Schiff ist, darfst du dir sofort die Belohnung des Hafens nehmen." Another full boat that
    waits for a better port cannot claim now (ruling R10); a servant that fills no boat gives no claim at all."""
    s = new_game(FOUR)
    set_boat(s, 0, 0, 2, 2)  # boat 0: port 2, 2 servants
    set_boat(s, 0, 1, 3, 3)  # boat 1: port 3, full, waiting
    set_city(s, 4, "canal")
    s = acting_spare(s, 0, "travel")
    s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "move", "city": 4})
    t, _ = play(s, {"type": "place", "boat": 0, "dd": False})
    assert kind(t) == "gugong.claim"
    assert [o for o in options(t) if o["type"] == "claim"] == [{"type": "claim", "boat": 0, "reward": "vp"}]
    t, _ = play(t, {"type": "claim", "boat": 0, "reward": "vp"})
    assert kind(t) != "gugong.claim" and len(t.players[0].boats) == 1 and t.players[0].vp == 4
    t, _ = play(s, {"type": "place", "route": 0, "dd": False})  # a new boat: nothing is full because of the tile
    assert kind(t) != "gugong.claim" and t.players[0].boats[1].places == 3


# -- trading at any time (ruling R4) ------------------------------------------------------------------------
def plentiful(s) -> list[str]:
    """Two regular tiles still in the draw piles."""
    return sorted((t for t in s.bag if t != travel.DOUBLE_TILE and not t.startswith("bonus")), key=s.bag.get)[-2:]


def test_tiles_may_be_traded_whenever_the_player_decides_even_on_another_players_turn():
    """gugong-de Reisen: "Zu jedem Zeitpunkt während des Spiels darfst du die Reiseplättchen für bestimmte Boni
    eintauschen". Lisa decides whether to follow Anna's action with her bonus tile, on Anna's turn: her trades are
    options of that decision; after a trade she is asked again. Steps with a single possible choice still happen
    at once (a trade is never an extra question)."""
    s = new_game(FOUR, bonus_tiles=True)
    s.players[1].bonus_active = [["bonus_follow", LOC["palace"]]]
    s.players[1].pool -= 1
    give_tiles(s, 1, plentiful(s))
    s = acting_spare(s, 0, "palace")
    s, _ = play(s, {"type": "location", "opt": "A"})
    d = GAME.decision(s)
    assert (d.kind, d.player) == ("gugong.follow", 1)
    assert {"type": "trade", "for": "servant", "doubles": 0} in d.options
    s, _ = play(s, {"type": "trade", "for": "servant", "doubles": 0})
    d = GAME.decision(s)
    assert (d.kind, d.player, s.players[1].tiles) == ("gugong.follow", 1, [])
    assert not any(o["type"] == "trade" for o in d.options)


def test_a_trade_pays_for_an_exchange_out_of_turn_order_of_steps():
    """gugong-de Reisen "Zu jedem Zeitpunkt": while paying for an exchange that is not free, the player may first
    trade 2 tiles for the servant that makes the 2-servant payment possible."""
    s = new_game(FOUR)
    s, own = with_hand_at(s, 0, "palace", 3, 8)
    set_pool(s, 0, 1)
    give_tiles(s, 0, plentiful(s))
    s, _ = play(s, {"type": "exchange", "card": own, "loc": LOC["palace"]})
    assert kind(s) == "gugong.pay_exchange" and {"type": "pay", "how": "servants"} not in options(s)
    s, _ = play(s, {"type": "trade", "for": "servant", "doubles": 0})
    assert kind(s) == "gugong.pay_exchange" and {"type": "pay", "how": "servants"} in options(s)
