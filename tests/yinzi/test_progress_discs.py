"""5B Fortschritte wählen (Y 505-575): when a progress disc may be cashed (issue 26, points 4 and 7)."""

from __future__ import annotations

from companion.yinzi.engine import GAME

from .table import first_turn, only_options, turn_of


def _with_disc(state, p, field):
    state.progress[field] = p
    state.players[p].discs -= 1
    return state


def _broke(state, p):
    """No copper, no cubes in the supply, nothing planted: nothing to pay with and nothing to sell."""
    pl = state.players[p]
    state.bank_copper += pl.copper
    pl.copper = 0
    pl.cubes, pl.fields = 0, {}
    state.tiles = [t for t in state.tiles if t["owner"] != p]
    return state


def test_emperor_area_discs_are_offered_only_when_they_can_be_carried_out():
    """Issue 26 point 7. Y 530 ("Der Spieler kann eine Scheibe aus diesem Bereich entfernen, um, wenn benötigt,
    einen Vorteil zu erlangen"), Y 548 ("Zusätzlicher Verkauf am städtischen Markt: Der Spieler verkauft ein
    Güterwürfelchen von einem seiner Felder ... normalen Boottransportkapazitätsregeln"), Y 550 ("Zusätzliches
    Pflanzen anbauen: ... nutzt dazu ein beliebiges Plättchen der Ernteleiste. Er muss die Kosten an die Bank
    bezahlen"). With no copper and no cubes neither can be carried out: neither is offered (ruling 14)."""
    state, p, _ = first_turn()
    state = turn_of(state, p, actions_done=1, fate_used=["plant"])
    state = _broke(state, p)
    for field in ("extra_planting", "extra_city_sale"):
        state = _with_disc(state, p, field)
    cash = [o for o in only_options(state) if o["type"] == "cash"]
    assert cash == []


def test_extra_planting_is_offered_when_a_crop_tile_can_be_bought():
    """Y 550: with two cubes and the copper for a tile of the crop track the extra planting can be carried out."""
    state, p, _ = first_turn()
    state = turn_of(state, p, actions_done=1, fate_used=["plant"])
    state = _with_disc(state, p, "extra_planting")
    pl = state.players[p]
    pl.cubes, pl.copper = max(pl.cubes, 2), max(pl.copper, 10)
    assert {"type": "cash", "field": "extra_planting"} in only_options(state)
