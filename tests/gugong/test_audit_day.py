"""Rules audit: the day phase (gugong-de "Phase 2: Die Tagesphase", p. 4-5; "Aktionen der Geschenkkarten",
p. 5): the mandatory exchange and its value rule, the three ways to pay, the card action before the
location action, passing, and the card swap.
"""

from __future__ import annotations

from companion.gugong.engine import GAME

from .fixtures import LOC, at_turn, card, flow_to, kind, new_game, options, play, refresh, set_board, set_hand, set_pool

NAMES = ["Anna", "Lisa", "David"]


def table(mine: list[tuple[int, str | None]], loc: str, theirs: int, seat: int = 0):
    """Seat holds cards of the given (value, card action); the official at `loc` holds a card of `theirs`."""
    s = new_game(NAMES)
    board = card(s, theirs, exclude=tuple(c for p in s.players for c in p.hand if p.seat != seat))
    set_board(s, loc, board)
    own = []
    for value, action in mine:
        own.append(card(s, value, action, exclude=(board, *own)))
    set_hand(s, seat, own)
    return at_turn(s, seat), own, board


def test_the_exchange_comes_first_and_is_mandatory():
    """1. Geschenke austauschen: "Zu Beginn deines Zuges MUSST du eine Geschenkkarte deiner Hand mit einer
    Geschenkkarte auf dem Spielplan austauschen." Every option is an exchange (or a tile trade, R4)."""
    s, _, _ = table([(5, None), (6, None)], "jade", 3)
    assert {o["type"] for o in options(s)} == {"exchange"}
    assert len(options(s)) == 2 * 7  # each hand card with each of the 7 officials


def test_higher_is_free_and_the_taken_card_goes_to_the_discard_pile():
    """"Wenn deine Handkarte einen höheren Wert ... aufweist, darfst du sie kostenlos austauschen." "Lege die
    vom Spielplan aufgenommene Geschenkkarte verdeckt auf den Ablagestapel auf deinem Spielertableau.\""""
    s, own, board = table([(5, None), (6, None)], "jade", 4)
    s, _ = play(s, {"type": "exchange", "card": own[0], "loc": LOC["jade"]})
    pl = s.players[0]
    assert kind(s) == "gugong.act" and s.board[LOC["jade"]] == own[0]
    assert pl.hand == [own[1]] and pl.discard == [board] and pl.pool == 6


def test_lower_or_equal_offers_exactly_the_three_ways_to_pay():
    """"niedrigeren oder gleich hohen Wert ... nur austauschen, wenn du zuerst: 2 Diener ... zurück in den
    allgemeinen Vorrat legst ODER eine andere Geschenkkarte deiner Hand auf den Ablagestapel ... legst ODER die
    Geschenkkarte austauschst ohne Aktionen auszuführen." The double servant may stand for the 2 servants."""
    s, own, board = table([(4, None), (6, None), (7, None)], "jade", 4)
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
    s, own, _ = table([(2, None), (6, None)], "jade", 4)
    set_pool(s, 0, 1)
    s, _ = play(refresh(s), {"type": "exchange", "card": own[0], "loc": LOC["jade"]})
    assert {o["how"] for o in options(s)} == {"discard", "no_action"}


def test_exchange_without_actions_ends_the_turn():
    """"ODER die Geschenkkarte austauschst ohne Aktionen auszuführen. Überspringe Schritt 2 (Aktionen
    ausführen)" - the next player (clockwise) is on turn."""
    s, own, board = table([(2, "servant2"), (6, None)], "palace", 4)
    s, ev = play(s, {"type": "exchange", "card": own[0], "loc": LOC["palace"]}, {"type": "pay", "how": "no_action"})
    assert kind(s) == "gugong.turn" and GAME.decision(s).player == 1
    assert s.players[0].envoy == 0 and s.players[0].pool == 6 and s.players[0].discard == [board]
    assert not any(e.code == "gugong.event.card_action" for e in ev)


def test_one_takes_nine_for_free_but_nothing_else_below_it():
    """"AUSNAHME: Die Geschenkkarten mit dem Wert 1 können kostenlos mit den Karten vom Wert 9 getauscht
    werden." A 1 against an 8 must still be paid for."""
    s, own, _ = table([(1, None), (6, None)], "wall", 9)
    s, _ = play(s, {"type": "exchange", "card": own[0], "loc": LOC["wall"]})
    assert kind(s) == "gugong.act"
    s, own, _ = table([(1, None), (6, None)], "wall", 8)
    s, _ = play(s, {"type": "exchange", "card": own[0], "loc": LOC["wall"]})
    assert kind(s) == "gugong.pay_exchange"


def test_card_action_first_then_the_location_action_and_both_may_be_the_same():
    """2. Aktionen ausführen: "Wenn du beide Aktionen ausführst, musst du die Kartenaktion zuerst ausführen."
    "Die Aktion der Geschenkkarte und die Ortsaktion können die gleiche sein. In diesem Fall führst du die
    gleiche Aktion 2 Mal durch." A palace card given at the palace: 2 envoy steps."""
    s, own, _ = table([(9, "palace"), (6, None)], "palace", 2)
    s, _ = play(s, {"type": "exchange", "card": own[0], "loc": LOC["palace"]})
    assert {"type": "card", "opt": "A"} in options(s) and {"type": "location", "opt": "A"} in options(s)
    s2, _ = play(s, {"type": "card", "opt": "A"}, {"type": "location", "opt": "A"})
    assert s2.players[0].envoy == 2
    s3, _ = play(s, {"type": "location", "opt": "A"})  # location first: the card action is gone
    assert s3.players[0].envoy == 1 and GAME.decision(s3).player == 1


def test_the_card_action_is_the_action_of_the_card_given_not_the_card_taken():
    """"Die Aktion der auf dem Spielplan abgelegten Geschenkkarte" - the card you put down at the official."""
    s, own, board = table([(9, "palace"), (6, None)], "jade", 2)
    assert s.comp.cards[board].action != "palace"
    s, _ = play(s, {"type": "exchange", "card": own[0], "loc": LOC["jade"]})
    assert {"type": "card", "opt": "A"} in options(s)


def test_card_swap_puts_the_new_card_where_the_old_one_was():
    """Aktionen der Geschenkkarten: "Tausche 1 deiner Karten (eine Handkarte oder eine Karte im Ablagestapel)
    mit einer Karte auf dem Spielplan aus. Hast du eine Handkarte ausgetauscht, nimm die neue Karte auf die
    Hand. Hast du eine Karte vom Ablagestapel ausgetauscht, leg die neue Karte auf den Ablagestapel.\""""
    s, own, board = table([(8, "swap"), (6, None)], "jade", 2)
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
    s = new_game(NAMES)
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
    s = new_game(NAMES[:2])
    for pl in s.players:
        pl.discard, pl.hand = pl.discard + pl.hand, []
    held = [sorted(pl.discard) for pl in s.players]
    flow_to(s, "morning")
    s = refresh(s)
    while GAME.decision(s).is_chance:
        s, _ = play(s, options(s)[0])
    assert [sorted(pl.hand) for pl in s.players] == held and all(not pl.discard for pl in s.players)
