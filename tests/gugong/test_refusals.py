"""Every kind of illegal action is refused with a message naming the rule; the state stays identical."""

from __future__ import annotations

import pytest

from companion.core import RuleError, Session, apply
from companion.core.canonical import canonical_bytes
from companion.core.playout import playout
from companion.gugong.engine import GAME
from companion.i18n import has, labels

from .fixtures import (
    LOC,
    at_turn,
    card,
    give_tiles,
    new_game,
    play,
    set_board,
    set_boat,
    set_decree,
    set_hand,
    set_pool,
    set_wall,
)

FOUR = ["Anna", "Lisa", "David", "Sebastian"]


def refused(state, action, code: str) -> RuleError:
    before = canonical_bytes(GAME.to_json(state))
    with pytest.raises(RuleError) as info:
        apply(GAME, state, action)
    err = info.value
    assert err.code == code, (err.code, err.message)
    assert err.message and str(err)
    assert canonical_bytes(GAME.to_json(state)) == before
    if code.startswith("gugong."):
        assert err.rule.startswith("gugong-de"), err.rule
        for lang in ("en", "de", "nl"):
            assert has(code, lang)
    return err


def turn(seat: int = 0, pool: int = 6):
    s = new_game(FOUR)
    set_pool(s, seat, pool)
    return at_turn(s, seat)


def exchanged(loc: str, pool: int, seat: int = 0, dd: str = "locked"):
    """It is `seat`'s action step after a free exchange at `loc`."""
    s = new_game(FOUR)
    low = card(s, 2, exclude=tuple(s.players[seat].hand))
    set_board(s, loc, low)
    nine = next(c.id for c in s.comp.cards if c.value == 9 and c.action == "wall" and c.id not in s.board)
    set_hand(s, seat, [nine])
    set_pool(s, seat, pool)
    s.players[seat].dd = dd
    s = at_turn(s, seat)
    s, _ = play(s, {"type": "exchange", "card": nine, "loc": LOC[loc]})
    return s


def test_setup_chance_steps_come_from_the_table_first():
    s = Session.new(GAME, {"players": FOUR}).state
    refused(s, {"type": "exchange", "card": 0, "loc": 0}, "gugong.error.table_first")


def test_actions_before_the_exchange_are_refused():
    refused(turn(), {"type": "location", "opt": "A"}, "gugong.error.exchange_first")


def test_exchanging_a_card_you_do_not_hold():
    s = turn()
    not_mine = s.players[1].hand[0]
    refused(s, {"type": "exchange", "card": not_mine, "loc": 0}, "gugong.error.card_not_in_hand")
    refused(s, {"type": "exchange", "card": s.players[0].hand[0], "loc": 9}, "gugong.error.no_such_official")


def test_paying_two_servants_or_the_double_servant_you_do_not_have():
    s = new_game(FOUR)
    one = card(s, 1)
    set_hand(s, 0, [one, card(s, 5)])
    set_board(s, "palace", card(s, 6))
    set_pool(s, 0, 1)
    s = at_turn(s, 0)
    s, _ = play(s, {"type": "exchange", "card": one, "loc": LOC["palace"]})
    refused(s, {"type": "pay", "how": "servants"}, "gugong.error.not_enough_servants")
    refused(s, {"type": "pay", "how": "double"}, "gugong.error.double_unavailable")


def test_no_actions_after_an_exchange_without_actions():
    s = new_game(FOUR)
    one = card(s, 1)
    set_hand(s, 0, [one])
    set_board(s, "palace", card(s, 6))
    s = at_turn(s, 0)
    s, _ = play(s, {"type": "exchange", "card": one, "loc": LOC["palace"]}, {"type": "pay", "how": "no_action"})
    assert GAME.decision(s).player == 1
    refused(s, {"type": "location", "opt": "A"}, "gugong.error.exchange_first")


def test_card_action_only_once_and_before_the_location_action():
    s2 = exchanged("palace", pool=3)
    first = GAME.decision(s2).options[0]
    assert first["type"] == "card"
    s2, _ = play(s2, first)
    refused(s2, first, "gugong.error.card_action_first")


def test_location_b_without_enough_servants():
    refused(exchanged("palace", pool=1), {"type": "location", "opt": "B", "dd": False},
            "gugong.error.not_enough_servants")
    refused(exchanged("wall", pool=2), {"type": "location", "opt": "B", "dd": False},
            "gugong.error.not_enough_servants")


def test_double_servant_cannot_be_used_before_it_is_unlocked():
    refused(exchanged("wall", pool=3), {"type": "location", "opt": "A", "dd": True}, "gugong.error.double_unavailable")


def test_double_servant_never_goes_on_a_decree():
    """It may pay the cost (2, or 1: ruling R2), but the servant placed above the decree is always a regular one."""
    s = new_game(FOUR)
    set_decree(s, 0, "morning_envoy", [])  # placeholder cost 2
    set_decree(s, 1, "morning_servant", [])  # cost 1 (confirmed)
    s.players[0].dd = "pool"
    s = exchanged_from(s, "decree", 1)
    opts = GAME.decision(s).options
    assert {"type": "location", "slot": 0, "dd": True} in opts and {"type": "location", "slot": 1, "dd": True} in opts
    s, _ = play(s, {"type": "location", "slot": 0, "dd": True})
    assert (s.players[0].dd, s.players[0].pool, s.decree_servants[0]) == ("general", 0, [0])


def test_each_decree_only_once():
    s = new_game(FOUR)
    set_decree(s, 0, "morning_servant", [0])
    s = exchanged_from(s, "decree", 6)
    refused(s, {"type": "location", "slot": 0, "dd": False}, "gugong.error.decree_once")


def test_a_decree_with_no_free_space_says_so():
    """gugong-de 6. Dekrete: "lege dann 1 weiteren Diener ... auf einen freien Platz oberhalb des Dekrets". With
    every space above it taken, the refusal names the full decree, not the servants (the player has plenty)."""
    s = new_game(FOUR, profile={"overrides": {"decree_spaces": 2}})
    set_decree(s, 0, "morning_servant", [1, 2])
    s = exchanged_from(s, "decree", 6)
    err = refused(s, {"type": "location", "slot": 0, "dd": False}, "gugong.error.decree_full")
    assert err.params["spaces"] == 2 and "unverified" not in err.params  # the owner's own count: no mark
    s = new_game(FOUR)  # the placeholder count of spaces carries the mark into the refusal's text
    set_decree(s, 0, "morning_servant", [1, 2, 3])
    s.decree_servants[0] += [1, 2]  # all 5 placeholder spaces taken (by hand: 4 players have 3 other seats)
    for seat in (1, 2):
        s.players[seat].general -= 1
    s = exchanged_from(s, "decree", 6)
    err = refused(s, {"type": "location", "slot": 0, "dd": False}, "gugong.error.decree_full")
    assert err.params["unverified"] == {"spaces": ["decree_spaces"]}
    assert f"({s.comp.decree_spaces}? " in labels.error_text(err, "en")


def exchanged_from(s, loc: str, pool: int, seat: int = 0):
    low = card(s, 2, exclude=tuple(s.players[seat].hand))
    set_board(s, loc, low)
    nine = next(c.id for c in s.comp.cards if c.value == 9 and c.action == "wall" and c.id not in s.board)
    set_hand(s, seat, [nine])
    set_pool(s, seat, pool)
    s = at_turn(s, seat)
    s, _ = play(s, {"type": "exchange", "card": nine, "loc": LOC[loc]})
    return s


def test_travel_only_along_roads_to_the_next_tile_when_the_map_is_known():
    roads = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 8], [8, 9], [9, 10], [10, 11]]
    s = new_game(FOUR, profile={"overrides": {"map_roads": roads, "map_cities": 12}})
    s.players[0].traveller = 5
    s.bag[s.cities[5]] += 1
    s.cities[5] = None
    s = exchanged_from(s, "travel", 3)
    s, _ = play(s, {"type": "location", "opt": "A"})
    assert sorted(o["city"] for o in GAME.decision(s).options) == [4, 6]
    refused(s, {"type": "move", "city": 9}, "gugong.error.no_route")


def test_port_reward_without_a_free_space_on_the_player_board():
    s = new_game(FOUR)
    s.players[0].rewards["vp"] = 3
    s.players[0].general -= 3
    set_boat(s, 0, 0, 1, 2)
    s = exchanged_from(s, "canal", 3)
    s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "place", "boat": 0, "dd": False},
                {"type": "move_boat", "boat": 0})
    assert s.players[0].boats[0].port == 2 and s.players[0].boats[0].places == 3
    assert GAME.decision(s).player != 0 or GAME.decision(s).kind != "gugong.claim"


def test_claiming_a_reward_the_port_does_not_offer():
    s = new_game(FOUR)
    set_boat(s, 0, 0, 3, 2)
    s = exchanged_from(s, "canal", 3)
    s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "place", "boat": 0, "dd": False},
                {"type": "skip"})
    assert GAME.decision(s).kind == "gugong.claim"
    refused(s, {"type": "claim", "boat": 0, "reward": "vp"}, "gugong.error.no_reward")


def test_boat_moves_and_places_that_are_not_possible():
    s = new_game(FOUR)
    set_boat(s, 0, 0, 5, 1)
    set_boat(s, 0, 0, 3, 3)
    s = exchanged_from(s, "canal", 3)
    s, _ = play(s, {"type": "location", "opt": "A"})
    refused(s, {"type": "place", "boat": 1, "dd": False}, "gugong.error.boat_no_room")
    s, _ = play(s, {"type": "place", "boat": 0, "dd": False})
    refused(s, {"type": "move_boat", "boat": 0}, "gugong.error.no_free_port")


def test_trading_in_too_few_tiles():
    s = new_game(FOUR)
    give_tiles(s, 0, ["canal", "canal", "wall"])
    s = at_turn(s, 0)
    refused(s, {"type": "trade", "for": "vp", "doubles": 0}, "gugong.error.not_enough_tiles")


def test_intrigue_benefit_needs_enough_steps():
    s = new_game(FOUR)
    set_wall(s, [(1, 1), (2, 1), (1, 1), (2, 1), (3, 1)])
    s.players[1].intrigue = 2
    s = exchanged_from(s, "wall", 3)
    s, _ = play(s, {"type": "location", "opt": "A", "dd": False})
    d = GAME.decision(s)
    assert d.kind == "gugong.benefit" and d.player == 1
    refused(s, {"type": "benefit", "benefit": "jade"}, "gugong.error.intrigue_too_low")


def test_wrong_step_names_who_decides():
    s = exchanged("wall", pool=3)
    err = refused(s, {"type": "pay", "how": "servants"}, "gugong.error.wrong_step")
    assert err.params["player"] == "Anna"


def test_nothing_after_the_game_is_over_and_malformed_actions():
    result = playout(GAME, {"players": FOUR[:2]}, 3)
    refused(result.state, {"type": "end"}, "game_over")
    refused(turn(), "exchange", "malformed_action")  # type: ignore[arg-type]


def test_jade_from_an_empty_house_or_too_expensive():
    s = new_game(FOUR)
    s.jade_houses[0] = 0
    s.jade_supply += 2
    s = exchanged_from(s, "jade", 3)
    refused(s, {"type": "location", "house": 0, "dd": False}, "gugong.error.house_empty")
    refused(s, {"type": "location", "house": -1, "dd": False}, "gugong.error.house_empty")
    refused(s, {"type": "location", "house": 2, "dd": False}, "gugong.error.not_enough_servants")


def test_the_table_cannot_enter_a_piece_that_is_not_left():
    s = Session.new(GAME, {"players": FOUR})
    s.act({"type": "start_player", "seat": 0})
    while s.decision.kind == "gugong.deal_card":  # the start hands the table enters (edition 3)
        s.act(s.decision.options[0])
    assert s.decision.kind == "gugong.setup_board"
    refused(s.state, {"type": "board_card", "card": 99}, "gugong.error.cannot_turn_up")
    while s.decision.kind != "gugong.roll_die":
        s.act(s.decision.options[0])
    refused(s.state, {"type": "die", "face": 17}, "gugong.error.cannot_turn_up")
