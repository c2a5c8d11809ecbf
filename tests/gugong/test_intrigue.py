"""gugong-de "4. Intrige" (p. 9): the track, stacking markers, the Next Start Player medal.

Rulebook examples cite their page; the other tests quote the rule they check.
"""

from __future__ import annotations

from .fixtures import (
    FIVE,
    FOUR,
    LOC,
    acting_spare,
    flow_to,
    new_game,
    play,
    refresh,
    set_hand,
    set_intrigue,
    with_hand_at,
)


def test_intrigue_a_one_step_and_only_the_first_this_day_takes_the_medal():
    """4. Intrige: "A. Bewege deinen Intrigemarker 1 Schritt ... Der erste Spieler, der in der laufenden Runde
    diese Aktion wählt, erhält zusätzlich die Medaille" / "B. Lege 1 Diener ... zurück, um den Intrigemarker 3
    Schritte vor zu bewegen." B does not take the medal."""
    s = new_game(FOUR)
    s = acting_spare(s, 0, "intrigue")
    b, _ = play(s, {"type": "location", "opt": "B"})
    assert (b.players[0].intrigue, b.players[0].pool, b.medal) == (3, 5, None)
    a, _ = play(s, {"type": "location", "opt": "A"})
    assert (a.players[0].intrigue, a.medal) == (1, 0)
    a = acting_spare(a, 1, "intrigue")
    a, _ = play(a, {"type": "location", "opt": "A"})
    assert (a.players[1].intrigue, a.medal) == (1, 0)  # Anna keeps the medal


def test_intrigue_markers_stack_and_the_track_ends_at_14():
    """"Immer wenn dein Intrigemarker auf einem von 1 oder mehreren Intrigemarkern besetzten Feld landet, wird
    dein Intrigemarker auf die anderen Intrigemarker gelegt. Die Intrigeleiste ist auf 14 Schritte limitiert.\""""
    s = new_game(FOUR)
    set_intrigue(s, 1, 3)
    s = acting_spare(s, 0, "intrigue")
    s, _ = play(s, {"type": "location", "opt": "B"})
    assert s.players[0].intrigue == 3 and s.players[0].intrigue_seq > s.players[1].intrigue_seq
    set_intrigue(s, 2, 13)
    s = acting_spare(s, 2, "intrigue")
    s, _ = play(s, {"type": "location", "opt": "B"})
    assert s.players[2].intrigue == 14


def test_intrigue_track_stops_at_14_and_markers_stack():
    s = new_game(FIVE[:2])
    s.players[0].intrigue = 13
    s, own = with_hand_at(s, 0, "intrigue", 9, 2)
    s, _ = play(s, {"type": "exchange", "card": own, "loc": LOC["intrigue"]}, {"type": "location", "opt": "B"})
    assert s.players[0].intrigue == 14
    s.players[1].intrigue = 14
    s.players[1].intrigue_seq = s.seq + 1  # Lisa lands on top
    from companion.gugong.tracks import best_by_intrigue

    assert best_by_intrigue(s, [0, 1]) == 1


def test_first_intrigue_a_takes_the_medal_and_starts_next_day():
    s = new_game(FIVE[:3])
    s, own = with_hand_at(s, 2, "intrigue", 9, 2)
    s, _ = play(s, {"type": "exchange", "card": own, "loc": LOC["intrigue"]}, {"type": "location", "opt": "A"})
    assert s.medal == 2
    for seat in range(3):
        set_hand(s, seat, [])
    flow_to(s, "night")
    s = refresh(s)
    assert s.start == 2 and s.medal is None and s.day == 2
