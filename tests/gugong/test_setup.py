"""gugong-de "Spielaufbau" (p. 2-3) and "Variante für Experten" (p. 15): the table before the first day.

Rulebook examples cite their page; the other tests quote the rule they check.
"""

from __future__ import annotations

import pytest

from companion.core import Session
from companion.gugong import canal
from companion.gugong.engine import GAME

from .fixtures import (
    FIVE,
    kind,
    new_game,
)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_pieces(n: int):
    """"Jeder beginnt das Spiel mit 6 Dienern auf dem Spielertableau und den übrigen 6 Dienern als allgemeiner
    Vorrat"; "Gebt das Set mit dem [1] Symbol an den Startspieler, das Set mit dem [2] Symbol an den im
    Uhrzeigersinn nächsten Spieler"; "Verteilt die 7 Geschenkkarten mit dem [Start] Symbol zufällig offen auf
    die 7 Plätze"; "zieht 2 Plättchen von jedem Stapel"; "Legt ... je 1 zufällig offen auf die Städte";
    NL: "Plaats de schijf van de startspeler onderaan en plaats vervolgens de schijven van de overige spelers in
    spelersvolgorde". The double servant starts locked on the player board; nobody has the medal."""
    s = new_game(FIVE[:n], start=n - 1)
    for i, seat in enumerate(s.order_from(n - 1)):
        pl = s.players[seat]
        assert {s.comp.cards[c].set for c in pl.hand} == {f"p{i + 1}"} and len(pl.hand) == 4
        assert (pl.pool, pl.general, pl.dd, pl.vp, pl.envoy, pl.intrigue) == (6, 6, "locked", 0, 0, 0)
    assert sorted(range(n), key=lambda seat: s.players[seat].intrigue_seq) == s.order_from(n - 1)
    assert sorted(s.comp.cards[c].set for c in s.board) == ["start"] * 7
    levels = [s.comp.decrees[d].level for d in s.decree_slots]
    assert levels == [1, 1, 2, 2, 3, 3] and len(set(s.decree_slots)) == 6
    assert all(t is not None and not t.startswith("bonus") for t in s.cities)  # first game: no bonus tiles
    assert s.medal is None and s.start == n - 1 and s.day == 1 and GAME.invariants(s) == []


def test_morning_is_skipped_on_day_1():
    """"Anmerkung: Die Morgenphase wird in der ersten Runde komplett übersprungen. Ihr habt sie beim Spielaufbau
    schon durchgeführt." After setup the start player's first exchange is pending, with no income taken."""
    s = Session.new(GAME, {"players": FIVE[:3]})
    kinds = []
    s.act({"type": "start_player", "seat": 1})
    while s.decision.is_chance:
        kinds.append(s.decision.kind)
        s.act(s.decision.options[0])
    assert "gugong.roll_die" in kinds and s.decision.kind == "gugong.turn" and s.decision.player == 1
    assert [p.pool for p in s.state.players] == [6, 6, 6]


def test_expert_variant_mixes_start_cards_draw_pile_and_unused_sets():
    """Variante für Experten: "Mische alle Geschenkkarten mit dem [Start]-Symbol, dem [Deck]-Symbol und alle
    ungenutzten Geschenkkarten der Spieler miteinander ... und lege die obersten 7 Karten auf die entsprechenden
    Orte des Spielplans." 2 players: 38 - 8 dealt = 30 cards; 7 go to the officials, 23 form the draw pile."""
    s = new_game(FIVE[:2], expert=True)
    assert len(s.deck) == 23 and not s.box and len(set(s.board)) == 7
    assert {s.comp.cards[c].set for c in s.deck + s.board} == {"start", "deck", "p3", "p4", "p5"}


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_for_each_player_count(n: int):
    s = new_game(FIVE[:n], start=1)
    assert s.comp.wall_size[n] == {2: 4, 3: 5, 4: 6, 5: 7}[n]
    assert canal.route_count(s) == (2 if n >= 4 else 1)
    for i, seat in enumerate(s.order_from(1)):  # the start player gets set 1, then clockwise
        assert {s.comp.cards[c].set for c in s.players[seat].hand} == {f"p{i + 1}"}
        assert (s.players[seat].pool, s.players[seat].general) == (6, 6)
    stack = sorted(range(n), key=lambda seat: s.players[seat].intrigue_seq)
    assert stack == s.order_from(1)  # start player's marker at the bottom
    assert len(set(s.comp.cards[c].value for c in s.board)) == 7
    assert [s.comp.decrees[d].level for d in s.decree_slots] == [1, 1, 2, 2, 3, 3]
    assert None not in s.cities and len(s.dice) == 3
    assert len(s.deck) == 11 and kind(s) == "gugong.turn" and s.turn == 1
    assert GAME.invariants(s) == []


def test_expert_variant_deals_the_officials_from_one_mixed_deck():
    s = new_game(FIVE[:3], expert=True)
    assert len(s.deck) == 38 - 7 - 3 * 4 and not s.box
    d = Session.new(GAME, {"players": FIVE[:3], "expert": True})
    d.act({"type": "start_player", "seat": 0})
    while d.decision.kind == "gugong.deal_card":  # the table enters the start hands first (rules edition 3)
        d.act(d.decision.options[0])
    assert len(d.decision.options) == 38 - 3 * 4  # any card of the mixed deck can turn up
