"""Play a game on in memory until a wanted decision, and check a correction against undo, redo and a reloaded save:
the drivers the correction tests of every game share."""

from __future__ import annotations

import random
from collections.abc import Callable

from companion.core import Decision, Session, codec
from companion.core.actions import Action
from companion.core.canonical import canonical_bytes


def play_until(session: Session, wanted: Callable[[Decision], bool], seed: int = 1, limit: int = 3000,
               end_ok: bool = False) -> Decision | None:
    """Play on (the app draws, the table enters the listed components, players choose at random, never a
    correction) until the pending decision is `wanted`. The game's end: None if `end_ok`, else a failure."""
    rng = random.Random(seed)
    for _ in range(limit):
        d = session.decision
        if d is None:
            assert end_ok, "the game ended before the wanted decision"
            return None
        if wanted(d):
            return d
        listed = [o for o in d.options if "seen" not in o]
        if d.is_chance and not d.hidden:
            session.resolve_chance()
        else:
            session.act(listed[0] if d.is_chance else rng.choice(listed))
    raise AssertionError("the wanted decision never came")


def state_bytes(session: Session) -> bytes:
    return canonical_bytes(session.game.to_json(session.state))


def correct_undo_redo_replay(session: Session, action: Action) -> None:
    """`action` applied; undo and redo give the states before and after byte for byte; the save replays."""
    before = state_bytes(session)
    session.act(action)
    after = state_bytes(session)
    assert after != before
    session.undo()
    assert state_bytes(session) == before
    session.redo()
    assert state_bytes(session) == after
    again = codec.loads(codec.dumps(session))
    assert again.log == session.log and state_bytes(again) == after
