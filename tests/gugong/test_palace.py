"""gugong-de "5. Der Palast der himmlischen Reinheit" (p. 10).

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
    acting_spare,
    at_turn,
    free_exchange,
    new_game,
    play,
    refresh,
    set_city,
    set_pool,
    with_hand_at,
)


def test_palace_a_and_b_and_steps_beyond_the_palace_are_vp():
    """5. Palast: "A. Bewege deinen Boten 1 Schritt" / "B. Lege 2 Diener ... zurück ..., bewege deinen Boten 2
    Schritte auf der Palastleiste UND deinen Intrigemarker 1 Schritt". "Sobald der Bote den Palast erreicht
    hat, gibt dir jede Aktion die dich noch weiter aufsteigen lassen würde stattdessen je Schritt 1
    Siegpunkt.\""""
    s = new_game(FOUR)
    s = acting_spare(s, 0, "palace")
    a, _ = play(s, {"type": "location", "opt": "A"})
    assert a.players[0].envoy == 1
    s.players[0].envoy = 7
    b, _ = play(s, {"type": "location", "opt": "B", "dd": False})
    p = b.players[0]
    assert (p.envoy, p.vp, p.intrigue, p.pool, b.arrivals) == (8, 1, 1, 4, [0])


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


def test_steps_beyond_the_palace_are_victory_points():
    s = new_game(FIVE[:2])
    s.players[0].envoy = 7
    s, own = with_hand_at(s, 0, "palace", 9, 2)
    s, _ = play(s, {"type": "exchange", "card": own, "loc": LOC["palace"]},
                {"type": "location", "opt": "B", "dd": False})
    assert (s.players[0].envoy, s.players[0].vp, s.arrivals) == (8, 1, [0])
