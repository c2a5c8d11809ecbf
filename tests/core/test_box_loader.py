"""companion.core.box: the one box-fact loader (keyed by game, overrides, seen, partly; a bounded cache)."""

from __future__ import annotations

import pytest

from companion.core import box
from companion.core.actions import Event
from companion.core.errors import SetupError
from companion.core.provenance import UNVERIFIED, tag, tag_event
from companion.dragon.components import components_for, components_key
from companion.gugong.components import components, for_setup
from companion.yinzi.components import for_overrides


def test_the_same_box_is_built_once_and_shared():
    assert components() is components({}) is for_setup({"profile": {"overrides": {}}})
    assert for_overrides(None) is for_overrides({}) is box.components("yinzi")
    key = components_key(3, False, "2017", {})
    assert components_for(key) is box.components("dragon", {}, options=(3, False, "2017"))


def test_a_state_key_names_the_same_box_after_the_cache_let_it_go():
    """Dragon's states name their box by key text; once the bounded cache has built that box again, the key must
    give the new object too (it once kept its own copy, so two identical boxes lived side by side)."""
    key = components_key(4, True, "2017", {})
    components_for(key)
    for n in range(box.MAX_BOXES + 2):  # push every box out of the cache
        components({"wall_majority_vp": 1 + n % 10, "dice_majority_vp": 1 + n // 10})
    assert components_for(key) is box.components("dragon", {}, options=(4, True, "2017"))


def test_seen_and_partly_name_only_overridden_facts():
    """A fact named seen but not overridden changes nothing: the same box, not a second copy of it."""
    overrides = {"wall_majority_vp": 3}
    plain = components(overrides)
    assert components(overrides, seen=["days"]) is plain
    seen = components(overrides, seen=["wall_majority_vp"])
    assert seen is not plain and seen.profile.fact("wall_majority_vp").status == "seen"
    assert components(overrides, partly=["wall_majority_vp"]).profile.fact("wall_majority_vp").status == "partly"


def test_the_cache_is_bounded():
    first = components({"wall_majority_vp": 1, "dice_majority_vp": 1})
    for n in range(1, box.MAX_BOXES + 3):  # more distinct boxes than the loader keeps
        components({"wall_majority_vp": 1 + n % 10, "dice_majority_vp": 1 + n // 10})
    again = components({"wall_majority_vp": 1, "dice_majority_vp": 1})
    assert again is not first and again.wall_vp == first.wall_vp == 1
    assert box._built.cache_info().currsize <= box.MAX_BOXES


def test_bad_overrides_are_refused_and_never_cached():
    with pytest.raises(SetupError):
        components({"no_such_fact": 1})
    with pytest.raises(SetupError):
        for_overrides({"game.rounds": "many"})
    assert components().days == components({}).days


def test_an_old_save_s_decree_costs_are_migrated():
    decrees = components().profile.value("decrees")
    costs = components().profile.value("decree_costs")
    old = [{**d, "cost": d.get("cost", costs.get(d["id"], 0)) + 1} for d in decrees]  # each tile's cost in it
    migrated = components({"decrees": old}).decrees
    assert all(migrated[d["id"]].cost == d["cost"] for d in old)


def test_provenance_marks_only_unverified_facts_and_only_present_params():
    profile = components().profile
    open_fact = next(k for k, f in profile.facts.items() if not f.verified)
    sure = next(k for k, f in profile.facts.items() if f.verified)
    assert tag({"n": 1}, profile, n=sure) == {"n": 1}
    assert tag({"n": 1}, profile, n=open_fact)[UNVERIFIED] == {"n": [open_fact]}
    event = tag_event(Event("x.event.y", {"n": 1}), profile, n=[open_fact], missing=[open_fact])
    assert event.params[UNVERIFIED] == {"n": [open_fact]}
    assert profile.opened[(open_fact,)] == [open_fact]  # remembered on the profile, not by id(components)
