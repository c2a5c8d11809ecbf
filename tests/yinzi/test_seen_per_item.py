"""Issue 22: what a Yinzi table drew is recorded component by component (companion.yinzi.seen_items).

A game played on a real box by table entry proves the tiles and cards it turned up, never a whole fact it did
not turn up in full: infrastructure tiles drawn are kept (the rest stays the placeholder's, "partly" seen); a
colour that drew its whole deck proves all 12 action cards. Recording again never loses what was proven.
"""

from __future__ import annotations

import random
from collections import Counter

from companion.core import apply, seen_items
from companion.core.chance import pick
from companion.core.profile import load_default
from companion.core.seen_items import item_key
from companion.yinzi import components
from companion.yinzi.engine import GAME
from companion.yinzi.seen_items import items_seen

from .test_table_entry import REAL_DECK, REAL_TILES, _mirrored, _setup, _tile_option


def _record(found: dict, stored: dict | None = None) -> dict:
    stored = stored or {"overrides": {}, "seen": [], "partly": [], "proofs": {}}
    profile = load_default("yinzi").with_overrides(stored["overrides"], set(stored["seen"]), set(stored["partly"]))
    overrides, seen, partly, proofs = seen_items.record(profile, stored["proofs"], found)
    return {"overrides": overrides, "seen": seen, "partly": partly, "proofs": proofs}


def _tiles_game(seed: int) -> tuple[dict, list]:
    """The table turns up its own infrastructure tiles (REAL_TILES, shuffled); the rest the app draws."""
    setup = _setup(seed, table_entry=True)
    state = GAME.initial_state(setup)
    rng, log = random.Random(seed), []
    pile = [dict(t) for t in REAL_TILES]
    rng.shuffle(pile)
    pile.append(pile.pop(pile.index(REAL_TILES[6])))  # the tile the placeholders lack comes up first
    while (d := GAME.decision(state)) is not None:
        action = _tile_option(d, pile.pop(), state) if d.kind.startswith("yinzi.draw_infra") else pick(d, rng)
        state, _ = apply(GAME, state, action)
        log.append(action)
    return setup, log


def test_a_colour_that_drew_its_whole_deck_proves_the_real_cards():
    _real, _entered, setup, log = _mirrored(4)
    found = items_seen(GAME, setup, log)
    assert found["cards.deck"] == dict(sorted(Counter(item_key(c) for c in REAL_DECK).items()))
    stored = _record(found)
    profile = load_default("yinzi").with_overrides(stored["overrides"], set(stored["seen"]), set(stored["partly"]))
    assert Counter(map(tuple, profile.value("cards.deck"))) == Counter(map(tuple, REAL_DECK))
    assert profile.fact("cards.deck").status == "seen" and "cards.deck" in stored["seen"]
    assert "infra.tiles" not in stored["seen"]  # listed tiles the app drew are no sight of the box


def test_tiles_drawn_are_kept_and_the_rest_stays_the_placeholder_partly_seen():
    setup, log = _tiles_game(7)
    found = items_seen(GAME, setup, log)
    proof = Counter({k: n for k, n in found["infra.tiles"].items()})
    real = Counter(item_key(t) for t in REAL_TILES)
    assert not proof - real, "only tiles of the real box are proven"
    assert proof[item_key(REAL_TILES[6])] == 1  # the tile the placeholders lack, entered by what it shows
    stored = _record(found)
    profile = load_default("yinzi").with_overrides(stored["overrides"], set(stored["seen"]), set(stored["partly"]))
    tiles = profile.value("infra.tiles")
    assert len(tiles) == 20 and not proof - Counter(item_key(t) for t in tiles)
    whole = sum(proof.values()) == 20
    assert profile.fact("infra.tiles").status == ("seen" if whole else "partly")
    if not whole:  # never shown: still unverified and warned about
        assert not profile.fact("infra.tiles").verified
    default = load_default("yinzi").value("infra.tiles")
    kept = [t for t, d in zip(tiles, default, strict=True) if t == d]
    assert len(kept) >= 20 - sum((proof - Counter(item_key(t) for t in default)).values())
    again = _record(items_seen(GAME, setup, log), stored)  # the same game recorded twice changes nothing
    assert again["overrides"] == stored["overrides"] and again["proofs"] == stored["proofs"]


def test_the_next_game_plays_with_the_recorded_tiles():
    setup, log = _tiles_game(7)
    stored = _record(items_seen(GAME, setup, log))
    game = GAME.initial_state(_setup(8, table_entry=True, profile={
        "overrides": stored["overrides"], "seen": stored["seen"], "partly": stored["partly"]}))
    box = components.of(game)
    assert box.infra.tiles == stored["overrides"]["infra.tiles"]
    status = box.profile.fact("infra.tiles").status
    assert status == ("partly" if "infra.tiles" in stored["partly"] else "seen")
    if status == "partly":  # still open to the table: it may enter a tile the profile does not have
        d = next(GAME.decision(s) for s in _states(game) if GAME.decision(s).kind == "yinzi.draw_infra")
        assert any("seen" in o for o in d.options)


def _states(state):
    """The states of a game played on from `state`, the app drawing and the players taking the first option."""
    while (d := GAME.decision(state)) is not None:
        yield state
        state, _ = apply(GAME, state, d.options[0] if not d.is_chance else pick(d, random.Random(0)))


def test_without_table_entry_nothing_is_recorded():
    setup = _setup(3)
    state, rng, log = GAME.initial_state(setup), random.Random(3), []
    for _ in range(200):
        d = GAME.decision(state)
        action = pick(d, rng)
        state, _ = apply(GAME, state, action)
        log.append(action)
    assert items_seen(GAME, setup, log) == {}


def test_a_multiset_keeps_proven_items_in_place_and_fills_the_rest():
    value = [[1, 4], [1, 4], [2, 2], [3, 1]]
    out, whole = seen_items.apply("yinzi", "cards.deck", value, {item_key([1, 4]): 1, item_key([1, 5]): 2})
    assert out == [[1, 4], [1, 5], [1, 5], [3, 1]] and not whole
    markets = {"m1": {"goods": ["tea", "salt", "rice"], "coin": ["tea"]},
               "m2": {"goods": ["a", "b", "c"], "coin": ["a"]}}
    proof = {item_key({"coin": ["tea"], "goods": ["rice", "salt", "tea"]}): 1}
    out, whole = seen_items.apply("yinzi", "city_markets.tiles", markets, proof)
    assert out == markets and not whole  # the same tile, its goods listed in another order
