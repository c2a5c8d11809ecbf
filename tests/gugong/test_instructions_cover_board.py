"""Every move on the Gùgōng board is told to the table, step by step, and nothing else is (issue 20).

Random playouts (2-5 players, bonus tiles, the expert variant, solo against Meng): between two consecutive
views every change of the public board (companion.gugong.instructions.BOARD) is touched by an instruction of
that step, and no instruction touches only what stayed as it was. Plus the cases the issue names: a Great Wall
action that completes the wall, and the three fate dice of a morning.
"""

from __future__ import annotations

import pytest

from companion.core.actions import Event
from companion.core.game import apply
from companion.gugong.engine import GAME
from companion.gugong.instructions import BOARD, instructions
from companion.gugong.view import view
from companion.i18n import t
from tests.core.board_cover import cover, playout_tests

from .fixtures import FIVE, LISA, LOC, THREE, at_turn, card, kind, new_game, set_board, set_hand, set_wall, to_morning

CASES = [(2, {}), (3, {}), (4, {"bonus_tiles": True}), (5, {"bonus_tiles": True, "expert": True}),
         (3, {"table_entry": False})]


test_a_playout_tells_every_board_change, test_many_playouts_tell_every_board_change = playout_tests(
    "gugong", CASES, range(1, 13))


def test_solo_tells_the_player_every_move_of_their_own_pieces():
    """Solo: the player's own pieces (seat 0) and the Gùgōng steps said for them; Meng's pieces are checked with
    the solo board in tests/gugong/solo/test_instructions_cover_board.py."""
    for seed in range(2):
        _, gaps = cover("gugong-solo", 1, {}, seed)
        own = [(g.step, g.events, sorted(u for u in g.unnamed if u.startswith("players.0.")),
                [n for n in g.needless if n.startswith("gugong.")]) for g in gaps]
        assert [g for g in own if g[2] or g[3]] == []


def _said_and_changed(state, *actions):
    """Play `actions`; per step the board changes and the instructions said for it."""
    steps = []
    for action in actions:
        after, events = apply(GAME, state, action)
        steps.append((BOARD.changes(view(state), view(after)), instructions(events)))
        state = after
    return state, steps


def test_a_great_wall_action_that_completes_the_wall_tells_every_move():
    """gugong-de "2. Die chinesische Mauer" (p. 8): "Wenn die Mauer abgeschlossen ist, findet sofort die Wertung
    der Mauer statt" - the most servants: "3 Siegpunkte und bewegt seinen Boten 1 Schritt"; "Anschließend legt
    dieser Spieler alle seine Diener von der Mauer in den allgemeinen Vorrat. Schließt die Lücken". The issue saw
    the exchange, the wall placement and the wall scoring left out after this action; all are said now."""
    s = new_game(THREE)
    set_wall(s, [(0, 1), (LISA, 1), (0, 1)])  # 3 of the 5 places of a 3-player wall
    low = card(s, 2, exclude=tuple(s.players[LISA].hand))
    set_board(s, "wall", low)
    nine = next(c.id for c in s.comp.cards if c.value == 9 and c.action == "none" and c.id not in s.board)
    set_hand(s, LISA, [nine, card(s, 8, exclude=(low, nine))])
    s = at_turn(s, LISA)
    s, steps = _said_and_changed(s, {"type": "exchange", "card": nine, "loc": LOC["wall"]},
                                 {"type": "location", "opt": "B", "dd": False})
    for changes, said in steps:
        unnamed, needless = BOARD.check(changes, said)
        assert (unnamed, needless) == (set(), [])
    codes = [i.code for _, said in steps for i in said]
    assert codes[0] == "gugong.do.exchange"
    for step in ("pay.one", "wall_supply.other", "wall_back.other", "wall_slide", "vp_forward", "envoy"):
        assert f"gugong.do.{step}" in codes, step
    vp = next(i for _, said in steps for i in said if i.code == "gugong.do.vp_forward")
    assert (vp.seat, vp.params["vp"]) == (LISA, 3)
    assert s.players[LISA].envoy == 1 and kind(s) is not None


def test_each_of_the_three_fate_dice_is_told_at_its_roll():
    """gugong-de Morgenphase, Schritt 3 "Die Schicksalswürfel werfen": "Werft die 3 Schicksalswürfel und legt sie
    auf die entsprechenden Felder". Each roll is a step of its own and names its die; after the three rolls the
    table has been told all three (the issue saw only dice 2 and 3 listed)."""
    s = to_morning(new_game(FIVE[:3]))
    told = []
    while kind(s) != "gugong.roll_die":
        s, _ = apply(GAME, s, GAME.decision(s).options[0])
    for face in (6, 5, 4):
        before = view(s)
        s, events = apply(GAME, s, {"type": "die", "face": face})
        said = instructions(events)
        assert BOARD.check(BOARD.changes(before, view(s)), said) == (set(), [])
        told += [(i.params["die"], i.params["face"]) for i in said if i.code == "gugong.do.die"]
    assert told == [(0, 6), (1, 5), (2, 4)]


@pytest.mark.parametrize("lang", ["de", "nl", "en"])
def test_edition_3_bonus_tiles_are_told_to_join_the_travel_tiles(lang):
    """Edition 3 (ruling R7): at the end of the day phase the bonus tiles go face down to the other travel tiles
    above the player board, not beside it; older editions keep the old step and its text."""
    (new,) = instructions([Event("gugong.event.bonus_returned", {"player": 1, "count": 2, "travel": True})])
    (old,) = instructions([Event("gugong.event.bonus_returned", {"player": 1, "count": 2})])
    (kept,) = instructions([Event("gugong.event.bonus_joined", {"player": 1, "count": 1})])
    assert (new.code, old.code) == ("gugong.do.bonus_returned_travel.other", "gugong.do.bonus_returned.other")
    assert kept.code == "gugong.do.bonus_joined.one"
    assert "players.1.tiles" in new.touches and "players.1.tiles" not in old.touches
    assert "players.1.tiles" in kept.touches
    travel = {"de": "Reiseplättchen", "nl": "Reisfiches", "en": "travel tiles"}[lang]
    assert travel in t(new.code, lang, player="Ben", count=2) and travel not in t(old.code, lang, player="Ben", count=2)
