"""Trading travel tiles in: the player chooses which tiles go to the discard pile (ruling R5), and two edge cases
of the day phase checked against the rules (a full boat that waits for its reward, a player who has passed and
gets a card back). Rules: gugong-de "1. Reisen", Reiseplättchen eintauschen (S. 6), Liste der Reiseplättchen
(S. 7), "7. Der Kaiserkanal" (S. 12), Tagesphase (S. 4) and Nachtphase (S. 14)."""

from __future__ import annotations

import pytest

from companion.core import RuleError, Session, apply, codec
from companion.core.canonical import canonical_bytes
from companion.core.playout import playout
from companion.gugong import travel
from companion.gugong.engine import GAME

from .fixtures import (
    LOC,
    at_turn,
    card,
    give_tiles,
    kind,
    new_game,
    options,
    play,
    set_board,
    set_boat,
    set_city,
    set_hand,
    set_pool,
)

TWO = ["Anna", "Lisa"]


def traded(s) -> dict[str, int]:
    return {t: n for t, n in s.tile_discard.items() if n}


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
    s, _ = _at_official(s, "travel")
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


# -- edge cases of the day phase ---------------------------------------------------------------------
def _at_official(s, loc: str, seat: int = 0, hand: tuple[int, ...] = ()):
    """`seat` exchanges a 9 for the 2 at `loc` (free) and is asked for its actions."""
    low = card(s, 2, exclude=tuple(s.players[seat].hand))
    set_board(s, loc, low)
    nine = next(c.id for c in s.comp.cards if c.value == 9 and c.action == "none" and c.id not in s.board)
    set_hand(s, seat, [nine, *hand])
    s = at_turn(s, seat)
    return play(s, {"type": "exchange", "card": nine, "loc": LOC[loc]})


def test_a_full_boat_waiting_in_port_may_claim_with_a_canal_action_that_places_and_moves_nothing():
    """7. Kaiserkanal: "A. (Optional) Lege 1 deiner Diener auf eines deiner Schiffe UND (optional) bewege eines
    deiner Schiffe 1 Schritt" and "Du darfst dir eine Belohnung nehmen, wenn sich auf deinem Schiff 3 Diener
    befinden und du in einem Hafen stehst". Both parts of A are optional, so A may be chosen only to claim.
    Anna's full boat waited in port 2; she has no servant and ports 3-5 are taken: A still claims 4 VP."""
    s = new_game(TWO)
    set_boat(s, 0, 0, 2, 3)
    set_boat(s, 1, 0, 3, 1)
    set_boat(s, 1, 0, 4, 1)
    set_boat(s, 1, 0, 5, 1)
    set_pool(s, 0, 0)
    s, _ = _at_official(s, "canal")
    assert kind(s) == "gugong.act" and {"type": "location", "opt": "A"} in options(s)
    s, _ = play(s, {"type": "location", "opt": "A"})
    assert kind(s) == "gugong.claim" and {"type": "claim", "boat": 0, "reward": "vp"} in options(s)
    s, _ = play(s, {"type": "claim", "boat": 0, "reward": "vp"})
    a = s.players[0]
    assert a.vp == s.comp.port_vp and a.boats == [] and a.rewards["vp"] == 1 and GAME.invariants(s) == []


def test_no_empty_canal_action_without_anything_to_place_move_or_claim():
    s = new_game(TWO)
    set_boat(s, 0, 0, 2, 2)
    for port in (3, 4, 5):
        set_boat(s, 1, 0, port, 1)
    set_pool(s, 0, 0)
    s, _ = _at_official(s, "canal")
    assert kind(s) == "gugong.turn" and GAME.decision(s).player == 1  # only "end" was left: the turn ends


def test_a_player_who_passed_and_gets_a_card_back_takes_turns_again():
    """Tagesphase: "Hat ein Spieler keine Handkarten mehr, muss er passen." Nachtphase: "Die Nachtphase beginnt,
    wenn in der Tagesphase kein Spieler mehr Geschenkkarten auf der Hand hält." (NL: "De spelers blijven dit doen
    tot alle handkaarten van alle spelers zijn gebruikt.") Hafen 3: "Nimm die oberste Karte vom Nachziehstapel ...
    auf die Hand." Anna has no cards; following Lisa's canal action with her bonus tile she fills her boat in
    port 3 and takes a card: the day goes on until she has played it."""
    s = new_game(TWO, bonus_tiles=True)
    s.bag["bonus_follow"] -= 1
    s.players[0].general -= 1
    s.players[0].bonus_active = [["bonus_follow", LOC["canal"]]]
    set_boat(s, 0, 0, 3, 2)
    set_hand(s, 0, [])
    s, _ = _at_official(s, "canal", seat=1)
    s, _ = play(s, {"type": "location", "opt": "A"})
    while kind(s) != "gugong.follow":
        s, _ = play(s, {"type": "skip"})
    s, _ = play(s, {"type": "follow", "opt": "A"}, {"type": "place", "boat": 0, "dd": False})
    while kind(s) == "gugong.canal_move":
        s, _ = play(s, {"type": "skip"})
    s, _ = play(s, {"type": "claim", "boat": 0, "reward": "card"})
    assert kind(s) == "gugong.draw_card"
    s, _ = play(s, options(s)[0])
    assert len(s.players[0].hand) == 1 and not s.players[1].hand
    while GAME.decision(s).player == 1:
        s, _ = play(s, options(s)[-1])  # Lisa ends her turn
    assert kind(s) == "gugong.turn" and GAME.decision(s).player == 0 and s.day == 1
