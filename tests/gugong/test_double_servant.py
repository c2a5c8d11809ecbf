"""gugong-de "Doppelter Diener" (p. 13) and the servants of each player (Spielaufbau, Tipps).

Rulebook examples cite their page; the other tests quote the rule they check.
"""

from __future__ import annotations

from companion.gugong.engine import GAME

from .fixtures import (
    ANNA,
    DAVID,
    FIVE,
    FOUR,
    LISA,
    LOC,
    SEBASTIAN,
    THREE,
    acting_at,
    at_turn,
    card,
    free_exchange,
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
    set_wall,
    with_hand_at,
)


def test_double_servant_comes_from_port_4_into_the_supply():
    """Hafen 4: "Lege deinen doppelten Diener sofort zu deinem Vorrat an Dienern auf deinem Spielertableau.\""""
    s = new_game(THREE)
    set_boat(s, 0, 0, 3, 2)
    s = acting_at(s, 0, "canal")
    s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "place", "boat": 0, "dd": False},
                {"type": "move_boat", "boat": 0}, {"type": "claim", "boat": 0, "reward": "double"})
    assert s.players[0].dd == "pool" and s.players[0].rewards["double"] == 1 and GAME.invariants(s) == []


def test_double_servant_is_taken_as_one_of_the_servants_gained():
    """"Immer wenn du 1 Diener aus dem allgemeinen Vorrat erhältst, darfst du dir auch den doppelten Diener
    nehmen." Gaining 2 (a card action): the double servant and 1 regular servant (ruling R2)."""
    s = new_game(THREE)
    s.players[0].dd = "general"
    two = card(s, 3, "servant2")
    set_board(s, "jade", card(s, 2))
    set_hand(s, 0, [two])
    s = at_turn(s, 0)
    s, _ = play(s, {"type": "exchange", "card": two, "loc": LOC["jade"]}, {"type": "card"})
    assert kind(s) == "gugong.take_double"
    s, _ = play(s, {"type": "take_double", "double": True})
    assert (s.players[0].pool, s.players[0].dd) == (7, "pool")


def test_double_servant_pays_2_of_a_larger_cost():
    """"Immer wenn du 2 Diener aus deinem Vorrat in den allgemeinen Vorrat zurücklegst, darfst du anstelle von 2
    Dienern deinen doppelten Diener zurücklegen." A 3-servant jade house: double servant + 1."""
    s = new_game(THREE)
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


def test_double_servant_may_pay_a_single_servant():
    """gugong-de 649 "kann der doppelte Diener als 1 oder 2 Diener eingesetzt werden", gugong-nl 705 "het kan als 1
    of 2 Dienaren worden gebruikt", QR "Deinen DD kannst Du als 1 oder 2 Diener einsetzen" (ruling R2). With only
    the double servant in the supply, intrigue B (1 servant) is paid with it; so is canal B's 1 servant when 2
    regular servants go on the boats."""
    s = new_game(THREE)
    s.players[0].dd = "pool"
    set_pool(s, 0, 0)
    s = acting_at(s, 0, "intrigue")
    assert {"type": "location", "opt": "B", "dd": True} in options(s)
    s, _ = play(s, {"type": "location", "opt": "B", "dd": True})
    assert (s.players[0].dd, s.players[0].intrigue, s.players[0].pool) == ("general", 3, 0)
    s = new_game(THREE)
    s.players[0].dd = "pool"
    s = acting_at(s, 0, "canal", pool=2)
    assert {"type": "location", "opt": "B", "dd": False, "pay_dd": True} in options(s)
    assert {"type": "location", "opt": "B", "dd": False} not in options(s)  # 2 regular servants + 1 to pay: 3
    s, _ = play(s, {"type": "location", "opt": "B", "dd": False, "pay_dd": True})
    while kind(s) == "gugong.canal_place":
        s, _ = play(s, options(s)[0])
    a = s.players[0]
    assert (a.dd, a.pool, sum(b.servants for b in a.boats)) == ("general", 0, 2) and GAME.invariants(s) == []


def test_double_servant_never_sits_on_a_port_reward_space():
    """"Es ist dir NICHT erlaubt, den Doppeldiener ... bei den Hafenbelohnungen einzusetzen." A boat with the
    double servant sends a regular servant to the reward space."""
    s = new_game(THREE)
    s.players[0].dd = "pool"
    set_boat(s, 0, 0, 2, 1)
    s = acting_at(s, 0, "canal")
    s, _ = play(s, {"type": "location", "opt": "A"}, {"type": "place", "boat": 0, "dd": True}, {"type": "skip"},
                {"type": "claim", "boat": 0, "reward": "vp"})
    a = s.players[0]
    assert (a.rewards["vp"], a.dd, a.boats) == (1, "general", []) and GAME.invariants(s) == []


def test_double_servant_on_the_wall_counts_three_and_wins():
    """gugong-de Doppelter Diener, Beispiel 1 (S. 13): David returns 1 servant and places a servant and his
    double servant on the Wall; with 3 he beats Anna and Lisa (2 each) and the complete wall is scored."""
    s = new_game(FOUR)
    set_wall(s, [(ANNA, 1), (LISA, 1), (ANNA, 1), (LISA, 1)])
    david = s.players[DAVID]
    david.dd = "pool"
    hand = free_exchange(s, DAVID, "wall")
    set_pool(s, DAVID, 2)
    s = at_turn(s, DAVID)
    s, _ = play(s, {"type": "exchange", "card": hand, "loc": LOC["wall"]},
                {"type": "location", "opt": "B", "dd": True})
    david = s.players[DAVID]
    assert (david.vp, david.envoy, david.dd, david.pool) == (3, 1, "general", 0)
    assert s.wall == [[ANNA, 1], [LISA, 1], [ANNA, 1], [LISA, 1]] and GAME.invariants(s) == []


def test_double_servant_pays_for_travel_then_comes_back_for_tiles_and_pays_the_palace():
    """gugong-de Doppelter Diener, Beispiel 2 (S. 13): Sebastian returns his double servant (as 2) to travel
    twice; next turn, with no servants, he trades 2 tiles for 1 servant taking the double servant, then
    returns it for palace B: 2 envoy steps and 1 intrigue step."""
    s = new_game(FOUR)
    seb = s.players[SEBASTIAN]
    seb.dd = "pool"
    first = free_exchange(s, SEBASTIAN, "travel")
    set_pool(s, SEBASTIAN, 0)
    set_city(s, 0, "vp2")
    set_city(s, 1, "intrigue")
    s = at_turn(s, SEBASTIAN)
    s, _ = play(s, {"type": "exchange", "card": first, "loc": LOC["travel"]})
    assert {"type": "location", "opt": "B", "dd": False} not in options(s)
    s, _ = play(s, {"type": "location", "opt": "B", "dd": True}, {"type": "move", "city": 0},
                {"type": "move", "city": 1})
    seb = s.players[SEBASTIAN]
    assert (seb.dd, seb.tiles, seb.vp, seb.intrigue) == ("general", ["vp2", "intrigue"], 2, 1)
    s = at_turn(s, SEBASTIAN)
    low = card(s, 2, exclude=tuple(s.players[SEBASTIAN].hand))
    set_board(s, "palace", low)
    s = refresh(s)
    s, _ = play(s, {"type": "trade", "for": "servant", "doubles": 0})
    assert kind(s) == "gugong.take_double"
    s, _ = play(s, {"type": "take_double", "double": True})
    assert (s.players[SEBASTIAN].dd, s.players[SEBASTIAN].pool) == ("pool", 0)
    s, _ = play(s, {"type": "exchange", "card": s.players[SEBASTIAN].hand[0], "loc": LOC["palace"]},
                {"type": "location", "opt": "B", "dd": True})
    seb = s.players[SEBASTIAN]
    assert (seb.envoy, seb.intrigue, seb.dd) == (2, 2, "general") and GAME.invariants(s) == []


def test_nothing_is_gained_beyond_the_supply_of_12():
    s = new_game(FIVE[:2])
    set_pool(s, 0, 12)
    one = card(s, 1, "servant1")
    set_board(s, "palace", card(s, 9, exclude=(one,)))
    set_hand(s, 0, [one, card(s, 5)])
    s = at_turn(s, 0)
    s, _ = play(s, {"type": "exchange", "card": one, "loc": LOC["palace"]})
    assert kind(s) == "gugong.act"
    assert not [o for o in options(s) if o["type"] == "card"]  # +1 servant: nothing left to gain
    assert s.players[0].pool + s.players[0].general == 12


def test_double_servant_never_pays_a_single_servant_and_is_offered_when_gained():
    s = new_game(FIVE[:2])
    s.players[0].dd = "pool"
    set_pool(s, 0, 0)
    s, own = with_hand_at(s, 0, "intrigue", 9, 2)
    s, _ = play(s, {"type": "exchange", "card": own, "loc": LOC["intrigue"]})
    assert {"type": "location", "opt": "B"} not in options(s)
    s = new_game(FIVE[:2])
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
