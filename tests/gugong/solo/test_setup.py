"""gugong-de "SPIELAUFBAU (SOLO)" and "Morgenphase" (Solo): one test per paragraph."""

from __future__ import annotations

import pytest

from companion.core.errors import SetupError
from companion.gugong.solo.engine import GAME

from .helpers import first_turn, human, meng, session


def test_two_player_board_base_tiles_only_and_human_starts():
    """Spielaufbau (Solo): 'wie bei einer normalen Partie für 2 Spieler', 'Nutze nur die Reiseplättchen des
    Grundspiels', 'Der menschliche Spieler beginnt als Startspieler'."""
    s = first_turn()
    assert s.n == 2 and s.comp.wall_size[s.n] == 4 and s.comp.routes[s.n] == 1
    assert not any(t.startswith("bonus_") for t in s.bag if s.bag[t])
    assert not any(t and t.startswith("bonus_") for t in s.cities)
    assert s.start == 0 and s.names == ["Anna", "Meng"]
    d = GAME.decision(s)
    assert d.player == 0 and d.kind == "gugong.turn"
    # start player's marker at the bottom of the intrigue stack, Meng's on top
    assert meng(s).intrigue_seq > human(s).intrigue_seq


@pytest.mark.parametrize("sets, human_set, meng_set", [("4/5", "p4", "p5"), ("2/3", "p2", "p3"), ("1/2", "p1", "p2")])
def test_the_three_card_set_pairings(sets, human_set, meng_set):
    """Spielaufbau (Solo): 'Wähle die 2 Sets ... Karten von Spieler 4 / 5, 2 / 3, 1 / 2'."""
    s = first_turn(sets=sets)
    assert {s.comp.cards[c].set for c in human(s).hand} == {human_set}
    assert {s.comp.cards[c].set for c in meng(s).hand} == {meng_set}
    assert len(meng(s).hand) == 4


def test_focus_location_is_drawn_by_the_table_or_chosen():
    """Spielaufbau (Solo): one start card drawn at random marks Meng's focus with his double servant; 'Nach ein
    paar Partien kannst du selbst wählen'. The table enters the location after laying out the 7 start cards."""
    s = session()
    kinds = []
    while (d := s.decision) is not None and d.is_chance:
        kinds.append(d.kind)
        if d.kind == "gugong.meng_focus":
            assert [o["location"] for o in d.options] == list(s.state.comp.locations)
            s.act({"type": "focus", "location": "canal"})
        else:
            s.resolve_chance()
    assert kinds.index("gugong.meng_focus") > max(i for i, k in enumerate(kinds) if k == "gugong.setup_board")
    assert s.state.meng.focus == "canal"
    chosen = session(focus="palace")
    chosen.resolve_all_chance()
    assert chosen.state.meng.focus == "palace"
    assert meng(chosen.state).dd == "locked"  # the double servant only marks the focus


@pytest.mark.parametrize("difficulty, cards, specials, hand", [("easy", 10, 1, 4), ("normal", 11, 2, 4),
                                                               ("hard", 11, 2, 5)])
def test_difficulties(difficulty, cards, specials, hand):
    """Spielaufbau (Solo): easy 1 special card (10 cards), normal 11, hard 11 and a 5th gift card marked by a
    neutral servant on his port rewards."""
    s = first_turn(difficulty=difficulty)
    assert sum(s.meng.deck.values()) == cards and s.meng.deck["special"] == specials
    assert len(meng(s).hand) == hand
    assert s.meng.markers["card"] == (1 if difficulty == "hard" else 0)
    if difficulty == "hard":
        extra = [c for c in meng(s).hand if s.comp.cards[c].set == "deck"]
        assert len(extra) == 1 and extra[0] not in s.deck


def test_setup_refuses_bad_options():
    for bad in ({"players": []}, {"players": ["Anna", "Bo"]}, {"players": ["Meng"]},
                {"players": ["Anna"], "difficulty": "brutal"}, {"players": ["Anna"], "night_rule": "maybe"},
                {"players": ["Anna"], "sets": "3/4"}, {"players": ["Anna"], "focus": "market"}):
        with pytest.raises(SetupError):
            GAME.normalize_setup(bad)
    assert GAME.normalize_setup({"players": ["Anna"]})["difficulty"] == "normal"
    assert GAME.normalize_setup({"players": ["Anna"]})["night_rule"] == "as_if"
