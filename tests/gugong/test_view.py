"""view(state) (companion/gugong/view.py): everything a screen shows, taken from the engine, so boards only render.

Each part is checked against what the engine does: an exchange the view calls free is free, the wall's
leader is the one the scoring picks, the intrigue stacks are ordered as the tie-break reads them.
"""

from __future__ import annotations

import json
import random

from companion.core.canonical import canonical_bytes
from companion.core.chance import pick
from companion.core.session import Session
from companion.gugong import wall
from companion.gugong.engine import GAME
from companion.gugong.solo.engine import GAME as SOLO
from companion.gugong.solo.view import view as solo_view
from companion.gugong.tracks import best_by_intrigue
from companion.gugong.view import view

from .fixtures import FOUR, kind, new_game, play, set_decree, set_intrigue, set_wall


def _mid_game(seed: int = 3, steps: int = 80):
    s = Session.new(GAME, {"players": FOUR, "seed": seed, "bonus_tiles": True})
    rng = random.Random(seed)
    for _ in range(steps):
        if (d := s.decision) is None:
            break
        s.act(pick(d, rng))
    return s


def test_view_is_json_and_leaves_the_state_unchanged():
    s = _mid_game()
    before = canonical_bytes(GAME.to_json(s.state))
    v = view(s.state)
    json.dumps(v)
    assert canonical_bytes(GAME.to_json(s.state)) == before
    assert v["names"] == FOUR and v["day"] == s.state.day and v["phase"] == s.state.phase


def test_turn_order_from_the_start_player_and_whose_turn_it_is():
    s = new_game(FOUR, start=2)
    v = view(s)
    assert v["start"] == 2 and v["order"] == [2, 3, 0, 1]
    assert v["turn"] == 2 and kind(s) == "gugong.turn" and GAME.decision(s).player == 2


def test_exchange_costs_at_each_official_match_the_engine():
    """Tagesphase, 1. Geschenke austauschen (S. 4): free when higher (1 takes 9), otherwise pay."""
    s = new_game(FOUR)
    v = view(s)
    seat = v["turn"]
    for loc, official in enumerate(v["officials"]):
        assert official["card"] == s.board[loc] and official["value"] == s.comp.cards[s.board[loc]].value
        for entry in official["exchange"]:
            after, _ = play(s, {"type": "exchange", "card": entry["card"], "loc": loc})
            assert (kind(after) == "gugong.pay_exchange") == (not entry["free"]), (loc, entry)
            if not entry["free"]:
                asked = {o["how"] for o in GAME.decision(after).options}
                assert set(entry["ways"]) == asked and entry["servants"] == s.comp.act.exchange_servants
    assert {e["card"] for e in v["officials"][0]["exchange"]} == set(s.players[seat].hand)


def test_hands_discard_piles_and_supplies_per_player():
    s = _mid_game()
    v = view(s.state)
    for pl, shown in zip(s.state.players, v["players"], strict=True):
        assert sorted(c["card"] for c in shown["hand"]) == sorted(pl.hand)
        assert sorted(c["card"] for c in shown["discard"]) == sorted(pl.discard)
        assert shown["servants"] == {"supply": pl.pool, "general": pl.general} and shown["double"] == pl.dd
        tracks = (shown["vp"], shown["intrigue"], shown["envoy"], shown["jade"])
        assert tracks == (pl.vp, pl.intrigue, pl.envoy, pl.jade)


def test_wall_strength_per_player_and_the_leader_the_scoring_would_pick():
    """2. Die chinesische Mauer (S. 8): the double servant counts 2; a tie goes to the higher intrigue marker."""
    s = new_game(FOUR)
    set_wall(s, [(0, 1), (1, 2), (2, 1), (0, 1)])
    set_intrigue(s, 0, 3)
    set_intrigue(s, 1, 3)  # Lisa lands on top of Anna
    v = view(s)["wall"]
    assert v["strength"] == [2, 2, 1, 0] and v["total"] == 5 and v["complete_at"] == s.comp.wall_size[4]
    assert v["leader"] == wall.majority(s) == 1


def test_intrigue_stacks_bottom_first_as_the_tie_break_reads_them():
    """4. Intrige, Tie-Breaker (S. 9): on a shared space the marker on top wins."""
    s = new_game(FOUR)
    for seat in (2, 0, 3):
        set_intrigue(s, seat, 4)
    stacks = dict((space, seats) for space, seats in view(s)["intrigue"]["stacks"])
    assert stacks[4] == [2, 0, 3] and best_by_intrigue(s, [0, 2, 3]) == 3


def test_decrees_with_their_owners_and_cities_with_tiles_and_travellers():
    s = new_game(FOUR)
    set_decree(s, 2, "wall_extra", [1, 3])
    s.players[0].traveller = 5
    v = view(s)
    assert v["decrees"][2] == {"slot": 2, "level": 2, "decree": "wall_extra", "owners": [1, 3],
                               "spaces": s.comp.decree_spaces}
    assert v["cities"][5]["travellers"] == [0] and v["cities"][5]["tile"] == s.cities[5]
    assert [h["left"] for h in v["jade"]["houses"]] == s.jade_houses and v["dice"] == s.dice


def test_solo_view_adds_mengs_deck_counts():
    s = Session.new(SOLO, {"players": ["Anna"], "seed": 2})
    s.resolve_all_chance()
    v = solo_view(s.state)
    m = s.state.meng
    assert v["game"] == "gugong-solo" and v["meng"]["deck"] == sum(m.deck.values()) == m.automa_total
    assert v["meng"]["focus"] == m.focus and v["meng"]["today"] == [] and v["players"][1]["name"] == "Meng"
