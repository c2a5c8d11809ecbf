"""What a screen shows (companion.yinzi.view): the round and its phase order, the exchange-rate track with each
value's status, the boards, and per player the ledger and this round's actions; the quick score's conversions."""

from __future__ import annotations

import json

from companion.core.canonical import canonical_bytes
from companion.yinzi.engine import GAME
from companion.yinzi.view import copper_to_silver, exchange_track, factory_levels, quick_score, view, view_json

from .table import acts, at_actions, new_game, turn_of

NAMES = ["Angelika", "Marion", "Tanja"]


def test_the_round_order_marks_done_current_and_coming_phases():
    """RULES-Y 5 Spielablauf: A bonus ... F administration, in this fixed order."""
    shown = view(at_actions(NAMES))
    assert shown["round"] == 1 and shown["rounds"] == 4 and shown["phase"] == "actions"
    order = [(e["phase"], e["status"]) for e in shown["round_order"]]
    assert order[:3] == [("bonus", "done"), ("actions", "now"), ("feeding", "next")]
    assert [p for p, _ in order] == ["bonus", "actions", "feeding", "war_glory", "disasters", "infrastructure",
                                     "emperor", "taxation", "late_shipping", "administration"]
    assert view(GAME.initial_state(GAME.normalize_setup({"players": NAMES})))["round_order"][0]["status"] == "next"


def test_the_exchange_track_says_which_values_are_verified():
    """The six printed rates are placeholders until the owner's box check; the die's field is marked."""
    track = exchange_track({}, 2)
    assert [f["rate"] for f in track["fields"]] == [6, 8, 10, 12, 14, 16]
    assert track["rate"] == 8 and not track["verified"] and track["status"] == "unknown"
    assert [f["die"] for f in track["fields"]] == [False, True, False, False, False, False]
    owned = exchange_track({"exchange.rates": [5, 7, 9, 11, 13, 15]}, 3)
    assert owned["rate"] == 9 and owned["verified"] and all(f["verified"] for f in owned["fields"])


def test_copper_converts_to_whole_silver_only():
    """RULES-Y 7 and ruling 1 (docs/rulings/yinzi.md): at rate 10, 25 copper give 2 silver; 5 are lost."""
    assert copper_to_silver(25, 10) == {"copper": 25, "rate": 10, "silver": 2, "left": 5}


def test_factory_levels_score_2_3_5():
    """RULES-Y 7 Fabriken: 2 VP per level-I, 3 per level-II, 5 per level-III factory."""
    assert factory_levels([1, 3]) == {"levels": [1, 2, 3], "vp_per_level": {1: 2, 2: 3, 3: 5}, "vp": 7}


def test_a_player_s_round_and_ledger():
    state = at_actions(NAMES)
    p = state.order[0]
    state = turn_of(state, p, hand=[[3, 1], [1, 4], [2, 2]], wood=1)
    state.wood_box -= 1
    state = acts(state, {"type": "fate", "action": "build_boats", "card": [3, 1], "tax": False})
    assert view(state)["acting"] == p
    state = acts(state, {"type": "build_boat", "pay": "wood"})  # no more wood: the action ends by itself
    book = view(state)["players"][p]
    assert book["this_round"]["fate_used"] == ["build_boats"] and book["this_round"]["fate_left"] == 2
    assert book["this_round"]["played"][0]["fate"] == 3 and book["this_round"]["actions_done"] == 1
    assert book["boat_field"] == 2 and book["boat_capacity"] == 2 and book["hand"] == [[1, 4], [2, 2]]
    assert view(state)["acting"] == state.order[1]  # the next player's turn


def test_the_view_is_json_and_the_same_from_the_saved_state():
    state = new_game(NAMES)
    shown = view(state)
    assert json.loads(json.dumps(shown)) == json.loads(json.dumps(view_json(GAME.to_json(state))))
    assert canonical_bytes(shown) == canonical_bytes(view(state))  # deterministic
    assert {"provinces", "factories", "ships", "infrastructure", "war_box", "emperor", "progress", "crop_track",
            "boat_track", "exchange", "players"} <= set(shown)
    assert [p["province"] for p in shown["provinces"]] == ["nanzhili", "zhejiang", "jiangxi", "huguang"]
    assert all(p["market"]["tile"] for p in shown["provinces"])


def test_the_quick_score_pad_reads_the_owner_s_box():
    """RULES-Y 7: the pad converts copper at the rate above the die; the owner's box check sets the values."""
    pad = quick_score({"exchange.rates": [5, 7, 9, 11, 13, 15]})
    assert pad["exchange"]["rate"] == 7 and pad["exchange"]["verified"]  # the die starts on field 2 (3 C)
    assert pad["factories"]["levels"] == [1, 2, 3]
    assert pad["progress_areas"] == {"diplomacy": 6, "economy": 6, "emperor": 6, "war": 6}
    assert not quick_score()["exchange"]["verified"]


def test_the_view_lists_every_placeholder_the_screen_rests_on():
    """Printed values the rulebook shows only as pictures are placeholders until the owner's box check
    (docs/rulings/yinzi.md, Box profile): the view names each one with the parts of the screen resting on it,
    not only the exchange rate; with the owner's values the list is empty."""
    from companion.yinzi.components import for_overrides as box_for

    box = box_for({})
    shown = view(at_actions(NAMES))
    listed = {f["fact"]: f for f in shown["unverified"]}
    # all of them, except the crop tiles removed in a two-player game (this game has three players)
    assert set(listed) == {f.key for f in box.profile.unverified()} - {"crops.removed_2p"}
    for fact in ("exchange.rates", "boat.capacities", "ships.kinds", "infra.tiles", "crops.track_costs"):
        assert listed[fact]["status"] in ("unknown", "inferred") and listed[fact]["shown"]
    owned = at_actions(NAMES, {f.key: f.value for f in box.profile.unverified()})
    assert view(owned)["unverified"] == []
