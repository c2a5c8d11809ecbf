"""Every worked example of the Gùgōng rulebook, played through engine actions.

Each test cites the example's section in shared/rules/gugong-rules-de.txt (page numbers as in
the printed rulebook). Tables are arranged with tests/gugong/fixtures.py, then every step the
example describes is an engine action.
"""

from __future__ import annotations

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
    set_intrigue,
    set_pool,
    set_wall,
    swap_cards,
)

FOUR = ["Anna", "Lisa", "David", "Sebastian"]
ANNA, LISA, DAVID, SEBASTIAN = range(4)


def free_exchange(state, seat: int, loc: str, spare: int = 1) -> int:
    """Arrange a hand card higher than the official's card at `loc`; returns the hand card."""
    low = card(state, 2, exclude=tuple(state.players[seat].hand))
    set_board(state, loc, low)
    high = [c for c in (x.id for x in state.comp.cards if x.value == 9) if c not in state.board]
    set_hand(state, seat, high[: 1 + spare])
    return high[0]


def test_rafael_discards_to_pay_then_card_action_pays_for_jade():
    """gugong-de Tagesphase, 2. Aktionen ausführen, Beispiel Rafaël (S. 5).

    Rafaël has 1 servant and the cards 2, 3 (Go stones: +2 servants) and 5; the Jade official holds
    an 8. He discards the 2 to pay, exchanges the 3 for the 8, takes 2 servants with the card
    action and buys 1 jade for 3 servants.
    """
    s = new_game(["Rafaël", "Anna"])
    c2, c3, c5, c8 = card(s, 2, "servant2"), card(s, 3, "servant2"), card(s, 5), card(s, 8)
    set_hand(s, 0, [c2, c3, c5])
    set_board(s, "jade", c8)
    set_pool(s, 0, 1)
    s = at_turn(s, 0)
    s, _ = play(s, {"type": "exchange", "card": c3, "loc": LOC["jade"]})
    assert kind(s) == "gugong.pay_exchange"
    assert {"type": "pay", "how": "servants"} not in options(s)  # only 1 servant: cannot pay 2
    s, _ = play(s, {"type": "pay", "how": "discard", "card": c2}, {"type": "card"})
    assert s.players[0].pool == 3
    house = next(h for h, (cost, _) in enumerate(s.comp.jade_houses) if cost == 3)
    s, _ = play(s, {"type": "location", "house": house, "dd": False})
    raf = s.players[0]
    assert (raf.pool, raf.jade, sorted(raf.discard), raf.hand) == (0, 1, sorted([c2, c8]), [c5])
    assert s.board[LOC["jade"]] == c3 and kind(s) == "gugong.turn" and s.turn == 1


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


def test_lisa_completes_the_wall_wins_the_tie_on_intrigue_and_benefits_follow():
    """gugong-de 2. Die chinesische Mauer, Beispiel (S. 8): 4 players, wall of 6. Lisa (B) makes it 7;
    Lisa and David tie at 3, both on intrigue 12, Lisa's marker on top wins: 3 VP and 1 envoy step.
    Benefits: Sebastian (lowest) takes 1 servant, David passes, Lisa takes a jade for 7 steps."""
    s = new_game(FOUR)
    set_wall(s, [(LISA, 1), (SEBASTIAN, 1), (DAVID, 1), (DAVID, 1), (DAVID, 1)])
    set_intrigue(s, SEBASTIAN, 3)
    set_intrigue(s, DAVID, 12)
    set_intrigue(s, LISA, 12)  # lands on top of David
    hand = free_exchange(s, LISA, "wall")
    set_pool(s, LISA, 4)
    s = at_turn(s, LISA)
    s, ev = play(s, {"type": "exchange", "card": hand, "loc": LOC["wall"]},
                 {"type": "location", "opt": "B", "dd": False})
    lisa = s.players[LISA]
    assert (lisa.vp, lisa.envoy, lisa.pool) == (3, 1, 1)
    assert s.wall == [[SEBASTIAN, 1], [DAVID, 1], [DAVID, 1], [DAVID, 1]]  # Lisa's left, the rest slid left
    assert any(e.code == "gugong.event.wall_scored" and e.params["player"] == LISA for e in ev)
    assert GAME.decision(s).player == SEBASTIAN and kind(s) == "gugong.benefit"
    s, _ = play(s, {"type": "benefit", "benefit": "servant1"})
    assert (s.players[SEBASTIAN].intrigue, s.players[SEBASTIAN].pool) == (2, 7)
    assert GAME.decision(s).player == DAVID
    s, _ = play(s, {"type": "skip"})
    assert GAME.decision(s).player == LISA
    s, _ = play(s, {"type": "benefit", "benefit": "jade"})
    assert (s.players[LISA].intrigue, s.players[LISA].jade, s.players[DAVID].intrigue) == (5, 1, 12)
    assert s.players[ANNA].intrigue == 0 and kind(s) == "gugong.turn" and GAME.invariants(s) == []


def test_anna_arrives_third_in_the_palace_then_an_envoy_tile_gives_1_vp():
    """gugong-de 5. Der Palast der himmlischen Reinheit, Beispiel Anna (S. 10): palace B to the top,
    7 and 5 taken so she takes the 3 VP space; later an envoy travel tile gives 1 VP instead."""
    s = new_game(FOUR)
    for seat in (LISA, DAVID):
        s.players[seat].envoy = 8
        s.arrivals.append(seat)
    s.players[ANNA].envoy = 6
    hand = free_exchange(s, ANNA, "palace")
    set_pool(s, ANNA, 2)
    set_city(s, 3, "envoy")
    s = at_turn(s, ANNA)
    s, _ = play(s, {"type": "exchange", "card": hand, "loc": LOC["palace"]},
                {"type": "location", "opt": "B", "dd": False})
    anna = s.players[ANNA]
    assert (anna.envoy, anna.intrigue, anna.pool, s.arrivals) == (8, 1, 0, [LISA, DAVID, ANNA])
    assert GAME.score(s).row("gugong_score.row.palace").values[ANNA] == 3
    s = at_turn(s, ANNA)
    travel_card = free_exchange(s, ANNA, "travel", spare=0)
    s = refresh(s)
    s, _ = play(s, {"type": "exchange", "card": travel_card, "loc": LOC["travel"]},
                {"type": "location", "opt": "A"}, {"type": "move", "city": 3})
    assert (s.players[ANNA].envoy, s.players[ANNA].vp) == (8, 1)


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


def test_sebastian_launches_a_boat_then_moves_past_occupied_ports_and_takes_a_card():
    """gugong-de 7. Der Kaiserkanal, Beispiel Sebastian (S. 12): 2 routes. B: 1 servant on his boat in
    port 2, a new boat may go to port 1 of route A or port 3 of route B; he takes port 3. Later (A) he
    fills the port-2 boat, moves it past occupied ports 3 and 4 to port 5 and takes a gift card."""
    s = new_game(FOUR)
    set_boat(s, SEBASTIAN, 0, 2, 1)
    set_boat(s, ANNA, 0, 3, 1)
    set_boat(s, LISA, 0, 4, 1)
    set_boat(s, DAVID, 1, 1, 1)
    set_boat(s, ANNA, 1, 2, 1)
    hand = free_exchange(s, SEBASTIAN, "canal")
    set_pool(s, SEBASTIAN, 4)
    s = at_turn(s, SEBASTIAN)
    s, _ = play(s, {"type": "exchange", "card": hand, "loc": LOC["canal"]},
                {"type": "location", "opt": "B", "dd": False},
                {"type": "place", "boat": 0, "dd": False})
    assert {"type": "place", "route": 0, "dd": False} in options(s)
    assert {"type": "place", "route": 1, "dd": False} in options(s)
    s, _ = play(s, {"type": "place", "route": 1, "dd": False})
    boats = [(b.route, b.port, b.servants) for b in s.players[SEBASTIAN].boats]
    assert boats == [(0, 2, 2), (1, 3, 1)] and s.players[SEBASTIAN].pool == 1
    s = at_turn(s, SEBASTIAN)
    second = free_exchange(s, SEBASTIAN, "canal", spare=0)
    s = refresh(s)
    s, _ = play(s, {"type": "exchange", "card": second, "loc": LOC["canal"]}, {"type": "location", "opt": "A"},
                {"type": "place", "boat": 0, "dd": False}, {"type": "move_boat", "boat": 0})
    assert s.players[SEBASTIAN].boats[0].port == 5
    rewards = {o.get("reward") for o in options(s)}
    assert rewards == {"vp", "card", "double", None}  # port 5: any of the three (or none)
    general = s.players[SEBASTIAN].general
    s, _ = play(s, {"type": "claim", "boat": 0, "reward": "card"})
    drawn = GAME.decision(s).options[0]  # the table enters the card it turned up
    s, _ = play(s, drawn)
    seb = s.players[SEBASTIAN]
    assert drawn["card"] in seb.hand and seb.rewards["card"] == 1 and seb.general == general + 2
    assert [(b.route, b.port) for b in seb.boats] == [(1, 3)] and GAME.invariants(s) == []


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


def test_night_dice_3_3_6_servants_and_majority_tie_broken_by_intrigue():
    """gugong-de Phase 3: Die Nachtphase, Beispiel (S. 14): dice 3, 3, 6. David (one 6) gets 1 servant, Lisa
    (two 3s) 4, Anna 0, Sebastian (one 3, two 6s) 4; Lisa and Sebastian tie, Sebastian is higher on the
    intrigue track and takes 3 VP and 1 envoy step."""
    s = new_game(FOUR)
    threes = [c.id for c in s.comp.cards if c.value == 3][:3]
    sixes = [c.id for c in s.comp.cards if c.value == 6][:3]
    for seat in range(4):
        set_hand(s, seat, [])
    set_hand(s, DAVID, [sixes[0]], pile="discard")
    set_hand(s, LISA, threes[:2], pile="discard")
    set_hand(s, SEBASTIAN, [threes[2], sixes[1], sixes[2]], pile="discard")
    set_intrigue(s, LISA, 2)
    set_intrigue(s, SEBASTIAN, 2)  # on top of Lisa
    s.dice = [3, 3, 6]
    pools = [p.pool for p in s.players]
    flow_to(s, "night")
    s = refresh(s)  # night step 1 and 2 run; the morning then asks for the dice
    gained = [p.pool - before for p, before in zip(s.players, pools, strict=True)]
    assert gained == [0, 4, 1, 4]
    assert (s.players[SEBASTIAN].vp, s.players[SEBASTIAN].envoy) == (3, 1)
    assert (s.players[LISA].vp, s.players[LISA].envoy) == (0, 0)
    assert kind(s) == "gugong.roll_die" and s.day == 2


def test_morning_decree_canal_servant_completes_davids_boat_lisa_lets_it_lapse():
    """gugong-de Morgenphase, Schritt 4, Beispiel (S. 4): Lisa and David share the level-1 'servant onto a
    boat' decree. David's servant from the general supply completes his boat, so he takes its reward (a card)
    at once and the rest of the boat returns; Lisa has no servant in her general supply and lets it lapse."""
    s = new_game(["Lisa", "David"])
    lisa, david = 0, 1
    set_decree(s, 0, "morning_canal", [lisa, david])
    set_boat(s, david, 0, 3, 2)
    set_boat(s, lisa, 0, 2, 1)
    set_pool(s, lisa, s.players[lisa].pool + s.players[lisa].general)
    for seat in (lisa, david):
        set_hand(s, seat, [])
    flow_to(s, "morning")
    s = refresh(s)
    s, _ = play(s, {"type": "die", "face": 1}, {"type": "die", "face": 2}, {"type": "die", "face": 3})
    assert GAME.decision(s).player == david and kind(s) == "gugong.canal_place"
    s, _ = play(s, {"type": "place", "boat": 0, "dd": False})
    assert {"type": "claim", "boat": 0, "reward": "card"} in options(s)
    s, _ = play(s, {"type": "claim", "boat": 0, "reward": "card"})
    s, _ = play(s, GAME.decision(s).options[3])
    d = s.players[david]
    # 1 servant on the reward space, 1 on the decree, the other 10 back in supply or general supply
    assert (d.boats, d.rewards["card"], d.pool + d.general, len(d.hand)) == ([], 1, 10, 1)
    assert s.players[lisa].boats[0].servants == 1  # Lisa's boat unchanged
    assert GAME.invariants(s) == []


def test_end_of_game_order_wall_majority_brings_the_envoy_into_the_palace():
    """gugong-de Spielende (S. 14): first the incomplete wall (3 VP + 1 envoy step: 'Dies kann dazu führen,
    dass ein Spieler doch noch den Tempel ... erreicht'), then level-3 decrees, palace order, jade; players
    not in the palace score 0 and cannot win."""
    s = new_game(["Anna", "Lisa", "David"])
    anna, lisa, david = 0, 1, 2
    set_wall(s, [(anna, 1), (lisa, 1), (anna, 1)])
    s.players[anna].envoy = 7
    s.players[david].envoy = 8
    s.arrivals = [david]
    set_decree(s, 4, "eight_vp", [anna])
    s.players[anna].jade = 2
    s.jade_supply -= 2
    s.players[lisa].vp = 30
    for seat in range(3):
        set_hand(s, seat, [])
    s.day = 4
    flow_to(s, "night")
    s = refresh(s)
    assert GAME.decision(s) is None
    sheet = GAME.score(s)
    assert sheet.final
    assert sheet.row("gugong_score.row.incomplete_wall").values[anna] == 3
    assert sheet.row("gugong_score.row.decree.eight_vp").values[anna] == 8
    assert sheet.row("gugong_score.row.palace").values[:3:2] == [5, 7]  # Anna arrives second, after David
    assert sheet.row("gugong_score.row.jade").values[anna] == 3
    assert sheet.eligible == [True, False, True] and sheet.totals[lisa] == 0
    assert sheet.winners == [anna]  # 3 + 8 + 5 + 3 = 19 beats David's 7


def test_swap_cards_helper_keeps_all_cards():
    s = new_game(FOUR)
    a, b = s.board[0], s.players[0].hand[0]
    swap_cards(s, a, b)
    assert s.board[0] == b and s.players[0].hand[0] == a and GAME.invariants(s) == []
