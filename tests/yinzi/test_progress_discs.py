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


def test_virtual_copper_disc_is_offered_in_the_round_end_phases():
    """Issue 26 point 4. Y 512 (discs are cashed "Immer, wenn er am Zug ist ... oder während der entsprechenden
    Spielphasen"), Y 530 ("wenn benötigt"), Y 542 ("Virtuelle Kupfermünzen: Der Spieler gibt 2 Kupfermünzen
    aus"), Y 802 (5C Ernährung: food from the local market). A player without food or copper, with the disc and a
    cube on the local market, buys it with the 2 virtual coins instead of taking a misfortune tile (ruling 22)."""
    from .table import acts, at_feeding

    state, _ = at_feeding()
    p = state.stack[-1]["p"]
    pl = state.players[p]
    state.bank_copper += pl.copper
    pl.copper, pl.silver = 0, 0
    state.local_market[(p + 1) % 3] += 1  # a cube another player sold there
    state.players[(p + 1) % 3].cubes -= 1
    state = _with_disc(state, p, "virtual_copper")
    cash = {"type": "cash", "field": "virtual_copper"}
    assert cash in only_options(state)
    misfortune, market = state.players[p].misfortune, sum(state.local_market)
    state = acts(state, cash)  # the market cube is then the only food: bought with the 2 coins for the table
    assert state.players[p].misfortune == misfortune and sum(state.local_market) == market - 1
    assert state.players[p].virtual_copper == 0 and state.players[p].copper == 0
    assert GAME.invariants(state) == []


def test_virtual_copper_at_taxation_when_silver_is_short():
    """Y 512 and Y 898 (5D V Besteuerung: copper is exchanged for the silver due): the disc's 2 coins count."""
    from companion.yinzi import exchange

    from .table import acts, arrange

    state, p, _ = first_turn()
    arrange(state, "taxation", {"k": "tax", "p": p, "due": 1}, {"k": "turn_end"})
    pl = state.players[p]
    rate = exchange.rate(state)
    state.bank_copper += pl.copper - (rate - 2)
    pl.copper, pl.silver = rate - 2, 0  # 2 copper short of the silver due
    state = _with_disc(state, p, "virtual_copper")
    assert {"type": "cash", "field": "virtual_copper"} in only_options(state)
    misfortune = pl.misfortune
    state = acts(state, {"type": "cash", "field": "virtual_copper"})  # then paying is all that is left
    pl = state.players[p]
    assert pl.misfortune == misfortune and pl.copper == 0 and pl.virtual_copper == 0
