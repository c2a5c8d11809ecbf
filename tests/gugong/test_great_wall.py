"""gugong-de "2. Die chinesische Mauer" (p. 8): placing, the wall scoring and the intrigue benefits
("Vorteile der Intrigeleiste"); the level-2 wall decree (p. 11).

Rulebook examples cite their page; the other tests quote the rule they check.
"""

from __future__ import annotations

import pytest

from companion.gugong.engine import GAME

from .fixtures import (
    ANNA,
    DAVID,
    FIVE,
    FOUR,
    LISA,
    LOC,
    SEBASTIAN,
    acting_nine,
    at_turn,
    free_exchange,
    kind,
    new_game,
    options,
    play,
    set_city,
    set_decree,
    set_intrigue,
    set_pool,
    set_wall,
)


@pytest.mark.parametrize("n,size", [(2, 4), (3, 5), (4, 6), (5, 7)])
def test_wall_is_complete_at_4_5_6_7_servants(n: int, size: int):
    """Die chinesische Mauer: "Abhängig von der Spieleranzahl ist die Mauer abgeschlossen, wenn beim Spiel
    mit 2/3/4/5 Spielern mindesten 4/5/6/7 Diener auf der Mauer liegen." One short: nothing happens."""
    s = new_game(FIVE[:n])
    set_wall(s, [(1, 1)] * (size - 2))
    s = acting_nine(s, 0, "wall")
    s1, ev = play(s, {"type": "location", "opt": "A", "dd": False})
    assert len(s1.wall) == size - 1 and not any(e.code == "gugong.event.wall_scored" for e in ev)
    s2, ev = play(s, {"type": "location", "opt": "B", "dd": False})  # 1 back, 2 on the wall: complete
    assert any(e.code == "gugong.event.wall_scored" and e.params["player"] == 1 for e in ev)
    assert s2.players[1].vp == 3 and s2.players[1].envoy == 1
    assert s2.wall == [[0, 1], [0, 1]]  # Lisa's servants left, the rest slid left
    assert GAME.invariants(s2) == []


def test_option_b_returns_one_servant_and_places_two():
    """Mauer B: "Lege 1 Diener aus deinem Vorrat in den allgemeinen Vorrat, um 2 weitere Diener aus deinem
    Vorrat auf die Mauer zu legen." B needs 3 servants; the 1 returned is never the double servant."""
    s = new_game(FIVE[:3])
    set_pool(s, 0, 3)
    s = acting_nine(s, 0, "wall")
    s2, _ = play(s, {"type": "location", "opt": "B", "dd": False})
    assert (s2.players[0].pool, s2.players[0].general) == (0, 10) and s2.wall == [[0, 1], [0, 1]]
    s = new_game(FIVE[:3])
    set_pool(s, 0, 2)
    s = acting_nine(s, 0, "wall")
    assert {"type": "location", "opt": "B", "dd": False} not in options(s)


def test_majority_winner_returns_all_servants_including_the_double_servant():
    """Wertung der Mauer: "Anschließend legt dieser Spieler alle seine Diener von der Mauer in den allgemeinen
    Vorrat. Schließt die Lücken, indem ihr alle übrigen Diener nach links verschiebt." The double servant
    counts 2 (Doppelter Diener: "so einsetzen, dass er 2 Plätze einnimmt")."""
    s = new_game(FIVE[:2])
    s.players[0].dd = "pool"
    set_wall(s, [(1, 1), (0, 1), (1, 1)])
    s = acting_nine(s, 0, "wall")
    s, _ = play(s, {"type": "location", "opt": "A", "dd": True})  # 1 + 2 = 3 against 2: Anna wins
    a = s.players[0]
    assert (a.vp, a.envoy, a.dd) == (3, 1, "general") and s.wall == [[1, 1], [1, 1]]
    assert GAME.invariants(s) == []


def test_benefit_order_lowest_marker_first_and_the_lower_of_a_stack_first():
    """Intrigevorteile: "Die Spieler wählen nacheinander in der Reihenfolge der Intrigemarkerschiebung (letzter
    und niedrigster zuerst) einen Vorteil. Im Falle eines Gleichstands ist der untere Marker der letzte."
    Only players present before the scoring take part, the winner included; each takes at most 1."""
    s = new_game(FIVE[:4])
    set_wall(s, [(1, 1), (2, 1), (3, 1), (3, 1)])
    set_intrigue(s, 3, 6)
    set_intrigue(s, 2, 4)
    set_intrigue(s, 1, 4)  # on top of David: David (below) chooses before Lisa
    set_intrigue(s, 0, 1)  # Anna acts: lowest of all
    s = acting_nine(s, 0, "wall")
    s, _ = play(s, {"type": "location", "opt": "B", "dd": False})  # 6 servants: complete; Sebastian/Anna tie 2-2
    assert s.players[3].vp == 3  # Sebastian is further on the intrigue track than Anna
    order = []
    while kind(s) == "gugong.benefit":
        order.append(GAME.decision(s).player)
        s, _ = play(s, {"type": "skip"})
    assert order == [0, 2, 1, 3]
    assert kind(s) == "gugong.turn" and GAME.decision(s).player == 1  # Anna's turn is over


def test_benefits_cost_1_3_5_7_steps_and_the_die_turns_to_any_face():
    """Vorteile der Intrigeleiste: 1 Schritt -> 1 Diener, 3 -> 2 Diener, 5 -> "einen Schicksalswürfel auf die
    Seite deiner Wahl zu drehen", 7 -> 1 Jade. With 4 steps only the servants are on offer."""
    s = new_game(FIVE[:2])
    set_wall(s, [(1, 1), (1, 1), (1, 1)])
    set_intrigue(s, 0, 4)
    s = acting_nine(s, 0, "wall")
    s, _ = play(s, {"type": "location", "opt": "A", "dd": False})  # Lisa wins, then Anna (lower? no: 0 < 4)
    while GAME.decision(s).player != 0:
        s, _ = play(s, {"type": "skip"})
    got = {o["benefit"] for o in options(s) if o["type"] == "benefit"}
    assert got == {"servant1", "servant2"}
    s2, _ = play(s, {"type": "benefit", "benefit": "servant2"})
    assert s2.players[0].intrigue == 1
    s = new_game(FIVE[:2])
    set_wall(s, [(1, 1), (1, 1), (1, 1)])
    set_intrigue(s, 0, 7)
    s = acting_nine(s, 0, "wall")
    s, _ = play(s, {"type": "location", "opt": "A", "dd": False})
    while GAME.decision(s).player != 0:
        s, _ = play(s, {"type": "skip"})
    shown = s.dice[1]
    face = next(f for f in s.comp.dice_faces if f != shown)
    s2, _ = play(s, {"type": "benefit", "benefit": "die", "die": 1, "face": face})
    assert s2.dice[1] == face and s2.players[0].intrigue == 2
    s3, _ = play(s, {"type": "benefit", "benefit": "jade"})
    assert (s3.players[0].jade, s3.players[0].intrigue) == (1, 0)


def test_level_2_wall_decree_extra_servant_scores_the_wall_once():
    """Dekrete Stufe 2: "Immer wenn du die Aktion Chinesische Mauer nutzt, darfst du einen zusätzlichen Diener
    aus dem allgemeinen Vorrat dazu legen. Wenn die Mauer dadurch fertig gestellt wird, führe ihre Wertung wie
    üblich durch." The extra servant counts for the majority of the same scoring (ruling R3)."""
    s = new_game(FIVE[:2])
    set_decree(s, 2, "wall_extra", [0])
    set_wall(s, [(1, 1), (1, 1)])
    set_intrigue(s, 1, 5)
    s = acting_nine(s, 0, "wall")
    s, ev = play(s, {"type": "location", "opt": "A", "dd": False})
    assert kind(s) == "gugong.wall_extra" and not any(e.code == "gugong.event.wall_scored" for e in ev)
    s, ev = play(s, {"type": "wall_extra", "use": True})  # 2 + 2 = 4: complete; tie 2-2, Lisa on intrigue 5
    scored = [e for e in ev if e.code == "gugong.event.wall_scored"]
    assert len(scored) == 1 and scored[0].params["player"] == 1


def wall_extra_holder_with_empty_general_supply():
    """Anna holds the level-2 wall decree, has every servant of hers in her supply and stands at the Wall."""
    s = new_game(FIVE[:3])
    set_decree(s, 2, "wall_extra", [0])
    pl = s.players[0]
    pl.pool, pl.general = pl.pool + pl.general, 0
    return acting_nine(s, 0, "wall")


def test_level_2_wall_decree_can_take_the_servant_option_b_just_returned():
    """Dekrete Stufe 2 ("einen zusätzlichen Diener aus dem allgemeinen Vorrat") with Mauer B ("Lege 1 Diener
    aus deinem Vorrat in den allgemeinen Vorrat"): with an empty general supply before the action, the servant
    B returns is there to be added: the general supply is looked at after paying."""
    s = wall_extra_holder_with_empty_general_supply()
    s, _ = play(s, {"type": "location", "opt": "B", "dd": False})
    assert kind(s) == "gugong.wall_extra"
    s, _ = play(s, {"type": "wall_extra", "use": True})
    assert s.wall == [[0, 1], [0, 1], [0, 1]] and s.players[0].general == 0
    assert GAME.invariants(s) == []
    s = wall_extra_holder_with_empty_general_supply()
    s, _ = play(s, {"type": "location", "opt": "A", "dd": False})
    assert s.wall == [[0, 1]] and GAME.decision(s).player == 1  # A returns nothing: the benefit lapses


def test_travel_tile_wall_servant_completes_and_scores_the_wall():
    """Liste der Reiseplättchen: "Lege einen Diener aus dem allgemeinen Vorrat auf die chinesische Mauer. Wird
    die Mauer dadurch komplettiert, verteile die Punkte wie üblich" (scoring and intrigue benefits)."""
    s = new_game(FIVE[:2])
    set_wall(s, [(1, 1), (0, 1), (0, 1)])
    set_intrigue(s, 1, 2)
    set_intrigue(s, 0, 1)
    set_city(s, 0, "wall")
    s = acting_nine(s, 0, "travel")
    s, ev = play(s, {"type": "location", "opt": "A"}, {"type": "move", "city": 0}, {"type": "tile_wall"})
    assert any(e.code == "gugong.event.wall_scored" and e.params["player"] == 0 for e in ev)
    assert s.players[0].vp == 3 and s.wall == [[1, 1]]
    assert kind(s) == "gugong.benefit" and GAME.decision(s).player == 0  # Anna on 1 chooses before Lisa on 2


def test_a_marker_moved_back_for_a_benefit_lands_on_top_of_a_stack():
    """Intrige: "Immer wenn dein Intrigemarker auf einem von 1 oder mehreren Intrigemarkern besetzten Feld
    landet, wird dein Intrigemarker auf die anderen Intrigemarker gelegt." - also going back (ruling R11)."""
    s = new_game(FIVE[:2])
    set_wall(s, [(1, 1), (1, 1), (1, 1)])
    set_intrigue(s, 1, 0)
    set_intrigue(s, 0, 1)
    s = acting_nine(s, 0, "wall")
    s, _ = play(s, {"type": "location", "opt": "A", "dd": False})  # Lisa wins 3-1; Anna (space 1) chooses
    assert GAME.decision(s).player == 0
    s, _ = play(s, {"type": "benefit", "benefit": "servant1"})
    a, b = s.players
    assert a.intrigue == b.intrigue == 0 and a.intrigue_seq > b.intrigue_seq


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
