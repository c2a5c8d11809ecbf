"""5B Pflanzen anbauen and Fabriken ausbauen: an empty crop tile that is overbuilt or removed is gone
(issue 26 point 6, Y 457 and 497)."""

from __future__ import annotations

from companion.core.steps import unsettle
from companion.yinzi import components, view
from companion.yinzi.engine import GAME
from companion.yinzi.fate import fate_frame

from .table import acts, arrange, first_turn, only_options


def _empty_tile_in(state, province: str, crop: str = "tea") -> int:
    state.tiles.append({"province": province, "good": crop, "owner": None, "cubes": 0})
    state.crop_pool[crop] = state.crop_pool.get(crop, 0) - 1  # the tile came from the box's pool
    return len(state.tiles) - 1


def _planting(state, p):
    arrange(state, "actions", fate_frame(p, "plant", 2), {"k": "turn_end"})
    pl = state.players[p]
    pl.copper += 20
    state.bank_copper -= 20
    return state


def test_an_overbuilt_empty_crop_tile_is_gone():
    """Y 457 (5B Pflanzen anbauen): "Der Spieler darf ein Ernteplättchen, das kein Würfelchen aufweist, durch ein
    anderes Ernteplättchen ersetzen („überbauen“)": the empty tile is replaced, so it can no longer be planted on
    and is not on the board (ruling 41)."""
    state, p, _ = first_turn()
    province = components.of(state).provinces[0]
    old = _empty_tile_in(state, province)
    state = _planting(state, p)
    assert {"type": "plant_tile", "tile": old} in only_options(state)
    slot = next(i for i, c in enumerate(state.crop_track) if c)
    state = acts(state, {"type": "buy_crop", "slot": slot, "province": province})
    unsettle(state)
    d = GAME.decision(state)
    while d.is_chance:  # the crop track draws its new tile
        state = acts(state, d.options[0])
        d = GAME.decision(state)
    assert d.kind == "yinzi.cover_empty"
    state = acts(state, {"type": "cover", "tile": old, "crop": "tea"})
    assert state.tiles[old].get("gone") and {"type": "plant_tile", "tile": old} not in only_options(state)
    shown = [t["index"] for prov in view._provinces(state) for t in prov["crop_tiles"]]
    assert old not in shown
    assert GAME.invariants(state) == []


def test_a_factory_may_remove_an_empty_crop_tile():
    """Y 497 (5B Fabriken ausbauen): "Wenn nötig, werden leere Ernteplättchen, auf die eine Fabrik gelegt werden
    soll, entfernt und in die Schachtel zurückgelegt"; a salt tile is never built over (Y 459)."""
    state, p, _ = first_turn()
    province = components.of(state).provinces[0]
    old = _empty_tile_in(state, province)
    salt = _empty_tile_in(state, province, "salt")
    arrange(state, "actions", fate_frame(p, "upgrade_factories", 1), {"k": "turn_end"})
    pl = state.players[p]
    pl.stone += 1
    build = next(o for o in only_options(state) if o["type"] == "build_factory" and o["province"] == province)
    state = acts(state, build)
    unsettle(state)
    d = GAME.decision(state)
    while d.is_chance:
        state = acts(state, d.options[0])
        d = GAME.decision(state)
    assert d.kind == "yinzi.cover_empty"
    assert {"type": "cover", "tile": salt, "crop": "salt"} not in d.options
    state = acts(state, {"type": "cover", "tile": old, "crop": "tea"})
    assert state.tiles[old].get("gone") and not state.tiles[salt].get("gone")
