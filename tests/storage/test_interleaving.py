"""Several devices on one game (issue 12, "Done means"): random actions, undos and redos from two or
three sessions in random order. Every accepted change is in the stored log exactly as made on top of
what was stored before; every refused one changed nothing; the final log is the accepted changes
composed in order. Then the same with real threads on two Stores (two app replicas)."""

from __future__ import annotations

import random
import threading

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.ui.dispatch import REDO, UNDO, dispatch

from .helpers import device, new_game

OPS = st.lists(
    st.tuples(st.integers(0, 2), st.sampled_from(["act", "act", "act", "undo", "redo", "reload"]), st.integers(0, 5)),
    min_size=1,
    max_size=40,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(devices=st.integers(2, 3), ops=OPS)
def test_interleaved_sessions_lose_nothing_and_refusals_change_nothing(store, devices, ops):
    first = new_game(store)
    tables = [first] + [device(store, first) for _ in range(devices - 1)]
    truth: list = []
    for who, op, pick in ops:
        tab = tables[who % devices]
        if op == "reload":
            tab.reload(store)
            continue
        before = store.revision(first.game_id, owner=first.owner)
        command = {"undo": UNDO, "redo": REDO}.get(op)
        if command is None:
            decision = tab.session.decision
            if decision is None:
                continue
            command = decision.options[pick % len(decision.options)]
        out = dispatch(tab, command, tab.revision, store)
        stored, row = store.load_game(first.game_id, owner=first.owner)
        if out.ok:
            truth = truth[:-1] if command == UNDO else [*truth, tab.session.log[-1]]
            assert row.revision == before + 1 == tab.revision and stored.log == tab.session.log
        else:
            assert row.revision == before
        assert stored.log == truth
        if out.reloaded:
            assert tab.session.log == truth and tab.revision == before


def test_two_replicas_with_threads_lose_no_move(opener):
    """Two app processes, one device each, tapping as fast as they can; stale taps reload and retry."""
    stores = [opener(), opener()]
    first = new_game(stores[0])
    tables = [first, device(stores[1], first)]
    accepted: list[tuple[int, dict]] = []
    lock = threading.Lock()

    def play(i: int) -> None:
        rng, tab, store = random.Random(i), tables[i], stores[i]
        for _ in range(60):
            decision = tab.session.decision
            if decision is None:
                return
            action = decision.options[rng.randrange(len(decision.options))]
            if dispatch(tab, action, tab.revision, store).ok:
                with lock:
                    accepted.append((tab.revision, action))

    threads = [threading.Thread(target=play, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    log = stores[0].load_game(first.game_id, owner=first.owner)[0].log
    assert [a for _, a in sorted(accepted, key=lambda x: x[0])] == log
    assert sorted(r for r, _ in accepted) == list(range(2, 2 + len(log)))
