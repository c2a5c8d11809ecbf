"""5C Arbeiter ernähren: one food per three workers on the board, rounded up; misfortune for what is missing."""

from __future__ import annotations

from companion.core.steps import FORCED, Stack
from companion.yinzi import feeding, war
from companion.yinzi.engine import GAME

from .table import NAMES, M, act, acts, arrange, at_actions, at_feeding, refused, settled, take_workers


def test_marion_feeding_with_11_workers():
    """RULES-Y 5C Arbeiter ernähren, Beispiel: 11 workers, 2 of them migrants: 4 food. Two rice and two fruit
    make 3; one food is missing: one misfortune tile."""
    state = at_actions(NAMES)
    take_workers(state, M, boxes={"resources": 3, "produce": 3, "ship": 3}, migr_upper=2)
    state.players[M].fields = {"zhejiang/rice": 2, "zhejiang/fruit": 2}
    state.players[M].cubes -= 4
    arrange(state, "feeding")
    state.bonus_of = [None, None, None]
    feeding.feed_workers(state)
    assert state.stack[-1] == {"k": "feed", "p": M, "need": 4, "halves": 0}
    state = acts(state, {"type": "feed", "src": "f/zhejiang/fruit"})
    state, events = act(state, {"type": "feed", "src": "f/zhejiang/fruit"})
    # then only rice is left, then nothing: each a single possibility, taken for the table
    forced = [e.params["action"] for e in events if e.code == FORCED]
    assert forced == [{"type": "feed", "src": "f/zhejiang/rice"}] * 2 + [{"type": "feed_done"}]
    fed = next(e for e in events if e.code == "yinzi.fed")
    assert fed.params == {"player": M, "food": 4, "free": False, "misfortune": 1}
    assert state.players[M].misfortune == 1

def test_feeding_cannot_stop_while_food_is_left():
    state, _ = at_feeding({"nanzhili/rice": 1, "zhejiang/wheat": 1})  # two foods to choose from
    refused(state, {"type": "feed_done"}, "yinzi.must_feed", "5C")

def test_veterans_without_new_workers_stand_up_at_the_end_of_the_action_phase():
    """RULES-Y 5B Veteranen: "Sollte er keine neuen Arbeiter platzieren, stellt er ganz am Ende der
    Ausführungsphase die zur Seite gelegten Arbeiter aufrecht auf den unbesetzten Bereich am weitesten
    links"; 5D I: "Befinden sich hier noch auf die Seite gelegte Arbeiter, werden sie nun aufgestellt".
    They stand after every group placed in phase B, so they lose a tie to those groups."""
    state = at_actions(NAMES)
    a, m = state.order[0], state.order[1]
    state.round = 2
    state.war_box = [[a, 2]]
    state.players[a].workers -= 2
    state.players[m].veterans, state.players[m].veterans_round = 2, 1
    state.players[m].workers -= 2
    arrange(state, "feeding")
    feeding.feed_workers(state)
    assert state.war_box == [[a, 2], [m, 2]] and state.players[m].veterans == 0
    strength = sorted(war.war_strength(state), key=lambda t: (-t[1], t[2]))
    assert strength[0][0] == a  # a placed first: wins the tie
    assert GAME.invariants(state) == []


def test_a_lone_half_food_cube_is_not_taken():
    """RULES-Y 5C (Y 802): fruit, cabbage and potatoes: "Hiervon zählen aber nur beliebige zwei Würfelchen als
    „1“ zum Ergebnis"; Y 806: "Wenn möglich, müssen Arbeiter ernährt werden. Kann ein Spieler seine Arbeiter
    nicht komplett ernähren, erhält er pro fehlender Nahrung ein Unglücksplättchen." One fruit alone feeds
    nobody: it stays on its field and the missing food costs one misfortune tile, as it would anyway."""
    state, _ = at_feeding({"zhejiang/fruit": 1})  # need 1 (three workers)
    p = state.stack[-1]["p"]
    state.stack = Stack([state.stack[-1]])  # only the feeding: no drought afterwards
    events = settled(state)
    assert state.players[p].fields == {"zhejiang/fruit": 1} and state.players[p].misfortune == 1
    assert next(e.params["action"] for e in events if e.code == FORCED) == {"type": "feed_done"}


def test_a_half_food_cube_is_taken_when_it_completes_a_food():
    """RULES-Y 5C (Y 802): two half-food cubes make one food, so with two fruits both are eaten."""
    state, _ = at_feeding({"zhejiang/fruit": 2, "huguang/cabbage": 1})
    p = state.stack[-1]["p"]
    state.stack = Stack([state.stack[-1]])  # only the feeding: no drought afterwards
    state = acts(state, {"type": "feed", "src": "f/huguang/cabbage"})
    settled(state)
    assert state.players[p].fields == {"zhejiang/fruit": 1} and state.players[p].misfortune == 0
