"""gugong-de "3. Jade" (p. 9).

Rulebook examples cite their page; the other tests quote the rule they check.
"""

from __future__ import annotations

from .fixtures import (
    FOUR,
    acting_spare,
    location_options,
    new_game,
    play,
    set_decree,
)


def test_jade_from_a_house_at_its_price_then_the_square_for_5():
    """3. Jade: "wählst du ein Haus und legst die dort abgebildete Anzahl an Dienern ... zurück, um 1 Jade aus
    diesem Haus zu erhalten." "Wenn die 3 Häuser leer gekauft wurden, kann Jade für 5 Diener vom Jadeplatz
    gekauft werden." With the jade decree the square costs 4 (ruling R15)."""
    s = new_game(FOUR)
    s = acting_spare(s, 0, "jade", pool=12)
    houses = sorted({o["house"] for o in location_options(s)})
    assert houses == [0, 1, 2]
    price = s.comp.jade_houses[1][0]
    s2, _ = play(s, {"type": "location", "house": 1, "dd": False})
    assert (s2.players[0].jade, s2.players[0].pool, s2.jade_houses[1]) == (1, 12 - price, s.jade_houses[1] - 1)
    s = new_game(FOUR)
    s.jade_supply += sum(s.jade_houses)
    s.jade_houses = [0, 0, 0]
    set_decree(s, 3, "jade_discount", [0])
    s = acting_spare(s, 0, "jade", pool=4)
    assert location_options(s) == [{"type": "location", "house": -1, "dd": False}]  # 5 - 1 = 4 servants
    s, _ = play(s, {"type": "location", "house": -1, "dd": False})
    assert (s.players[0].jade, s.players[0].pool) == (1, 0)
