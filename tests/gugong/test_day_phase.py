"""gugong-de "Phase 2: Die Tagesphase" (p. 4-5): the exchange, paying for it, the card and location
actions, passing; "Aktionen der Geschenkkarten" (p. 5).

Rulebook examples cite their page; the other tests quote the rule they check.
"""

from __future__ import annotations

from companion.gugong.engine import GAME

from .fixtures import (
    FIVE,
    LOC,
    THREE,
    TWO,
    at_official,
    at_turn,
    card,
    day_table,
    flow_to,
    kind,
    new_game,
    options,
    play,
    refresh,
    set_board,
    set_boat,
    set_hand,
    set_pool,
    with_hand_at,
)


def test_the_exchange_comes_first_and_is_mandatory():
    """1. Geschenke austauschen: "Zu Beginn deines Zuges MUSST du eine Geschenkkarte deiner Hand mit einer
    Geschenkkarte auf dem Spielplan austauschen." Every option is an exchange (or a tile trade, R4)."""
    s, _, _ = day_table([(5, None), (6, None)], "jade", 3)
    assert {o["type"] for o in options(s)} == {"exchange"}
    assert len(options(s)) == 2 * 7  # each hand card with each of the 7 officials


def test_higher_is_free_and_the_taken_card_goes_to_the_discard_pile():
    """"Wenn deine Handkarte einen höheren Wert ... aufweist, darfst du sie kostenlos austauschen." "Lege die
    vom Spielplan aufgenommene Geschenkkarte verdeckt auf den Ablagestapel auf deinem Spielertableau.\""""
    s, own, board = day_table([(5, None), (6, None)], "jade", 4)
    s, _ = play(s, {"type": "exchange", "card": own[0], "loc": LOC["jade"]})
    pl = s.players[0]
    assert kind(s) == "gugong.act" and s.board[LOC["jade"]] == own[0]
    assert pl.hand == [own[1]] and pl.discard == [board] and pl.pool == 6


def test_lower_or_equal_offers_exactly_the_three_ways_to_pay():
    """"niedrigeren oder gleich hohen Wert ... nur austauschen, wenn du zuerst: 2 Diener ... zurück in den
    allgemeinen Vorrat legst ODER eine andere Geschenkkarte deiner Hand auf den Ablagestapel ... legst ODER die
    Geschenkkarte austauschst ohne Aktionen auszuführen." The double servant may stand for the 2 servants."""
    s, own, board = day_table([(4, None), (6, None), (7, None)], "jade", 4)
    s.players[0].dd = "pool"
    s = refresh(s)
    s, _ = play(s, {"type": "exchange", "card": own[0], "loc": LOC["jade"]})
    assert kind(s) == "gugong.pay_exchange"
    assert options(s) == [{"type": "pay", "how": "servants"}, {"type": "pay", "how": "double"},
                          {"type": "pay", "how": "discard", "card": own[1]},
                          {"type": "pay", "how": "discard", "card": own[2]}, {"type": "pay", "how": "no_action"}]
    paid, _ = play(s, {"type": "pay", "how": "servants"})
    assert (paid.players[0].pool, paid.players[0].general) == (4, 8) and kind(paid) == "gugong.act"
    dd, _ = play(s, {"type": "pay", "how": "double"})
    assert (dd.players[0].pool, dd.players[0].dd) == (6, "general")
    disc, _ = play(s, {"type": "pay", "how": "discard", "card": own[2]})
    assert disc.players[0].hand == [own[1]] and sorted(disc.players[0].discard) == sorted([own[2], board])


def test_paying_two_servants_needs_two_servants():
    """The 2 servants come "aus deinem Vorrat": with 1 servant only the other ways remain."""
    s, own, _ = day_table([(2, None), (6, None)], "jade", 4)
    set_pool(s, 0, 1)
    s, _ = play(refresh(s), {"type": "exchange", "card": own[0], "loc": LOC["jade"]})
    assert {o["how"] for o in options(s)} == {"discard", "no_action"}


def test_exchange_without_actions_ends_the_turn():
    """"ODER die Geschenkkarte austauschst ohne Aktionen auszuführen. Überspringe Schritt 2 (Aktionen
    ausführen)" - the next player (clockwise) is on turn."""
    s, own, board = day_table([(2, "servant2"), (6, None)], "palace", 4)
    s, ev = play(s, {"type": "exchange", "card": own[0], "loc": LOC["palace"]}, {"type": "pay", "how": "no_action"})
    assert kind(s) == "gugong.turn" and GAME.decision(s).player == 1
    assert s.players[0].envoy == 0 and s.players[0].pool == 6 and s.players[0].discard == [board]
    assert not any(e.code == "gugong.event.card_action" for e in ev)


def test_one_takes_nine_for_free_but_nothing_else_below_it():
    """"AUSNAHME: Die Geschenkkarten mit dem Wert 1 können kostenlos mit den Karten vom Wert 9 getauscht
    werden." A 1 against an 8 must still be paid for."""
    s, own, _ = day_table([(1, None), (6, None)], "wall", 9)
    s, _ = play(s, {"type": "exchange", "card": own[0], "loc": LOC["wall"]})
    assert kind(s) == "gugong.act"
    s, own, _ = day_table([(1, None), (6, None)], "wall", 8)
    s, _ = play(s, {"type": "exchange", "card": own[0], "loc": LOC["wall"]})
    assert kind(s) == "gugong.pay_exchange"


def test_card_action_first_then_the_location_action_and_both_may_be_the_same():
    """2. Aktionen ausführen: "Wenn du beide Aktionen ausführst, musst du die Kartenaktion zuerst ausführen."
    "Die Aktion der Geschenkkarte und die Ortsaktion können die gleiche sein. In diesem Fall führst du die
    gleiche Aktion 2 Mal durch." A palace card given at the palace: 2 envoy steps."""
    s, own, _ = day_table([(9, "palace"), (6, None)], "palace", 2)
    s, _ = play(s, {"type": "exchange", "card": own[0], "loc": LOC["palace"]})
    assert {"type": "card", "opt": "A"} in options(s) and {"type": "location", "opt": "A"} in options(s)
    s2, _ = play(s, {"type": "card", "opt": "A"}, {"type": "location", "opt": "A"})
    assert s2.players[0].envoy == 2
    s3, _ = play(s, {"type": "location", "opt": "A"})  # location first: the card action is gone
    assert s3.players[0].envoy == 1 and GAME.decision(s3).player == 1


def test_the_card_action_is_the_action_of_the_card_given_not_the_card_taken():
    """"Die Aktion der auf dem Spielplan abgelegten Geschenkkarte" - the card you put down at the official."""
    s, own, board = day_table([(9, "palace"), (6, None)], "jade", 2)
    assert s.comp.cards[board].action != "palace"
    s, _ = play(s, {"type": "exchange", "card": own[0], "loc": LOC["jade"]})
    assert {"type": "card", "opt": "A"} in options(s)


def test_card_swap_puts_the_new_card_where_the_old_one_was():
    """Aktionen der Geschenkkarten: "Tausche 1 deiner Karten (eine Handkarte oder eine Karte im Ablagestapel)
    mit einer Karte auf dem Spielplan aus. Hast du eine Handkarte ausgetauscht, nimm die neue Karte auf die
    Hand. Hast du eine Karte vom Ablagestapel ausgetauscht, leg die neue Karte auf den Ablagestapel.\""""
    s, own, board = day_table([(8, "swap"), (6, None)], "jade", 2)
    s, _ = play(s, {"type": "exchange", "card": own[0], "loc": LOC["jade"]}, {"type": "card"})
    assert kind(s) == "gugong.swap_card"
    at_canal = s.board[LOC["canal"]]
    hand, _ = play(s, {"type": "swap", "card": own[1]}, {"type": "swap_to", "loc": LOC["canal"]})
    assert hand.players[0].hand == [at_canal] and hand.board[LOC["canal"]] == own[1]
    disc, _ = play(s, {"type": "swap", "card": board}, {"type": "swap_to", "loc": LOC["canal"]})
    assert disc.players[0].discard == [at_canal] and disc.players[0].hand == [own[1]]
    assert GAME.invariants(hand) == [] and GAME.invariants(disc) == []


def test_players_without_hand_cards_pass_and_the_night_follows_when_all_have():
    """Tagesphase: "Hat ein Spieler keine Handkarten mehr, muss er passen. Sobald alle Spieler gepasst haben,
    endet die Tagesphase und die Nachtphase beginnt." Lisa has no cards: after Anna comes David."""
    s = new_game(THREE)
    for seat in (1,):
        pl = s.players[seat]
        pl.discard, pl.hand = pl.discard + pl.hand, []
    s = at_turn(s, 0)
    c = s.players[0].hand[0]
    s, _ = play(s, {"type": "exchange", "card": c, "loc": LOC["palace"]})
    while GAME.decision(s).player == 0:
        s, _ = play(s, options(s)[-1])  # end / no action
    assert kind(s) == "gugong.turn" and GAME.decision(s).player == 2
    for pl in s.players:
        pl.discard, pl.hand = pl.discard + pl.hand, []
    s = at_turn(s, 2)
    assert s.day == 2 and kind(s) == "gugong.roll_die"  # nobody holds a card: night, then the next morning


def test_yesterdays_discard_pile_is_todays_hand():
    """"Die abgeworfenen Karten werden in der nächsten Tagesphase deine neuen Handkarten." (ruling R12)"""
    s = new_game(THREE[:2])
    for pl in s.players:
        pl.discard, pl.hand = pl.discard + pl.hand, []
    held = [sorted(pl.discard) for pl in s.players]
    flow_to(s, "morning")
    s = refresh(s)
    while GAME.decision(s).is_chance:
        s, _ = play(s, options(s)[0])
    assert [sorted(pl.hand) for pl in s.players] == held and all(not pl.discard for pl in s.players)


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


def test_higher_is_free_one_takes_nine_otherwise_pay():
    s, own = with_hand_at(new_game(FIVE[:2]), 0, "palace", 1, 9)
    s2, _ = play(s, {"type": "exchange", "card": own, "loc": LOC["palace"]})
    assert kind(s2) == "gugong.act"  # 1 takes 9 for free
    s, own = with_hand_at(new_game(FIVE[:2]), 0, "palace", 2, 9)
    s2, _ = play(s, {"type": "exchange", "card": own, "loc": LOC["palace"]})
    assert kind(s2) == "gugong.pay_exchange"
    hows = {o["how"] for o in options(s2)}
    assert hows == {"servants", "discard", "no_action"}
    s, own = with_hand_at(new_game(FIVE[:2]), 0, "palace", 6, 6)
    s2, _ = play(s, {"type": "exchange", "card": own, "loc": LOC["palace"]})
    assert kind(s2) == "gugong.pay_exchange"  # equal is not higher


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
    s, _ = at_official(s, "canal", seat=1)
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


def _card_model_without(s, value: int, instead: int):
    """The card model after table entry re-identified every card of `value` as `instead` (state.comp replaced)."""
    from dataclasses import replace

    cards = tuple(replace(c, value=instead) if c.value == value else c for c in s.comp.cards)
    s.comp = replace(s.comp, cards=cards)
    return s


def test_one_takes_nine_means_the_printed_values_1_and_9():
    """Issue 26 point 2. DE 192 (Tagesphase, 1. Geschenke austauschen): "AUSNAHME: Die Geschenkkarten mit dem Wert
    1 können kostenlos mit den Karten vom Wert 9 getauscht werden" (NL 197 likewise): the printed values 1 and 9,
    not the lowest and highest value the card model holds. Once every model card of value 1 is re-identified as
    a 2, a 2 still pays for a 9; once every 9 is an 8, a 1 still pays for an 8 (ruling R24)."""
    from companion.gugong.gift_cards import exchange_is_free

    s, own, _ = day_table([(2, None), (6, None)], "wall", 9)
    s = _card_model_without(s, 1, 2)
    assert not exchange_is_free(s, 0, own[0], LOC["wall"])
    s, own, _ = day_table([(1, None), (6, None)], "wall", 8)
    s = _card_model_without(s, 9, 8)
    assert not exchange_is_free(s, 0, own[0], LOC["wall"])
    s, own, _ = day_table([(1, None), (6, None)], "wall", 9)
    s = _card_model_without(s, 8, 7)
    assert exchange_is_free(s, 0, own[0], LOC["wall"])
