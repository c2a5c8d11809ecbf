"""A tap is stored once, however often it arrives (issue 23: the network-stall test once saw two steps stored).

A click re-sent after a reconnection carries the revision its screen showed: once the first delivery is stored
the game's position has moved, so the second delivery is refused as shown for another position (and on a
screen, on_command drops the very same tap silently). What can store more than one step is one tap that asks
for more: "the app rolls everything" rolls on while the next step is the app's too (a bust passes the die on).
"""

from __future__ import annotations

import random

from companion.core import Session
from companion.ui.dispatch import APP_CHANCE, APP_CHANCE_ALL, app_may_draw, dispatch

from .test_dispatch_storage import PIG, new_table, store  # noqa: F401 (the fixture)


def _stored(store, tab) -> int:  # noqa: F811
    return len(store.load_game(tab.game_id, owner=tab.owner)[0].log)


def test_the_same_tap_delivered_twice_is_stored_once(store):  # noqa: F811
    tab = new_table(store)
    shown = tab.revision
    assert dispatch(tab, APP_CHANCE, shown, store).ok
    again = dispatch(tab, APP_CHANCE, shown, store)  # the click re-sent after a reconnection
    assert not again.ok
    assert _stored(store, tab) == 1


def test_one_roll_is_one_step_but_rolling_everything_may_be_more():
    """Why the stall test counts writes, not steps: "roll everything" stores 2+ steps after a bust (~1 in 6)."""
    counts = set()
    for seed in range(60):
        session = Session.new(PIG, {"players": ["Ada", "Bo"], "seed": seed})
        session.resolve_chance()
        while app_may_draw(session.decision):
            session.resolve_chance()
        counts.add(len(session.log))
    assert counts.issuperset({1, 2}), counts
    assert APP_CHANCE_ALL != APP_CHANCE


def test_a_random_tap_sequence_never_stores_a_repeat(store):  # noqa: F811
    tab, rng = new_table(store), random.Random(5)
    for _ in range(20):
        shown = tab.revision
        before = _stored(store, tab)
        decision = tab.session.decision
        command = APP_CHANCE if decision.is_chance else decision.options[rng.randrange(len(decision.options))]
        assert dispatch(tab, command, shown, store).ok
        for _ in range(rng.randrange(1, 3)):  # the same tap delivered again, once or twice
            assert not dispatch(tab, command, shown, store).ok
        assert _stored(store, tab) == before + 1
