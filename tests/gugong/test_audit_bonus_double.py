"""Rules audit: the bonus travel tiles (gugong-de "Bonus-Reiseplättchen", p. 20) and the double servant
(gugong-de "Doppelter Diener", p. 13; Kaiserkanal Hafen 4, p. 12).
"""

from __future__ import annotations

from companion.core.steps import Stack
from companion.gugong.engine import GAME

from .fixtures import (
    LOC,
    acting_at,
    at_turn,
    card,
    give_tiles,
    kind,
    new_game,
    options,
    play,
    refresh,
    set_board,
    set_boat,
    set_city,
    set_hand,
    set_pool,
)

NAMES = ["Anna", "Lisa", "David"]


def collect_bonus(s, seat: int, tile: str, hand: list[int] | None = None):
    s.bag[tile] -= 1
    s.bag[s.cities[4]] += 1
    s.cities[4] = tile
    s = acting_at(s, seat, "travel", hand)
    s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "move", "city": 4})
    return s


def test_value_bonus_costs_a_servant_and_adds_1_to_every_card_played_this_day():
    """"Lege dieses Reiseplättchen und 1 Diener aus deinem Vorrat neben dein Spielertableau. Für den Rest dieser
    Tagesphase haben alle von dir ausgespielten Geschenkkarten den Wert der Karte +1. Lege dieses Plättchen am
    Ende der Tagesphase ... verdeckt an dein Spielertableau und den Diener zurück in den allgemeinen Vorrat.\""""
    s = new_game(NAMES, bonus_tiles=True)
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
    assert s.players[0].bonus_active == [] and s.players[0].bonus_spent == ["bonus_value"]
    assert s.players[0].general == general + 1


def test_bonus_tile_without_a_servant_goes_face_down_unplayed_and_is_never_traded():
    """"da diese Bonusplättchen auf deinem Spielertableau nicht gespeichert werden können, können sie auch nicht
    gegen Reiseboni getauscht werden. Sie haben auch keinen Einfluss auf dein Reiseplättchenlimit.\""""
    s = new_game(NAMES, bonus_tiles=True)
    give_tiles(s, 0, [t for t, n in s.bag.items() if not t.startswith("bonus") for _ in range(n)][:6])
    set_pool(s, 0, 0)
    s = collect_bonus(s, 0, "bonus_vp")
    a = s.players[0]
    assert a.bonus_spent == ["bonus_vp"] and len(a.tiles) == 6 and kind(s) != "gugong.tile_limit"


def test_vp_bonus_scores_when_another_player_uses_the_action_even_by_card_action():
    """"Lege dieses Reiseplättchen und 1 Diener ... neben ein Aktionsfeld deiner Wahl. Du erhältst für den Rest
    dieser Tagesphase jeweils 1 Siegpunkt, wenn ein anderer Spieler diese Aktion ausführt. Der ausführende
    Spieler verliert dabei 1 Siegpunkt." A palace card action is the palace action too (ruling R7)."""
    s = new_game(NAMES, bonus_tiles=True)
    s = collect_bonus(s, 1, "bonus_vp")
    s, _ = play(s, {"type": "bonus", "loc": LOC["palace"]})
    palace_card = card(s, 9, "palace")
    s.players[0].vp = 4
    set_board(s, "jade", card(s, 2, exclude=tuple(s.players[0].hand)))
    set_hand(s, 0, [palace_card])
    s = at_turn(s, 0)
    s, _ = play(s, {"type": "exchange", "card": palace_card, "loc": LOC["jade"]}, {"type": "card", "opt": "A"})
    assert (s.players[0].vp, s.players[1].vp, s.players[0].envoy) == (3, 1, 1)


def test_double_servant_comes_from_port_4_into_the_supply():
    """Hafen 4: "Lege deinen doppelten Diener sofort zu deinem Vorrat an Dienern auf deinem Spielertableau.\""""
    s = new_game(NAMES)
    set_boat(s, 0, 0, 3, 2)
    s = acting_at(s, 0, "canal")
    s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "place", "boat": 0, "dd": False},
                {"type": "move_boat", "boat": 0}, {"type": "claim", "boat": 0, "reward": "double"})
    assert s.players[0].dd == "pool" and s.players[0].rewards["double"] == 1 and GAME.invariants(s) == []


def test_double_servant_is_taken_as_one_of_the_servants_gained():
    """"Immer wenn du 1 Diener aus dem allgemeinen Vorrat erhältst, darfst du dir auch den doppelten Diener
    nehmen." Gaining 2 (a card action): the double servant and 1 regular servant (ruling R2)."""
    s = new_game(NAMES)
    s.players[0].dd = "general"
    two = card(s, 3, "servant2")
    set_board(s, "jade", card(s, 2))
    set_hand(s, 0, [two])
    s = at_turn(s, 0)
    s, _ = play(s, {"type": "exchange", "card": two, "loc": LOC["jade"]}, {"type": "card"})
    assert kind(s) == "gugong.take_double"
    s, _ = play(s, {"type": "take_double", "double": True})
    assert (s.players[0].pool, s.players[0].dd) == (7, "pool")


def test_double_servant_pays_2_of_a_larger_cost_but_never_a_single_servant():
    """"Immer wenn du 2 Diener aus deinem Vorrat in den allgemeinen Vorrat zurücklegst, darfst du anstelle von 2
    Dienern deinen doppelten Diener zurücklegen." A 3-servant jade house: double servant + 1; intrigue B (1
    servant): never the double servant alone."""
    s = new_game(NAMES)
    s.players[0].dd = "pool"
    house = next(h for h, (cost, _) in enumerate(s.comp.jade_houses) if cost == 3)
    s = acting_at(s, 0, "jade")
    set_pool(s, 0, 1)
    s = refresh(s)
    assert {"type": "location", "house": house, "dd": True} in options(s)
    assert {"type": "location", "house": house, "dd": False} not in options(s)
    set_pool(s, 0, 0)
    s = refresh(s)
    assert not any(o.get("house") == house for o in options(s))
    s = new_game(NAMES)
    s.players[0].dd = "pool"
    set_pool(s, 0, 0)
    s = acting_at(s, 0, "intrigue")
    assert {"type": "location", "opt": "B"} not in options(s)


def test_double_servant_never_sits_on_a_port_reward_space():
    """"Es ist dir NICHT erlaubt, den Doppeldiener ... bei den Hafenbelohnungen einzusetzen." A boat with the
    double servant sends a regular servant to the reward space."""
    s = new_game(NAMES)
    s.players[0].dd = "pool"
    set_boat(s, 0, 0, 2, 1)
    s = acting_at(s, 0, "canal")
    s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "place", "boat": 0, "dd": True}, {"type": "skip"},
                {"type": "claim", "boat": 0, "reward": "vp"})
    a = s.players[0]
    assert (a.rewards["vp"], a.dd, a.boats) == (1, "general", []) and GAME.invariants(s) == []


def test_travel_tile_bonus_reacts_only_to_other_players():
    """"wenn ein anderer Spieler diese Aktion ausführt" - the owner's own action neither scores nor costs."""
    s = new_game(NAMES, bonus_tiles=True)
    set_city(s, 5, "vp2")
    s = collect_bonus(s, 0, "bonus_vp")
    s, _ = play(s, {"type": "bonus", "loc": LOC["palace"]})
    s = acting_at(s, 0, "palace")
    s, _ = play(s, {"type": "location", "opt": "A"})
    assert s.players[0].vp == 0 and s.players[0].envoy == 1
