"""gugong-de "Phase 3: Die Nachtphase" (p. 14).

Rulebook examples cite their page; the other tests quote the rule they check.
"""

from __future__ import annotations

from companion.gugong.engine import GAME

from .fixtures import (
    DAVID,
    FIVE,
    FOUR,
    LISA,
    SEBASTIAN,
    THREE,
    card,
    flow_to,
    kind,
    new_game,
    options,
    refresh,
    set_boat,
    set_hand,
    set_intrigue,
    to_night,
)


def test_night_each_matching_card_earns_per_die_and_the_majority_takes_3_vp_and_a_step():
    """Nachtphase Schritt 1: "Für jede passende Karte erhältst du 1 Diener ... Wenn 2 Schicksalswürfel den
    gleichen Wert aufweisen, bringt dir jede passende Karte 2 Diener. Der Spieler mit den meisten passenden
    Karten erhält zusätzlich 3 Siegpunkte und darf seinen Boten 1 Schritt ... vor bewegen." Three equal dice:
    3 servants per card (ruling R1)."""
    s = new_game(THREE)
    s = to_night(s, [4, 4, 4])
    set_hand(s, 0, [card(s, 4)], pile="discard")
    set_hand(s, 1, [card(s, 6), card(s, 7)], pile="discard")
    set_hand(s, 2, [card(s, 1)], pile="discard")
    pools = [pl.pool for pl in s.players]
    s = refresh(s)
    assert [pl.pool - p for pl, p in zip(s.players, pools, strict=True)] == [3, 0, 0]
    assert (s.players[0].vp, s.players[0].envoy) == (3, 1)


def test_night_nobody_matching_means_no_majority_bonus_and_ties_go_by_intrigue():
    """"Im Falle eines Gleichstands entscheidet die Reihenfolge der Intrigemarken, wer diese Boni erhält.\""""
    s = new_game(THREE)
    s = to_night(s, [9, 9, 9])
    for seat in range(3):
        set_hand(s, seat, [card(s, 2, exclude=tuple(c for p in s.players for c in p.discard))], pile="discard")
    s = refresh(s)
    assert all(pl.vp == 0 and pl.envoy == 0 for pl in s.players)
    s = new_game(THREE)
    s = to_night(s, [2, 5, 6])
    set_hand(s, 0, [card(s, 2)], pile="discard")
    set_hand(s, 1, [card(s, 5)], pile="discard")
    set_hand(s, 2, [card(s, 1)], pile="discard")
    set_intrigue(s, 1, 1)
    s = refresh(s)
    assert [pl.vp for pl in s.players] == [0, 3, 0]


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


def test_boats_move_at_night_front_first_and_are_lost_after_port_5():
    s = new_game(FIVE[:2])
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
