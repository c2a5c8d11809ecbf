"""Focused rule checks beyond the rulebook's worked examples (setup, exchange, supplies, tracks, decrees...)."""

from __future__ import annotations

import pytest

from companion.core import Session, SetupError
from companion.gugong import bonus_tiles, canal, decrees, travel
from companion.gugong.engine import GAME

from .fixtures import (
    LOC,
    at_turn,
    card,
    flow_to,
    give_tiles,
    kind,
    new_game,
    options,
    play,
    refresh,
    set_board,
    set_boat,
    set_city,
    set_decree,
    set_hand,
    set_pool,
)

NAMES = ["Anna", "Lisa", "David", "Sebastian", "Rafaël"]


def with_hand_at(s, seat: int, loc: str, mine: int, theirs: int):
    """Seat holds a card of value `mine` (and one spare) and the official at `loc` one of value `theirs`."""
    board = card(s, theirs, exclude=tuple(s.players[seat].hand))
    set_board(s, loc, board)
    own = card(s, mine, exclude=(board,))
    spare = card(s, 5, exclude=(board, own))
    set_hand(s, seat, [own, spare])
    return at_turn(s, seat), own


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_for_each_player_count(n: int):
    s = new_game(NAMES[:n], start=1)
    assert s.comp.wall_size[n] == {2: 4, 3: 5, 4: 6, 5: 7}[n]
    assert canal.route_count(s) == (2 if n >= 4 else 1)
    for i, seat in enumerate(s.order_from(1)):  # the start player gets set 1, then clockwise
        assert {s.comp.cards[c].set for c in s.players[seat].hand} == {f"p{i + 1}"}
        assert (s.players[seat].pool, s.players[seat].general) == (6, 6)
    stack = sorted(range(n), key=lambda seat: s.players[seat].intrigue_seq)
    assert stack == s.order_from(1)  # start player's marker at the bottom
    assert len(set(s.comp.cards[c].value for c in s.board)) == 7
    assert [s.comp.decrees[d].level for d in s.decree_slots] == [1, 1, 2, 2, 3, 3]
    assert None not in s.cities and len(s.dice) == 3
    assert len(s.deck) == 11 and kind(s) == "gugong.turn" and s.turn == 1
    assert GAME.invariants(s) == []


def test_expert_variant_deals_the_officials_from_one_mixed_deck():
    s = new_game(NAMES[:3], expert=True)
    assert len(s.deck) == 38 - 7 - 3 * 4 and not s.box
    d = Session.new(GAME, {"players": NAMES[:3], "expert": True})
    d.act({"type": "start_player", "seat": 0})
    assert len(d.decision.options) == 38 - 3 * 4  # any card of the mixed deck can turn up


def test_bonus_tiles_only_with_the_option():
    assert sum(new_game(NAMES[:2]).tile_box.values()) == 6
    s = new_game(NAMES[:2], bonus_tiles=True)
    assert sum(s.tile_box.values()) == 0 and s.bag.get("bonus_vp", 0) + s.cities.count("bonus_vp") == 2


def test_higher_is_free_one_takes_nine_otherwise_pay():
    s, own = with_hand_at(new_game(NAMES[:2]), 0, "palace", 1, 9)
    s2, _ = play(s, {"type": "exchange", "card": own, "loc": LOC["palace"]})
    assert kind(s2) == "gugong.act"  # 1 takes 9 for free
    s, own = with_hand_at(new_game(NAMES[:2]), 0, "palace", 2, 9)
    s2, _ = play(s, {"type": "exchange", "card": own, "loc": LOC["palace"]})
    assert kind(s2) == "gugong.pay_exchange"
    hows = {o["how"] for o in options(s2)}
    assert hows == {"servants", "discard", "no_action"}
    s, own = with_hand_at(new_game(NAMES[:2]), 0, "palace", 6, 6)
    s2, _ = play(s, {"type": "exchange", "card": own, "loc": LOC["palace"]})
    assert kind(s2) == "gugong.pay_exchange"  # equal is not higher


def test_equal_value_is_free_with_the_level_2_decree():
    s = new_game(NAMES[:2])
    set_decree(s, 3, "equal_value", [0])
    s, own = with_hand_at(s, 0, "palace", 6, 6)
    s2, _ = play(s, {"type": "exchange", "card": own, "loc": LOC["palace"]})
    assert kind(s2) == "gugong.act"


def test_more_than_six_tiles_forces_a_trade():
    """Reisen: "Immer wenn du mehr als 6 Reiseplättchen besitzt, musst du sofort so lange Reiseplättchen in Diener,
    Siegpunkte oder Jade eintauschen, bis du nur noch maximal 6 Reiseplättchen besitzt." The player then chooses
    which tiles go to the discard pile (ruling R5)."""
    s = new_game(NAMES[:2])
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
    s = new_game(NAMES[:2])
    give_tiles(s, 0, ["double", "canal"])
    s = at_turn(s, 0)
    assert {"type": "trade", "for": "servant", "doubles": 1} in options(s)
    assert {"type": "trade", "for": "vp", "doubles": 1} not in options(s)  # 2 + 1 = 3 < 4
    s, _ = play(s, {"type": "trade", "for": "servant", "doubles": 1})
    assert s.players[0].tiles == ["canal"] and s.players[0].pool == 7


def test_nothing_is_gained_beyond_the_supply_of_12():
    s = new_game(NAMES[:2])
    set_pool(s, 0, 12)
    one = card(s, 1, "servant1")
    set_board(s, "palace", card(s, 9, exclude=(one,)))
    set_hand(s, 0, [one, card(s, 5)])
    s = at_turn(s, 0)
    s, _ = play(s, {"type": "exchange", "card": one, "loc": LOC["palace"]})
    assert kind(s) == "gugong.act"
    assert not [o for o in options(s) if o["type"] == "card"]  # +1 servant: nothing left to gain
    assert s.players[0].pool + s.players[0].general == 12


def test_intrigue_track_stops_at_14_and_markers_stack():
    s = new_game(NAMES[:2])
    s.players[0].intrigue = 13
    s, own = with_hand_at(s, 0, "intrigue", 9, 2)
    s, _ = play(s, {"type": "exchange", "card": own, "loc": LOC["intrigue"]}, {"type": "location", "opt": "B"})
    assert s.players[0].intrigue == 14
    s.players[1].intrigue = 14
    s.players[1].intrigue_seq = s.seq + 1  # Lisa lands on top
    from companion.gugong.tracks import best_by_intrigue

    assert best_by_intrigue(s, [0, 1]) == 1


def test_steps_beyond_the_palace_are_victory_points():
    s = new_game(NAMES[:2])
    s.players[0].envoy = 7
    s, own = with_hand_at(s, 0, "palace", 9, 2)
    s, _ = play(s, {"type": "exchange", "card": own, "loc": LOC["palace"]},
                {"type": "location", "opt": "B", "dd": False})
    assert (s.players[0].envoy, s.players[0].vp, s.arrivals) == (8, 1, [0])


def test_first_intrigue_a_takes_the_medal_and_starts_next_day():
    s = new_game(NAMES[:3])
    s, own = with_hand_at(s, 2, "intrigue", 9, 2)
    s, _ = play(s, {"type": "exchange", "card": own, "loc": LOC["intrigue"]}, {"type": "location", "opt": "A"})
    assert s.medal == 2
    for seat in range(3):
        set_hand(s, seat, [])
    flow_to(s, "night")
    s = refresh(s)
    assert s.start == 2 and s.medal is None and s.day == 2


def test_boats_move_at_night_front_first_and_are_lost_after_port_5():
    s = new_game(NAMES[:2])
    set_boat(s, 0, 0, 5, 1)
    set_boat(s, 1, 0, 4, 3)
    set_boat(s, 0, 0, 3, 1)
    for seat in range(2):
        set_hand(s, seat, [])
    flow_to(s, "night")
    s = refresh(s)
    assert [(b.port, b.servants) for b in s.players[0].boats] == [(4, 1)]
    assert kind(s) == "gugong.claim" and GAME.decision(s).player == 1  # Lisa's full boat is now in port 5
    assert {o.get("reward") for o in options(s)} == {"vp", "card", "double", None}


def test_bonus_tiles_score_when_others_act_and_let_their_owner_follow():
    s = new_game(NAMES[:3], bonus_tiles=True)
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


def test_level_2_decree_discounts():
    s = new_game(NAMES[:2])
    set_decree(s, 2, "travel_discount", [0])
    set_decree(s, 3, "jade_discount", [0])
    assert travel.travel_cost(s, 0) == 1 and travel.travel_cost(s, 1) == 2
    from companion.gugong.jade import price as jade_price

    assert jade_price(s, 0, 0) == s.comp.jade_houses[0][0] - 1
    set_decree(s, 2, "decree_discount", [1])
    set_decree(s, 0, "morning_servant", [])
    assert decrees.cost(s, 1, 0) == 0 and decrees.cost(s, 0, 0) == 1


def test_level_2_wall_decree_adds_a_servant_from_the_general_supply():
    s = new_game(NAMES[:2])
    set_decree(s, 2, "wall_extra", [0])
    s, own = with_hand_at(s, 0, "wall", 9, 2)
    s, _ = play(s, {"type": "exchange", "card": own, "loc": LOC["wall"]},
                {"type": "location", "opt": "A", "dd": False})
    assert kind(s) == "gugong.wall_extra"
    general = s.players[0].general
    s, _ = play(s, {"type": "wall_extra", "use": True})
    assert s.wall == [[0, 1], [0, 1]] and s.players[0].general == general - 1


def test_level_1_morning_decrees():
    s = new_game(NAMES[:2])
    set_decree(s, 0, "morning_intrigue", [0])
    set_decree(s, 1, "morning_envoy", [0])
    flow_to(s, "morning")
    s = refresh(s)
    s, _ = play(s, {"type": "die", "face": 1}, {"type": "die", "face": 2}, {"type": "die", "face": 3})
    assert (s.players[0].intrigue, s.players[0].envoy) == (2, 1)
    assert kind(s) == "gugong.turn" and s.day == 2


def test_double_servant_never_pays_a_single_servant_and_is_offered_when_gained():
    s = new_game(NAMES[:2])
    s.players[0].dd = "pool"
    set_pool(s, 0, 0)
    s, own = with_hand_at(s, 0, "intrigue", 9, 2)
    s, _ = play(s, {"type": "exchange", "card": own, "loc": LOC["intrigue"]})
    assert {"type": "location", "opt": "B"} not in options(s)
    s = new_game(NAMES[:2])
    s.players[0].dd = "general"
    give_tiles(s, 0, ["canal", "wall"])
    s = at_turn(s, 0)
    s, _ = play(s, {"type": "trade", "for": "servant", "doubles": 0})
    assert kind(s) == "gugong.take_double"
    pool = s.players[0].pool
    s2, _ = play(s, {"type": "take_double", "double": False})
    assert (s2.players[0].pool, s2.players[0].dd) == (pool + 1, "general")
    s3, _ = play(s, {"type": "take_double", "double": True})
    assert (s3.players[0].pool, s3.players[0].dd) == (pool, "pool")


def test_owner_overrides_replace_placeholders_and_unknown_facts_are_refused():
    s = Session.new(GAME, {"players": NAMES[:2], "profile": {"overrides": {"dice_faces": [1, 2, 3, 4, 5, 6, 7, 8, 9]}}})
    s.act({"type": "start_player", "seat": 0})
    while s.decision.kind != "gugong.roll_die":
        s.act(s.decision.options[0])
    assert len(s.decision.options) == 9
    with pytest.raises(SetupError):
        Session.new(GAME, {"players": NAMES[:2], "profile": {"overrides": {"no_such_fact": 1}}})
    with pytest.raises(SetupError):
        Session.new(GAME, {"players": ["Anna"]})
    with pytest.raises(SetupError):
        Session.new(GAME, {"players": ["Anna", "Anna"]})


def test_unverified_map_lets_the_table_choose_any_city_with_a_tile():
    s = new_game(NAMES[:2])
    s.players[0].traveller = 0
    s.bag[s.cities[0]] += 1
    s.cities[0] = None
    assert travel.destinations(s, 0) == list(range(1, s.comp.cities))


def test_live_score_during_the_game_is_not_final():
    sheet = GAME.score(new_game(NAMES[:3]))
    assert not sheet.final and len(sheet.totals) == 3


def test_malformed_owner_values_are_refused_with_a_setup_error():
    for bad in ({"dice_faces": "six"}, {"map_cities": 7}, {"gift_cards": [{"value": 1}]}, {"jade_houses": [3]}):
        with pytest.raises(SetupError):
            Session.new(GAME, {"players": NAMES[:2], "profile": {"overrides": bad}})


def test_bonus_value_tile_is_played_with_a_servant_and_raises_card_values_for_the_day():
    s = new_game(NAMES[:2], bonus_tiles=True)
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
    assert s.players[0].bonus_active == [] and s.players[0].bonus_spent == ["bonus_value"]
    assert GAME.invariants(s) == []
