"""gugong-de "Bonus-Reiseplättchen" (p. 20).

Rulebook examples cite their page; the other tests quote the rule they check.
"""

from __future__ import annotations

from companion.core.steps import Stack
from companion.gugong import bonus_tiles
from companion.gugong.engine import GAME
from companion.gugong.travel import trade_options

from .fixtures import (
    FIVE,
    LOC,
    THREE,
    acting_at,
    at_turn,
    card,
    collect_bonus,
    give_tiles,
    kind,
    new_game,
    options,
    play,
    refresh,
    set_board,
    set_city,
    set_hand,
    set_pool,
    with_hand_at,
)


def test_value_bonus_costs_a_servant_and_adds_1_to_every_card_played_this_day():
    """"Lege dieses Reiseplättchen und 1 Diener aus deinem Vorrat neben dein Spielertableau. Für den Rest dieser
    Tagesphase haben alle von dir ausgespielten Geschenkkarten den Wert der Karte +1. Lege dieses Plättchen am
    Ende der Tagesphase ... verdeckt an dein Spielertableau und den Diener zurück in den allgemeinen Vorrat.\""""
    s = new_game(THREE, bonus_tiles=True)
    five = card(s, 5)
    s = collect_bonus(s, 0, "bonus_value", [five])
    assert kind(s) == "gugong.bonus_tile" and options(s) == [{"type": "bonus", "loc": None}, {"type": "skip"}]
    s, _ = play(s, {"type": "bonus", "loc": None})
    assert s.players[0].pool == 5 and s.players[0].tiles == []  # beside the board, not in the niches
    s = at_turn(s, 0)
    set_board(s, "palace", card(s, 5, exclude=(five,)))
    s = refresh(s)
    s, _ = play(s, {"type": "exchange", "card": five, "loc": LOC["palace"]})
    assert kind(s) == "gugong.act"  # 5 + 1 beats 5 for free
    for pl in s.players:  # everybody has played out: the end of this turn ends the day phase
        pl.discard, pl.hand = pl.discard + pl.hand, []
    general = s.players[0].general
    s.stack = Stack([{"k": "flow", "next": "night"}, {"k": "turn_end", "p": 0}])
    s = refresh(s)
    assert s.players[0].bonus_active == [] and s.players[0].bonus_spent == []
    assert s.players[0].tiles == ["bonus_value"]  # face down with the travel tiles (edition 3, ruling R7)
    assert s.players[0].general == general + 1


def test_bonus_tile_without_a_servant_goes_face_down_unplayed_and_is_never_traded():
    """"da diese Bonusplättchen auf deinem Spielertableau nicht gespeichert werden können, können sie auch nicht
    gegen Reiseboni getauscht werden. Sie haben auch keinen Einfluss auf dein Reiseplättchenlimit.\""""
    s = new_game(THREE, bonus_tiles=True)
    give_tiles(s, 0, [t for t, n in s.bag.items() if not t.startswith("bonus") for _ in range(n)][:6])
    set_pool(s, 0, 0)
    s = collect_bonus(s, 0, "bonus_vp")
    a = s.players[0]
    assert a.bonus_spent == ["bonus_vp"] and len(a.tiles) == 6 and kind(s) != "gugong.tile_limit"


def test_vp_bonus_scores_when_another_player_uses_the_action_even_by_card_action():
    """"Lege dieses Reiseplättchen und 1 Diener ... neben ein Aktionsfeld deiner Wahl. Du erhältst für den Rest
    dieser Tagesphase jeweils 1 Siegpunkt, wenn ein anderer Spieler diese Aktion ausführt. Der ausführende
    Spieler verliert dabei 1 Siegpunkt." A palace card action is the palace action too (ruling R7)."""
    s = new_game(THREE, bonus_tiles=True)
    s = collect_bonus(s, 1, "bonus_vp")
    s, _ = play(s, {"type": "bonus", "loc": LOC["palace"]})
    palace_card = card(s, 9, "palace")
    s.players[0].vp = 4
    set_board(s, "jade", card(s, 2, exclude=tuple(s.players[0].hand)))
    set_hand(s, 0, [palace_card])
    s = at_turn(s, 0)
    s, _ = play(s, {"type": "exchange", "card": palace_card, "loc": LOC["jade"]}, {"type": "card", "opt": "A"})
    assert (s.players[0].vp, s.players[1].vp, s.players[0].envoy) == (3, 1, 1)


def test_travel_tile_bonus_reacts_only_to_other_players():
    """"wenn ein anderer Spieler diese Aktion ausführt" - the owner's own action neither scores nor costs."""
    s = new_game(THREE, bonus_tiles=True)
    set_city(s, 5, "vp2")
    s = collect_bonus(s, 0, "bonus_vp")
    s, _ = play(s, {"type": "bonus", "loc": LOC["palace"]})
    s = acting_at(s, 0, "palace")
    s, _ = play(s, {"type": "location", "opt": "A"})
    assert s.players[0].vp == 0 and s.players[0].envoy == 1


def test_bonus_tiles_only_with_the_option():
    assert sum(new_game(FIVE[:2]).tile_box.values()) == 6
    s = new_game(FIVE[:2], bonus_tiles=True)
    assert sum(s.tile_box.values()) == 0 and s.bag.get("bonus_vp", 0) + s.cities.count("bonus_vp") == 2


def test_bonus_tiles_score_when_others_act_and_let_their_owner_follow():
    s = new_game(FIVE[:3], bonus_tiles=True)
    s.bag["bonus_vp"] -= 1
    s.bag["bonus_follow"] -= 1
    s.players[1].bonus_active = [["bonus_vp", LOC["palace"]]]
    s.players[2].bonus_active = [["bonus_follow", LOC["palace"]]]
    s.players[1].general -= 1
    s.players[2].general -= 1
    s.players[0].vp = 2
    s, own = with_hand_at(s, 0, "palace", 9, 2)
    s, _ = play(s, {"type": "exchange", "card": own, "loc": LOC["palace"]}, {"type": "location", "opt": "A"})
    assert (s.players[0].vp, s.players[1].vp) == (1, 1)
    assert kind(s) == "gugong.follow" and GAME.decision(s).player == 2
    s, _ = play(s, {"type": "follow", "opt": "A"})
    assert s.players[2].envoy == 1 and GAME.invariants(s) == []


def test_bonus_value_tile_is_played_with_a_servant_and_raises_card_values_for_the_day():
    s = new_game(FIVE[:2], bonus_tiles=True)
    set_city(s, 0, "bonus_value")
    s, own = with_hand_at(s, 0, "travel", 9, 2)
    s, _ = play(s, {"type": "exchange", "card": own, "loc": LOC["travel"]}, {"type": "location", "opt": "A"},
                {"type": "move", "city": 0})
    assert kind(s) == "gugong.bonus_tile"
    pool = s.players[0].pool
    s, _ = play(s, {"type": "bonus", "loc": None})
    assert s.players[0].bonus_active == [["bonus_value", None]] and s.players[0].pool == pool - 1
    from companion.gugong.gift_cards import exchange_is_free

    six = card(s, 6)
    set_board(s, "palace", six)
    other_six = card(s, 6, exclude=(six,))
    set_hand(s, 0, [other_six])
    assert exchange_is_free(s, 0, other_six, LOC["palace"])  # 6 + 1 beats 6
    bonus_tiles.end_of_day(s)
    assert s.players[0].bonus_active == [] and "bonus_value" in s.players[0].tiles
    assert GAME.invariants(s) == []


def _end_the_day(s, seat: int = 0):
    """Every hand is played out: the end of `seat`'s turn ends the day phase (the night is next)."""
    for pl in s.players:
        pl.discard, pl.hand = pl.discard + pl.hand, []
    s.stack = Stack([{"k": "flow", "next": "night"}, {"k": "turn_end", "p": seat}])
    return refresh(s)


def test_bonus_tile_joins_the_travel_tiles_after_the_day_phase():
    """Issue 26 point 1. NL 1186-1190 (Bonus-Reisfiches: "Op het einde van de Dagfase wordt dit fiche omgedraaid en
    bovenaan je Spelersbord geplaatst" ... "Zo lang een fiche niet boven je Spelersbord staat, kan dit NIET worden
    omgewisseld") and DE 1109 ("Lege dieses Plättchen am Ende der Tagesphase wie üblich verdeckt an dein
    Spielertableau"): from the end of the day phase on it is one of the player's travel tiles (ruling R7).
    Anna holds 1 regular tile and plays a bonus tile: after the day she has 2 tiles and may trade them for a servant."""
    s = new_game(THREE, bonus_tiles=True)
    give_tiles(s, 0, [next(t for t, n in s.bag.items() if n and not t.startswith("bonus"))])
    s = collect_bonus(s, 0, "bonus_value")
    s, _ = play(s, {"type": "bonus", "loc": None})
    a = s.players[0]
    assert len(a.tiles) == 1 and {"type": "trade", "for": "servant", "doubles": 0} not in trade_options(s, 0)
    s = _end_the_day(s)
    a = s.players[0]
    assert "bonus_value" in a.tiles
    assert len(a.tiles) == 2 and a.bonus_spent == [] and a.bonus_active == []
    assert {"type": "trade", "for": "servant", "doubles": 0} in trade_options(s, 0)


def test_bonus_tile_over_the_limit_is_traded_at_the_end_of_the_day():
    """Issue 26 point 1 (NL 1190: until it lies above the board it does not count "voor je Reisfichelimiet van 6";
    then it does, DE Reisen "Immer wenn du mehr als 6 Reiseplättchen besitzt, musst du sofort ... eintauschen").
    An unplayed bonus tile joins at the same moment as a played one, the end of the day phase."""
    s = new_game(THREE, bonus_tiles=True)
    give_tiles(s, 0, [t for t, n in s.bag.items() if not t.startswith("bonus") for _ in range(n)][:6])
    set_pool(s, 0, 0)
    s = collect_bonus(s, 0, "bonus_vp")  # no servant: face down unplayed, beside the board for today
    assert s.players[0].bonus_spent == ["bonus_vp"] and kind(s) != "gugong.tile_limit"
    s = _end_the_day(s)
    assert len(s.players[0].tiles) == 7 and kind(s) == "gugong.tile_limit"


def test_bonus_tile_stays_beside_the_board_in_edition_2_games():
    """Saves of edition 2 replay as played: there the bonus tile never joined the travel tiles (ruling R7 before
    issue 26)."""
    s = new_game(THREE, bonus_tiles=True, rules=2)
    s = collect_bonus(s, 0, "bonus_value")
    s, _ = play(s, {"type": "bonus", "loc": None})
    s = _end_the_day(s)
    assert s.players[0].tiles == [] and s.players[0].bonus_spent == ["bonus_value"]
