"""The round in its fixed order (RULES-Y 5 A-F, 7): bonuses, execution steps, administration, game end."""

from __future__ import annotations

import pytest

from companion.core import Session, SetupError, apply
from companion.core.playout import playout
from companion.core.steps import FORCED
from companion.yinzi import administration, disasters, emperor, infra, local_market, taxation
from companion.yinzi.components import for_overrides as box_for
from companion.yinzi.engine import GAME

from .table import act, acts, arrange, at_actions, draw_first, new_game, only_options, run_until, top, turn_of

NAMES = ["Angelika", "Marion", "Tanja"]


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


def test_taxation_disc_adds_an_execution_and_counts_for_taxes():
    """RULES-Y 5B I: a disc on the taxation field executes the action once more; 5D V counts it."""
    state = at_actions(NAMES)
    p = state.order[0]
    state = turn_of(state, p, hand=[[3, 1], [3, 1], [3, 1]], wood=4, boat=1)
    state.wood_box -= 4 - 0
    state.players[p].wood = 4
    state = acts(state, {"type": "fate", "action": "build_boats", "card": [3, 1], "tax": True})
    assert GAME.decision(state).params["left"] == 4
    for _ in range(4):
        state = acts(state, {"type": "build_boat", "pay": "wood"})
    assert state.players[p].boat == 5 and state.players[p].tax_discs == 1
    state.players[p].played = state.players[p].played * 3  # three 3-cards + 1 disc = 10: 2 silver
    assert taxation.tax_due(state, p) == 2


def test_wildfire_flood_and_drought():
    """RULES-Y 5D II: wildfire takes a disc (a level-I factory stays, unowned, its ware removed); flood moves
    every boat one field left (not beyond field 1); drought takes one cube per province."""
    state = at_actions(NAMES)
    tiles = box_for(state.overrides).v("infra.tiles")
    for row, disaster in zip(state.infra_rows, ("wildfire", "flood", "drought"), strict=True):
        row["top"] = next(i for i, t in enumerate(tiles) if t["disaster"] == disaster)
    a, m, t = 0, 1, 2
    fa = next(i for i, f in enumerate(state.factories) if f["owner"] == a)
    state.factories[fa]["wares"] = [a]
    state.players[a].wares -= 1
    state.players[m].boat, state.players[t].boat = 3, 1
    state.players[t].fields = {"jiangxi/rice": 2, "huguang/salt": 1}
    state.players[t].cubes -= 3
    arrange(state, "disasters")
    disasters.disasters(state)
    while top(state)["k"] == "wildfire":
        state = acts(state, only_options(state)[0])
    assert state.factories[fa]["owner"] is None and state.factories[fa]["level"] == 0
    assert state.factories[fa]["wares"] == [] and state.players[a].wares == 8
    assert state.players[m].boat == 2 and state.players[t].boat == 1
    while top(state)["k"] == "drought":
        state = acts(state, only_options(state)[0])
    assert state.players[t].fields == {"jiangxi/rice": 1}


def test_abandoned_factory_can_be_claimed_with_an_upgrade():
    """RULES-Y 5D II Flächenbrand: any player may later claim it with the Upgrade factories action."""
    state = at_actions(NAMES)
    p = state.order[0]
    state.factories.append(
        {"ware": "silk", "color": "red", "province": "jiangxi", "owner": None, "level": 0, "wares": []}
    )
    state = turn_of(state, p, hand=[[1, 4], [1, 4], [1, 4]])
    copper = state.players[p].copper
    state = acts(
        state,
        {"type": "fate", "action": "upgrade_factories", "card": [1, 4], "tax": False},
        {"type": "upgrade", "factory": len(state.factories) - 1},
    )
    assert state.factories[-1]["owner"] == p and state.factories[-1]["level"] == 1
    assert state.players[p].copper == copper


def test_infrastructure_step_claims_discards_and_reveals():
    """RULES-Y 5D III: fulfilled tiles go to their players (VP at the end), the rest to the discard stack,
    the next tiles are turned up."""
    state = at_actions(NAMES)
    state.infra_rows[0]["by"], state.infra_rows[0]["items"] = 1, [{"kind": "ware", "owner": 1}]
    state.players[1].wares -= 1
    tops = [row["top"] for row in state.infra_rows]
    arrange(state, "infrastructure")
    infra.infrastructure(state)
    assert state.players[1].infra_won[0]["tile"] == tops[0] and state.players[1].wares == 8
    assert state.discard_known == tops[1:]
    assert [f["k"] for f in state.stack[1:]] == ["draw_infra"] * 3


def test_emperor_rewards_palace_waterway_bridge():
    """RULES-Y 5D IV: palace 2 copper (every player), waterway 4 copper and a boat step, bridge 1 silver and
    a free factory upgrade."""
    state = at_actions(NAMES)
    state.emperor = {"palace": [0, 2], "road": [], "waterway": [1], "bridge": [2]}
    before = [(p.copper, p.silver, p.boat) for p in state.players]
    arrange(state, "emperor")
    emperor.rewards(state)
    after = [(p.copper, p.silver, p.boat) for p in state.players]
    assert after[0] == (before[0][0] + 2, before[0][1], before[0][2])
    assert after[1] == (before[1][0] + 4, before[1][1], before[1][2] + 1)
    assert after[2] == (before[2][0] + 2, before[2][1] + 1, before[2][2])
    assert state.stack[-1] == {"k": "bridge_upgrade", "p": 2}


def test_double_occupation_needs_the_progress_disc():
    """RULES-Y 5B Vorhaben des Kaisers: road, waterway and bridge take one player each, unless the player
    uses the 'double-occupy' progress disc."""
    state = at_actions(NAMES)
    state.emperor["road"] = [0]
    state = turn_of(state, 1, actions_done=1, fate_used=["plant"], tableau={"plant": 3})
    state.players[1].workers -= 3
    state = acts(state, {"type": "worker", "action": "emperor", "group": "plant"})
    assert {o["box"] for o in only_options(state)} == {"palace", "waterway"}  # not the occupied road
    state.progress["double_occupy"] = 1
    assert {"type": "emperor", "box": "road", "extra_worker": False, "double": True} in only_options(state)


def test_late_shipping_pair_of_different_foods():
    """RULES-Y 5E: once per player, two different foods to a free ship slot: 1 silver."""
    state = at_actions(NAMES)
    p = 1
    state.players[p].fields = {"nanzhili/rice": 2, "zhejiang/fruit": 1}
    state.players[p].cubes -= 3
    state.players[p].boat = 3  # capacity 3 in the placeholder track: enough for two cubes one border away
    arrange(state, "late_shipping", {"k": "late_shipping", "p": p})
    r, j = next((r, j) for r, s in enumerate(state.coast) if s for j, _ in enumerate(s["slots"]))
    silver = state.players[p].silver
    state = acts(state, {"type": "late_slot", "row": r, "slot": j})
    state, events = act(state, {"type": "late_food", "src": "f/nanzhili/rice", "food": "rice"})
    # a second rice is no pair: the fruit is the one possible second food, shipped for the table
    second = next(e.params["action"] for e in events if e.code == FORCED)
    assert second == {"type": "late_food", "src": "f/zhejiang/fruit", "food": "fruit"}
    assert state.players[p].silver == silver + 1
    assert any(e.code == "yinzi.late_shipped" for e in events)


def test_local_market_never_buy_and_sell_on_one_occasion():
    """RULES-Y 6: on one occasion a player either sells to or buys from the local market."""
    state = at_actions(NAMES)
    p = state.order[0]
    state = turn_of(state, p)
    state.players[p].fields = {"huguang/wheat": 2}
    state.players[p].cubes -= 2
    state = acts(state, {"type": "sell_local", "src": "f/huguang/wheat"})
    assert state.local_market[p] == 1
    assert not local_market.can_buy(state, p)
    assert local_market.can_sell(state)


def test_administration_returns_workers_and_prepares_the_round():
    """RULES-Y 5F II/III: workers home (lower migration too), upper migrants move down, taxation discs back,
    played cards out of the game, cylinders keep their order on the provisional track."""
    state = at_actions(NAMES)
    p = 0
    pl = state.players[p]
    pl.boxes, pl.migr_upper, pl.migr_lower = {"resources": 2}, 1, 2
    pl.workers -= 5
    pl.tax_discs, pl.discs = 1, pl.discs - 1
    pl.played = [{"action": "plant", "fate": 1, "workers": 2, "tax": True}]
    state.war_box = [[p, 1]]
    pl.workers -= 1
    administration.prepare_new_round(state)
    assert (pl.workers, pl.migr_upper, pl.migr_lower) == (11, 0, 1)
    assert pl.tax_discs == 0 and pl.played == [] and state.war_box == []
    assert state.prov_order == state.order == state.last_order


def test_full_game_four_rounds_then_final_scoring():
    """RULES-Y 5 and 7: four rounds, each ending with the die roll, then the last chance and the pad."""
    result = playout(GAME, {"players": NAMES, "seed": 11}, 11)
    assert result.completed and result.state.round == 4 and result.state.phase == "over"
    assert GAME.decision(result.state) is None
    sheet = GAME.score(result.state)
    assert sheet.final and len(sheet.rows) == 8 and sheet.winners
    phases = set()
    state = GAME.initial_state(GAME.normalize_setup({"players": NAMES, "seed": 11}))
    for action in result.log:  # the phases of every decision, asked or taken for the table
        phases.add(state.phase)
        state, events = apply(GAME, state, action)
        phases.update(e.params["phase"] for e in events if e.code == FORCED)
    assert {
        "bonus",
        "actions",
        "feeding",
        "war_glory",
        "taxation",
        "late_shipping",
        "administration",
        "final",
    } <= phases


def test_table_entry_and_app_draws_are_the_same_actions():
    """Chance steps are decisions: the table may type what it sees or let the app draw (seeded)."""
    session = Session.new(GAME, {"players": NAMES, "seed": 2})
    d = session.decision
    assert d.is_chance and d.kind == "yinzi.draw_market"
    session.act(d.options[-1])  # the table enters the tile it turned up
    session.resolve_chance()  # the app draws the next one
    assert len(session.log) == 2 and session.log[0] == d.options[-1]


def test_box_check_overrides_and_unknown_facts():
    """The owner's box check replaces placeholders; an unknown fact key is refused."""
    s = GAME.normalize_setup({"players": NAMES, "profile": {"overrides": {"exchange.rates": [5, 7, 9, 11, 13, 15]}}})
    state = GAME.initial_state(s)
    assert box_for(state.overrides).rate(2) == 7
    assert box_for(state.overrides).profile.fact("exchange.rates").status == "owner"
    with pytest.raises(SetupError):
        GAME.normalize_setup({"players": NAMES, "profile": {"overrides": {"exchange.bogus": 1}}})
    with pytest.raises(SetupError):
        GAME.normalize_setup({"players": ["solo"]})


def test_placeholders_are_labelled_unknown():
    """No placeholder is presented as fact: the image-only values carry status 'unknown'."""
    box = box_for({})
    unknown = {f.key for f in box.profile.facts.values() if f.status == "unknown"}
    assert {
        "exchange.rates",
        "boat.capacities",
        "ships.kinds",
        "foreign_markets.vp",
        "city_markets.tiles",
        "infra.tiles",
        "cards.deck",
        "crops.track_costs",
    } <= unknown
    for fact in box.profile.facts.values():
        assert fact.source, fact.key


def test_game_decisions_name_their_phase():
    state = at_actions(NAMES)
    d = GAME.decision(state)
    assert d.params["phase"] == "actions" and d.params["round"] == 1
    later = run_until(state, lambda s: s.round == 2 and s.phase == "bonus")
    assert GAME.decision(later).params == {**GAME.decision(later).params, "phase": "bonus", "round": 2}


def test_box_check_questions_and_answers():
    from companion.yinzi.boxcheck import apply_answers, questions

    open_facts = {q["fact"] for q in questions()}
    assert "exchange.rates" in open_facts
    overrides = apply_answers({"exchange.rates": [7, 9, 10, 12, 15, 18]})
    assert "exchange.rates" not in {q["fact"] for q in questions(overrides)}
    assert box_for(overrides).rate(3) == 10
    with pytest.raises(SetupError):
        apply_answers({"exchange.rates": [7, 9]})
    with pytest.raises(SetupError):
        apply_answers({"map.provinces": ["x"]})
