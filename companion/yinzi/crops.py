"""5A/5B Ernteleiste: crop tiles bought from the crop track and planted with two cubes."""

from __future__ import annotations

from typing import Any

from companion.core import Event
from companion.core.steps import Frame

from . import editions
from .state import YinziState
from .steps import STEPS, decision

CUBES_ON_NEW_TILE = 2  # RULES-Y 5B Pflanzen anbauen: "legt zwei (nicht eins) seiner Würfelchen darauf"


def place_tile(state: YinziState, p: int, crop: str, province: str) -> Event:
    state.players[p].cubes -= CUBES_ON_NEW_TILE
    state.tiles.append({"province": province, "good": crop, "owner": p, "cubes": CUBES_ON_NEW_TILE})
    return STEPS.event("crop_planted",
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


# -- an empty crop tile under a new crop tile or factory is gone (edition 4) ---------------------------
SALT = "salt"  # Y 459: "Salz-Felder oder Salz-Ernteplättchen können niemals ... „überbaut“ werden"


def on_board(tile: dict) -> bool:
    """A crop tile still on the board (one overbuilt or removed for a factory went back to the box)."""
    return not tile.get("gone")


def empty_tiles(state: YinziState, province: str) -> list[int]:
    """Empty crop tiles of `province` that a new crop tile or a factory may cover (never salt)."""
    return [i for i, t in enumerate(state.tiles) if t["province"] == province and t["owner"] is None
            and t["cubes"] == 0 and on_board(t) and t["good"] != SALT]


def covering(state: YinziState, p: int, province: str) -> list[Frame]:
    """Edition 4: when the new tile may lie over an empty crop tile, the table says whether it does."""
    if not editions.EDITIONS.has(state, "empty_tile_gone") or not empty_tiles(state, province):
        return []
    return [{"k": "cover_empty", "p": p, "province": province}]


def _cover_options(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    tiles = [{"type": "cover", "tile": i, "crop": state.tiles[i]["good"]}
             for i in empty_tiles(state, frame["province"])]
    return [{"type": "free_ground"}, *tiles]


@decision("cover_empty", "5B Pflanzen anbauen; Fabriken ausbauen", _cover_options,
          lambda state, frame: {"province": frame["province"]})
def _cover(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    """Y 457 ("durch ein anderes Ernteplättchen ersetzen („überbauen“)"), Y 497 ("werden leere Ernteplättchen,
    auf die eine Fabrik gelegt werden soll, entfernt und in die Schachtel zurückgelegt"): the tile is gone."""
    if action["type"] != "cover":
        return []
    tile = state.tiles[action["tile"]]
    tile["gone"] = True
    return [STEPS.event("crop_tile_removed", {"player": frame["p"], "crop": tile["good"],
                                              "province": tile["province"]})]
