"""Small board operations shared by several phases: progress discs, factories, boats, crops."""

from __future__ import annotations

from typing import Any

from companion.core import Event

from .box import Box
from .state import PROGRESS_AREAS, YinziState


def area_of(box: Box, field: str) -> str:
    for area, fields in box.v("progress.fields").items():
        if field in fields:
            return area
    raise KeyError(field)


def free_progress_fields(state: YinziState, box: Box, exclude_areas: list[str] = ()) -> list[str]:
    out = []
    for area in PROGRESS_AREAS:
        if area in exclude_areas:
            continue
        out += [f for f in box.v("progress.fields")[area] if f not in state.progress]
    return out


def place_progress(state: YinziState, p: int, field: str) -> list[Event]:
    state.players[p].discs -= 1
    state.progress[field] = p
    state.progress_fresh.append(field)
    return [Event("yinzi.progress_placed", {"player": p, "field": field})]


def cashable(state: YinziState, p: int, field: str) -> bool:
    """A progress disc may be used on a later turn than the one it was placed (RULES-Y 5B Fortschritte)."""
    return state.progress.get(field) == p and field not in state.progress_fresh


def cash(state: YinziState, p: int, field: str) -> Event:
    del state.progress[field]
    state.players[p].discs += 1
    return Event("yinzi.progress_cashed", {"player": p, "field": field})


def boat_step(state: YinziState, box: Box, p: int, steps: int = 1) -> int:
    pl = state.players[p]
    before = pl.boat
    pl.boat = max(1, min(len(box.boat_capacity), pl.boat + steps))
    return pl.boat - before


def capacity(state: YinziState, box: Box, p: int) -> int:
    return box.capacity(state.players[p].boat)


def upgradeable(state: YinziState, p: int) -> list[int]:
    """Own factories below level III, and unowned ones (a level-I factory lost to wildfire) to claim."""
    if state.players[p].discs < 1:
        return []
    return [
        i
        for i, f in enumerate(state.factories)
        if (f["owner"] == p and f["level"] < 3) or (f["owner"] is None and f["level"] == 0)
    ]


def upgrade_cost(box: Box, factory: dict[str, Any]) -> int:
    if factory["owner"] is None:
        return 0  # claiming an abandoned factory: ruling, see docs/rulings/yinzi.md
    return int(box.v("factories.upgrade_cost")[factory["level"] + 1])


def add_disc(state: YinziState, p: int, i: int) -> Event:
    f = state.factories[i]
    state.players[p].discs -= 1
    f["owner"] = p
    f["level"] += 1
    return Event("yinzi.factory_upgraded", {"player": p, "factory": i, "level": f["level"]})


def build_factory(state: YinziState, p: int, kind: str, province: str) -> Event:
    ware, color = kind.split("/")
    state.factory_display.remove(kind)
    state.factories.append({"ware": ware, "color": color, "province": province, "owner": p, "level": 1, "wares": []})
    state.players[p].discs -= 1
    return Event("yinzi.factory_built", {"player": p, "factory": kind, "province": province})


def place_crop_tile(state: YinziState, p: int, crop: str, province: str) -> Event:
    state.players[p].cubes -= 2
    state.tiles.append({"province": province, "good": crop, "owner": p, "cubes": 2})
    return Event("yinzi.crop_planted", {"player": p, "crop": crop, "province": province, "cubes": 2})


def take_crop_from_track(state: YinziState, slot: int) -> str:
    """Plant-crops purchase: the tile leaves the track, the rest slide left (a new one is drawn on the right)."""
    crop = state.crop_track[slot]
    assert crop is not None
    rest = [c for i, c in enumerate(state.crop_track) if i != slot]
    kept = [c for c in rest if c is not None]
    state.crop_track = kept + [None] * (len(state.crop_track) - len(kept))
    return crop


def owner_color_index(state: YinziState, color: str) -> int:
    for i, pl in enumerate(state.players):
        if pl.color == color:
            return i
    return -1
