""""Something else…" at Yinzi's draws (companion.yinzi.table_entry): a box unlike the shipped profile played
through table entry. The action cards and infrastructure tiles are placeholders (status unknown), so their
draws offer what the table may see; the model grows, its counts stay the box's (12 cards per colour, 20
tiles), every action keeps the invariants, the game replays byte for byte, and what was seen is recorded
"seen at the table" for the next new game.

R plays with the owner's profile holding the real box, E with the placeholders and table entry: where only
the cards differ, both tables take the same steps and end with the same scores."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion.core import apply
from companion.core.canonical import canonical_bytes
from companion.core.chance import pick
from companion.core.profile import load_default, record_seen
from companion.yinzi import table_entry
from companion.yinzi.components import for_overrides as box_for
from companion.yinzi.engine import GAME
from companion.yinzi.view import view  # the manifest's view: what the Box check reads

PLAYERS = ["Anna", "Lisa", "David"]
BOX = box_for({})
REAL_DECK = [[1, 5], [1, 5], [1, 3], [1, 2], [2, 4], [2, 3], [2, 2], [2, 2], [3, 2], [3, 1], [3, 1], [3, 1]]
REAL_TILES = [{**t, "war": t["war"] + 1} if t["demand"] in ("d7", "d8") else dict(t) for t in BOX.infra.tiles]
REAL_TILES[6] = {"demand": "d2", "war": 4, "disaster": None}  # a tile the placeholders do not have at all
REAL_MARKETS = {**BOX.city_markets.tiles, "m3": {"goods": ["cotton", "sugarcane", "tea"], "coin": ["tea"]}}


def _setup(seed: int, **more) -> dict:
    return GAME.normalize_setup({"players": PLAYERS, "seed": seed, **more})


def _signature(tile: dict) -> tuple:
    return tile["demand"], tile["war"], tile["disaster"] or table_entry.NO_DISASTER


def _entered(decision, seen: dict) -> dict:
    return next(o for o in decision.options if o.get("seen") == seen)


def _card_option(decision, card: list[int]) -> dict:
    listed = {"type": "draw", "value": f"{card[0]}/{card[1]}"}
    return listed if listed in decision.options else _entered(decision, {"fate": card[0], "workers": card[1]})


# -- the mirror: the same game on the real box and on the placeholders --------------------------------------
# what the table reads off its board (rulings 41-44): only a game with table entry asks
READS = ("yinzi.rate_read", "yinzi.boat_read", "yinzi.crop_cost_read", "yinzi.market_vp_read")
def _mirrored(seed: int):
    real = GAME.initial_state(_setup(seed, profile={"overrides": {"cards.deck": REAL_DECK}}))
    setup = _setup(seed, table_entry=True)
    entered = GAME.initial_state(setup)
    rng, log = random.Random(seed), []
    while (d := GAME.decision(real)) is not None:
        action = pick(d, rng)
        while (e := GAME.decision(entered)).kind in READS:  # E reads its tracks (rulings 41-44): as modelled
            entered, _ = apply(GAME, entered, e.options[0])
            log.append(e.options[0])
        assert (e.kind, e.player) == (d.kind, d.player)
        mine = _card_option(e, [int(x) for x in action["value"].split("/")]) if d.kind == "yinzi.draw_card" else action
        assert mine in e.options
        real, events = apply(GAME, real, action)
        entered, _ = apply(GAME, entered, mine)
        log.append(mine)
        for forced in (e.params["action"] for e in events if e.params.get("step") == "yinzi.draw_card"):
            # the real box had one kind of card left (taken for the table); E may see something else: asked
            card = _card_option(GAME.decision(entered), [int(x) for x in forced["value"].split("/")])
            entered, _ = apply(GAME, entered, card)
            log.append(card)
        assert GAME.invariants(entered) == [] and GAME.invariants(real) == []
        assert [p.hand for p in entered.players] == [p.hand for p in real.players]
        assert all(len(table_entry.cards_of(entered, p)) == 12 for p in range(len(PLAYERS)))  # 12 per colour
    while (e := GAME.decision(entered)) is not None and e.kind in READS:  # the last roll's field, the markets
        entered, _ = apply(GAME, entered, e.options[0])
        log.append(e.options[0])
    assert GAME.decision(entered) is None
    return real, entered, setup, log


@pytest.mark.parametrize("seed", [4])
def test_a_box_with_other_cards_ends_with_the_real_scores_and_replays_byte_for_byte(seed):
    real, entered, setup, log = _mirrored(seed)
    assert GAME.score(entered).totals == GAME.score(real).totals
    assert entered.seen["cards.deck"], "the placeholders lacked cards the real box has"
    for pl in entered.players:  # every colour drew its whole deck: the model holds the real cards
        assert Counter(map(tuple, table_entry.cards_of(entered, entered.players.index(pl)))) == Counter(
            map(tuple, REAL_DECK))
    found = view(entered)["seen_facts"]
    assert Counter(map(tuple, found["cards.deck"])) == Counter(map(tuple, REAL_DECK))
    again = GAME.initial_state(setup)
    for action in log:
        again, _ = apply(GAME, again, action)
    assert canonical_bytes(GAME.to_json(again)) == canonical_bytes(GAME.to_json(entered))


# -- a physical box of other infrastructure tiles ----------------------------------------------------------------
def _tile_option(decision, tile: dict, state) -> dict:
    tiles = box_for(state.overrides, state.seen).infra.tiles
    for o in decision.options:
        if "value" in o and _signature(tiles[o["value"]]) == _signature(tile):
            return o
    d, w, x = _signature(tile)
    return _entered(decision, {"demand": d, "war": w, "disaster": x})


def test_other_infrastructure_tiles_are_entered_as_seen_and_the_model_keeps_twenty():
    """The table turns up tiles from its own box (seeded shuffle); a tile the model has none of is entered
    by what it shows; after every action the invariants hold and the model still has 20 tiles."""
    setup = _setup(7, table_entry=True)
    state = GAME.initial_state(setup)
    rng, log = random.Random(7), []
    pile = [dict(t) for t in REAL_TILES]
    rng.shuffle(pile)
    pile.append(pile.pop(pile.index(REAL_TILES[6])))  # the tile the placeholders lack comes up first
    while (d := GAME.decision(state)) is not None:
        if d.kind in ("yinzi.draw_infra", "yinzi.draw_infra_hidden"):
            action = _tile_option(d, pile.pop(), state)
        else:
            action = pick(d, rng)
        state, _ = apply(GAME, state, action)
        log.append(action)
        assert GAME.invariants(state) == []
        assert len(box_for(state.overrides, state.seen).infra.tiles) == 20
    seen = state.seen["infra.tiles"]
    assert seen and any(r["demand"] == "d2" and r["war"] == 4 for r in seen)
    grown = [_signature(t) for t in state.overrides["infra.tiles"]]
    assert all((r["demand"], r["war"], r["disaster"]) in grown for r in seen)
    box = box_for(state.overrides, state.seen)
    assert box.profile.fact("infra.tiles").status == "seen" and not box.profile.fact("infra.tiles").checked
    again = GAME.initial_state(setup)
    for action in log:
        again, _ = apply(GAME, again, action)
    assert canonical_bytes(GAME.to_json(again)) == canonical_bytes(GAME.to_json(state))


def test_the_app_never_draws_what_only_the_table_enters():
    state = GAME.initial_state(_setup(3, table_entry=True))
    rng = random.Random(3)
    for _ in range(300):
        d = GAME.decision(state)
        if d is None:
            break
        entered = [i for i, o in enumerate(d.options) if "seen" in o]
        if d.is_chance and entered:
            assert all(d.weights[i] == 0 for i in entered)
        state, _ = apply(GAME, state, pick(d, rng))
        assert "seen" not in (state.seen or {})


def test_without_table_entry_or_with_a_checked_fact_nothing_else_is_offered():
    plain = GAME.initial_state(_setup(3))
    checked = GAME.initial_state(_setup(3, table_entry=True, profile={"overrides": {
        "infra.tiles": REAL_TILES, "cards.deck": REAL_DECK, "city_markets.tiles": REAL_MARKETS,
        "ships.kinds": BOX.ships.kinds, "exchange.rates": BOX.exchange.rates,  # + ruling 41
        "boat.capacities": BOX.boat.capacities, "crops.track_costs": BOX.crops.track_costs}}))  # + 42, 43
    for state in (plain, checked):
        for _ in range(200):
            d = GAME.decision(state)
            assert not [o for o in d.options if "seen" in o], d.kind
            state, _ = apply(GAME, state, d.options[0])


# -- seen at the table, then the next new game ---------------------------------------------------------------------
def test_what_was_seen_is_recorded_and_the_next_new_game_plays_with_it():
    _, entered, _, _ = _mirrored(4)
    found = view(entered)["seen_facts"]
    overrides, seen = record_seen(load_default("yinzi"), found)
    assert seen == ["cards.deck"] and Counter(map(tuple, overrides["cards.deck"])) == Counter(map(tuple, REAL_DECK))
    setup = _setup(9, table_entry=True, profile={"overrides": overrides, "seen": seen})
    assert setup["profile"]["seen"] == ["cards.deck"]
    state = GAME.initial_state(setup)
    assert all(Counter(map(tuple, p.deck)) == Counter(map(tuple, REAL_DECK)) for p in state.players)
    fact = box_for(state.overrides, state.seen).profile.fact("cards.deck")
    assert fact.status == "seen" and fact.verified and not fact.checked
    assert view(state)["seen_facts"] == {}  # nothing new seen in this game yet
    for _ in range(400):  # a fact only seen at a table may still be corrected there
        d = GAME.decision(state)
        if d.kind == "yinzi.draw_card":
            assert [o for o in d.options if "seen" in o]
            break
        state, _ = apply(GAME, state, d.options[0])
    else:
        raise AssertionError("no card was drawn")


# -- a city-market tile the placeholders lack ------------------------------------------------------------------
NEW_MARKET = {"goods": ["bamboo", "salt", "sugarcane"], "coin": ["salt"]}  # no placeholder tile shows this


def _to_market_draw(state, rng):
    while (d := GAME.decision(state)).kind != "yinzi.draw_market":
        state, _ = apply(GAME, state, pick(d, rng))
    return state, d


def test_a_market_tile_the_profile_lacks_is_placed_and_the_box_keeps_eight():
    setup = _setup(5, table_entry=True)
    state, rng = GAME.initial_state(setup), random.Random(5)
    state, d = _to_market_draw(state, rng)
    seen = [o["seen"] for o in d.options if "seen" in o]
    layouts = {table_entry.market_layout(t) for t in BOX.city_markets.tiles.values()}
    assert len(seen) == 60 - len(layouts) and NEW_MARKET in seen  # 20 sets of 3 goods x 1 coin, less the pool's
    assert all(len(o["goods"]) == 3 and o["coin"][0] in o["goods"] for o in seen)
    assert [w for o, w in zip(d.options, d.weights, strict=True) if "seen" in o] == [0] * len(seen)  # never drawn
    province = d.params["province"]
    state, events = apply(GAME, state, _entered(d, NEW_MARKET))
    code = state.markets[province]["tile"]
    box = box_for(state.overrides, state.seen)
    assert box.city_markets.tiles[code] == NEW_MARKET and len(box.city_markets.tiles) == 8
    assert box.profile.fact("city_markets.tiles").status == "seen"
    assert code == "m1"  # two goods in common, as m4, m6 and m7 have; none has the coin field: the first
    seen_event = next(e for e in events if e.code == "yinzi.market_seen")
    assert seen_event.params["expected"] == {"goods": ["salt", "sugarcane", "tea"], "coin": ["sugarcane"]}
    assert state.seen["city_markets.tiles"][0]["tile"] == code and code not in state.market_pool
    assert GAME.invariants(state) == []


def _market_game(seed: int):
    """A whole game whose first city market is a tile the placeholders lack; the log and the final state."""
    setup = _setup(seed, table_entry=True)
    state, rng, log = GAME.initial_state(setup), random.Random(seed), []
    while (d := GAME.decision(state)) is not None:
        action = _entered(d, NEW_MARKET) if d.kind == "yinzi.draw_market" and not state.markets else pick(d, rng)
        state, _ = apply(GAME, state, action)
        log.append(action)
        assert GAME.invariants(state) == []
    return setup, state, log


def test_a_game_with_an_entered_market_tile_replays_byte_for_byte():
    setup, state, log = _market_game(6)
    assert NEW_MARKET in box_for(state.overrides, state.seen).city_markets.tiles.values()
    placed = [m["tile"] for m in state.markets.values()]
    assert len(placed) == 4 and sorted(placed + state.market_pool) == sorted(BOX.city_markets.tiles)
    again = GAME.initial_state(setup)
    for action in log:
        again, _ = apply(GAME, again, action)
    assert canonical_bytes(GAME.to_json(again)) == canonical_bytes(GAME.to_json(state))
    assert view(state)["seen_facts"]["city_markets.tiles"] == state.overrides["city_markets.tiles"]


def test_an_entered_market_tile_is_undone_with_its_draw():
    from companion.core.session import Session

    session = Session.new(GAME, _setup(8, table_entry=True))
    while session.decision.kind != "yinzi.draw_market":
        session.act(session.decision.options[0])
    before = canonical_bytes(GAME.to_json(session.state))
    session.act(_entered(session.decision, NEW_MARKET))
    assert session.state.seen["city_markets.tiles"] and session.last_action_was_chance()
    session.undo()
    assert canonical_bytes(GAME.to_json(session.state)) == before
    assert box_for(session.state.overrides).city_markets.tiles == BOX.city_markets.tiles
    session.redo()
    assert NEW_MARKET in box_for(session.state.overrides).city_markets.tiles.values()


def test_a_coin_field_beside_a_good_the_tile_does_not_demand_is_refused_with_its_reason():
    from companion.core import CompanionError
    from companion.i18n.labels import error_text

    tiles = {**BOX.city_markets.tiles, "m2": {"goods": ["salt", "tea"], "coin": ["cotton"]}}
    with pytest.raises(CompanionError) as refused:
        load_default("yinzi").with_overrides({"city_markets.tiles": tiles})
    assert refused.value.code == "profile.inconsistent" and refused.value.params["check"] == "coin_among_goods"
    assert "Münzfeld neben Baumwolle" in error_text(refused.value, "de")
    assert "muntveld naast Katoen" in error_text(refused.value, "nl")
    assert "coin field beside Cotton" in error_text(refused.value, "en")
    other = {**BOX.city_markets.tiles, "m2": {"goods": ["salt", "tea", "ramie", "bamboo"], "coin": []}}
    assert load_default("yinzi").with_overrides({"city_markets.tiles": other}).value("city_markets.tiles") == other


def test_a_seen_market_tile_is_recorded_for_the_next_new_game():
    _, state, _ = _market_game(6)
    found = view(state)["seen_facts"]
    overrides, seen = record_seen(load_default("yinzi"), found)
    assert "city_markets.tiles" in seen and NEW_MARKET in overrides["city_markets.tiles"].values()
    nxt = GAME.initial_state(_setup(9, table_entry=True, profile={"overrides": overrides, "seen": seen}))
    assert NEW_MARKET in box_for(nxt.overrides, nxt.seen).city_markets.tiles.values()
    d = _to_market_draw(nxt, random.Random(9))[1]
    assert NEW_MARKET not in [o["seen"] for o in d.options if "seen" in o]  # now listed: the pool shows it


# -- a ship the placeholders lack ---------------------------------------------------------------------------------
NEW_SHIP = {"nation": "japan", "slots": ["paper", "silk"]}  # the placeholder Japanese ships show tea and porcelain
SHIP_DRAWS = ("yinzi.draw_coast", "yinzi.draw_ship_top", "yinzi.draw_ship_remove")


def _ship_game(seed: int, players: list[str] = PLAYERS):
    """A whole game in which the table turns up NEW_SHIP at the first ship draw that offers it."""
    setup = GAME.normalize_setup({"players": players, "seed": seed, "table_entry": True})
    state, rng, log, entered = GAME.initial_state(setup), random.Random(seed), [], 0
    while (d := GAME.decision(state)) is not None:
        offered = [o for o in d.options if o.get("seen") == NEW_SHIP]
        action = offered[0] if offered and not entered else pick(d, rng)
        entered += bool(offered and action is offered[0])
        state, _ = apply(GAME, state, action)
        log.append(action)
        assert GAME.invariants(state) == []
        box = box_for(state.overrides, state.seen)
        assert sum(int(s["count"]) for s in box.ships.kinds.values()) == 18  # the box keeps its 18 ships
    assert entered == 1
    return setup, state, log


def test_ship_draws_offer_two_or_three_places_per_nation_less_what_the_pool_shows():
    state = GAME.initial_state(_setup(2, table_entry=True))
    rng = random.Random(2)
    while (d := GAME.decision(state)).kind not in SHIP_DRAWS:
        state, _ = apply(GAME, state, pick(d, rng))
    seen = [o["seen"] for o in d.options if "seen" in o]
    nations = {o["nation"] for o in seen}
    assert nations == {"brunei", "korea", "japan"}  # the coast (and the ships removed) hold eastern ships only
    assert len(seen) == 3 * 20 - 3 and NEW_SHIP in seen  # C(5,2) + C(5,3) each, less each nation's own
    assert all(2 <= len(o["slots"]) <= 3 and o["slots"] == sorted(set(o["slots"])) and "salt" not in o["slots"]
               for o in seen)
    assert [w for o, w in zip(d.options, d.weights, strict=True) if "seen" in o] == [0] * len(seen)


def test_a_ship_the_profile_lacks_grows_its_nations_layouts_and_replays_byte_for_byte():
    setup, state, log = _ship_game(4)
    japan = state.overrides["ships.kinds"]["japan"]
    assert japan["count"] == 4 and japan["layouts"].count(NEW_SHIP["slots"]) == 1
    assert japan["layouts"].count(["tea", "porcelain"]) == 3
    assert state.seen["ships.kinds"] == [{**NEW_SHIP, "instead": ["tea", "porcelain"]}]
    box = box_for(state.overrides, state.seen)
    assert box.profile.fact("ships.kinds").status == "seen"
    again = GAME.initial_state(setup)
    for action in log:
        again, _ = apply(GAME, again, action)
    assert canonical_bytes(GAME.to_json(again)) == canonical_bytes(GAME.to_json(state))


def test_an_entered_ship_is_undone_with_its_draw():
    from companion.core.session import Session

    session = Session.new(GAME, _setup(8, table_entry=True))
    while not [o for o in session.decision.options if o.get("seen") == NEW_SHIP]:
        session.act(session.decision.options[0])
    before = canonical_bytes(GAME.to_json(session.state))
    session.act(next(o for o in session.decision.options if o.get("seen") == NEW_SHIP))
    assert "japan#1" in session.state.ship_pool or "japan#2" in session.state.ship_pool  # the kinds were renamed
    session.undo()
    assert canonical_bytes(GAME.to_json(session.state)) == before and "japan" in session.state.ship_pool


def test_a_seen_ship_is_recorded_for_the_next_new_game():
    _, state, _ = _ship_game(4)
    overrides, seen = record_seen(load_default("yinzi"), view(state)["seen_facts"])
    assert seen == ["ships.kinds"] and NEW_SHIP["slots"] in overrides["ships.kinds"]["japan"]["layouts"]
    nxt = GAME.initial_state(_setup(9, table_entry=True, profile={"overrides": overrides, "seen": seen}))
    kinds = box_for(nxt.overrides, nxt.seen).ship_kinds
    assert {"japan#1", "japan#2"} <= set(kinds) and sum(nxt.ship_pool[k] for k in ("japan#1", "japan#2")) == 4


# -- crop tiles with two players (crops.removed_2p is our reading of RULES-Y 3 D, not the rulebook's words) --
def _crop_entry(seed: int, players: list[str]):
    """Play until the crop track draws and the table may turn up a sort the model counts as put back."""
    setup = GAME.normalize_setup({"players": players, "seed": seed, "table_entry": True})
    state, rng, log = GAME.initial_state(setup), random.Random(seed), []
    while (d := GAME.decision(state)) is not None:
        crops = [o for o in d.options if "seen" in o and "crop" in o["seen"]]
        if crops:
            return state, d, crops, log
        action = pick(d, rng)
        state, _ = apply(GAME, state, action)
        log.append(action)
    return state, None, [], log


def test_two_players_may_turn_up_a_crop_tile_the_setup_put_back_and_the_count_follows():
    found = next(r for seed in range(1, 30) if (r := _crop_entry(seed, PLAYERS[:2]))[1] is not None)
    state, d, crops, log = found
    assert d.kind == "yinzi.draw_crop" and all(w == 0 for o, w in zip(d.options, d.weights, strict=True) if "seen" in o)
    crop = crops[0]["seen"]["crop"]
    assert state.crop_pool.get(crop, 0) == 0  # the model has none of it face down
    removed_before = box_for(state.overrides).crops.removed_2p[crop]
    after, events = apply(GAME, state, crops[0])
    box = box_for(after.overrides, after.seen)
    assert box.crops.removed_2p[crop] == removed_before - 1
    assert box.profile.fact("crops.removed_2p").status == "seen"
    assert crop in after.crop_track and any(e.code == "yinzi.crop_seen" for e in events)
    assert GAME.invariants(after) == []  # every crop tile of the box is still somewhere, once
    again = GAME.initial_state(GAME.normalize_setup({"players": PLAYERS[:2], "seed": after.seed,
                                                     "table_entry": True}))
    for action in [*log, crops[0]]:
        again, _ = apply(GAME, again, action)
    assert canonical_bytes(GAME.to_json(again)) == canonical_bytes(GAME.to_json(after))


def test_three_players_turn_up_only_the_crop_tiles_the_rulebook_leaves_in_the_game():
    assert all(_crop_entry(seed, PLAYERS)[1] is None for seed in range(1, 6))  # crops.removed_3p is confirmed
