"""5A Einen Bonus und die Position in der Spielreihenfolge wählen."""

from __future__ import annotations

from companion.yinzi.engine import GAME

from .table import NAMES, A, M, T, acts, arrange, draw_first, new_game, only_options, refused, top


def test_marion_bonus_and_tea_tile():
    """RULES-Y 5A Beispiel: Marion, first in provisional order, takes 'feed workers', buys the tea tile
    above it for 1 copper and places it with two cubes in Jiangxi."""
    state = new_game(NAMES, {"crops.track_costs": [3, 2, 1, 1, 2, 3]})
    state.crop_track[2] = "tea"
    state.prov_order = [M, A, T]
    arrange(state, "bonus", *({"k": "bonus", "p": p} for p in state.prov_order), {"k": "bonus_crop_refill"})
    assert {"type": "bonus", "bonus": "feed_free", "crop": True} in only_options(state)
    state = acts(state, {"type": "bonus", "bonus": "feed_free", "crop": True})
    assert state.players[M].copper == 3
    state = acts(state, {"type": "place_crop", "province": "jiangxi"})
    assert state.tiles[-1] == {"province": "jiangxi", "good": "tea", "owner": M, "cubes": 2}
    assert state.bonus_of[M] == "feed_free" and state.players[M].cubes == 13
    assert GAME.decision(state).player == A  # the next in provisional order chooses
    assert {"type": "bonus", "bonus": "feed_free", "crop": False} not in only_options(state)  # one player per bonus

def test_turn_order_follows_the_bonus_fields_left_to_right():
    """RULES-Y 5A: the chosen bonus fields, left to right, are the new turn order; the crop track then
    slides left and is refilled from the left."""
    state = new_game(NAMES)
    first, second, third = state.prov_order
    state.crop_track = ["tea", "salt", "cotton", "ramie", "bamboo", "sugarcane"]
    state = acts(
        state,
        {"type": "bonus", "bonus": "factory_upgrade", "crop": False},
    )
    state = draw_first(state)
    if top(state)["k"] == "free_upgrade":
        state = acts(state, only_options(state)[0])
    state = acts(state, {"type": "bonus", "bonus": "boat", "crop": False})
    assert state.players[second].boat == 2  # boat +1 at once
    state = acts(state, {"type": "bonus", "bonus": "better_sales", "crop": True})
    state = acts(state, {"type": "place_crop", "province": "huguang"})
    assert state.order == [third, second, first]
    assert state.crop_track[:5] == ["tea", "cotton", "ramie", "bamboo", "sugarcane"]  # salt (field 2) bought
    assert GAME.decision(state).kind == "yinzi.draw_crop" and top(state)["slot"] == 5

def test_bonus_taken_by_another_player():
    from .table import new_game

    state = new_game(NAMES)
    first = top(state)["p"]
    state = acts(state, {"type": "bonus", "bonus": "boat", "crop": False})
    assert state.bonus_of[first] == "boat"
    refused(state, {"type": "bonus", "bonus": "boat", "crop": False}, "yinzi.not_an_option", "5A")
