"""The player aids say what the rulebook passages say (issue 14, point 18), in every language, as printed."""

from __future__ import annotations

import pytest

from companion.pdf.aid import build_aid

from .conftest import squash, text_of

# D 296 „kann er das Personenplättchen gegen ein beliebiges … austauschen“ (optional), D 306 „darf er das neue
# Plättchen auch direkt aus dem Spiel nehmen. Er erhält dann jedoch keine Personenpunkte.“
DRAGON_FULL_PALACES = {
    "en": ["you may swap it for a person in your palaces", "release the new tile instead", "no person points"],
    "de": ["man darf sie gegen eine Person in den eigenen Palästen tauschen", "das neue Plättchen aus dem Spiel",
           "keine Personenpunkte"],
    "nl": ["je mag de nieuwe persoon ruilen", "de nieuwe tegel uit het spel nemen", "geen personenpunten"],
}
# Y 449–451: one cube, free, on a field that shows its crop (or holds a crop tile without cube); Y 453: two cubes
# on a printed rice field; Y 455: once, optionally, a crop tile for 1–3 copper, placed with two cubes.
YINZI_PLANTING = {
    "en": ["free: 1 cube on a field", "2 cubes on such a rice field", "you may also buy a crop tile"],
    "de": ["kostenlos: 1 Würfelchen auf ein Feld", "2 Würfelchen auf ein solches Reisfeld",
           "darf man dazu ein Ernteplättchen kaufen"],
    "nl": ["gratis: 1 blokje op een veld", "2 blokjes op zo’n rijstveld", "mag je ook een oogsttegel kopen"],
}
STALE = {"en": "No room: release someone", "de": "Kein Platz: eine Person entlassen",
         "nl": "Geen plaats: ontsla iemand"}


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_dragon_aid_full_palaces_swap_is_optional_and_the_new_tile_may_go(lang):
    """D 296, 306: with every palace full the swap is optional; the new tile may leave the game instead."""
    found = squash(text_of(build_aid("dragon", lang, "a4", False)))
    for phrase in DRAGON_FULL_PALACES[lang]:
        assert squash(phrase) in found, phrase
    assert squash(STALE[lang]) not in found


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_yinzi_aid_plant_crops_states_the_free_planting(lang):
    """Y 449–457 Pflanzen anbauen: the action's main effect is free planting on the board; buying a tile is extra."""
    found = squash(text_of(build_aid("yinzi", lang, "a4", False)))
    for phrase in YINZI_PLANTING[lang]:
        assert squash(phrase) in found, phrase
