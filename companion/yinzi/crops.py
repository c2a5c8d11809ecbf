"""5A/5B Ernteleiste: crop tiles bought from the crop track and planted with two cubes."""

from __future__ import annotations

from companion.core import Event

from .state import YinziState

CUBES_ON_NEW_TILE = 2  # RULES-Y 5B Pflanzen anbauen: "legt zwei (nicht eins) seiner Würfelchen darauf"


def place_tile(state: YinziState, p: int, crop: str, province: str) -> Event:
    state.players[p].cubes -= CUBES_ON_NEW_TILE
    state.tiles.append({"province": province, "good": crop, "owner": p, "cubes": CUBES_ON_NEW_TILE})
    return Event("yinzi.crop_planted",
                 {"player": p, "crop": crop, "province": province, "cubes": CUBES_ON_NEW_TILE, "on": "new_tile"})


def take_from_track(state: YinziState, slot: int) -> str:
    """Plant-crops purchase: the tile leaves the track, the rest slide left (a new one is drawn on the right)."""
    crop = state.crop_track[slot]
    assert crop is not None
    rest = [c for i, c in enumerate(state.crop_track) if i != slot]
    kept = [c for c in rest if c is not None]
    state.crop_track = kept + [None] * (len(state.crop_track) - len(kept))
    return crop


def slide_left(state: YinziState) -> None:
    """RULES-Y 5A: after the bonuses the remaining tiles slide left, closing every gap."""
    kept = [c for c in state.crop_track if c is not None]
    state.crop_track = kept + [None] * (len(state.crop_track) - len(kept))
