"""Issue 22 for In the Year of the Dragon (docs/rulings/box-facts.md B5): every fact a table sees is confirmed,
so nothing is recorded per component and nothing is corrected in play; this fails when one becomes unverified."""

from __future__ import annotations

import importlib.util
import random

from companion.core import Session
from companion.core.chance import pick
from companion.core.profile import load_default
from companion.core.registry import manifest
from companion.dragon.engine import GAME

NEVER_AT_THE_TABLE = {"bgg.id"}  # the box's number on BoardGameGeek, for exports


def test_every_fact_the_table_sees_is_confirmed():
    profile = load_default("dragon")
    unverified = {f.key for f in profile.unverified()}
    assert unverified <= NEVER_AT_THE_TABLE, f"add a reader (dragon/seen_items.py) and corrections for {unverified}"


def test_a_game_offers_nothing_to_record_and_no_correction():
    session = Session.new(GAME, {"players": ["Anna", "Lisa", "David"], "seed": 2})
    rng = random.Random(2)
    while (d := session.decision) is not None and len(session.log) < 400:
        assert not any("seen" in o for o in d.options)  # no "something else" and no correction anywhere
        session.act(pick(d, rng) if d.is_chance else rng.choice(d.options))
    assert importlib.util.find_spec("companion.dragon.seen_items") is None  # Box check records nothing per item
    assert not manifest("dragon").view(session.state).get("seen_facts")  # nor whole facts
