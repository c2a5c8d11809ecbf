"""Parts of a game screen made once per game state for every screen of the server process (issue 23).

Many screens follow one game: after a move each of them reruns the Table screen, and what they compute from the
game (the option labels, the table moves in words, the log page, the rule cards, the unverified facts) is the
same on every one of them. Kept per session, 50 screens computed it 50 times under one GIL; kept here, once.

A part is found by its name, the game, the state object it was made from, and what else its value depends on:
the reader's language, whether unverified values carry their mark, and the viewer (the seat a phone shows, None
for the table's own screens), always; the caller adds the rest (a log page, a revision). The state is held with
the value, so its id is never another state's while the part is kept; a move, an undo or another device's move
is a new state object (the engines never change one in place, a replay makes new ones), so a new state finds
nothing made for the old one and nothing stale is shown. What is one screen's own (the ticks it just made, the
"new" marks of its last look, a seat's hand) is never a shared part: hands are not in the parts made here, and a
seat's phone has its own key.

Values are shared between sessions: callers never change them. A bounded number of parts is kept per process. A
part may be made from other parts (the board's view from the view), never from one made from it (one making at a
time per key: a cycle would wait for itself).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

import streamlit as st

from ..i18n import labels
from . import revision_watch
from .language import lang

T = TypeVar("T")
KEPT = 1024  # parts kept in all: a few per state, a few states per game being followed
VIEWER = "seat"  # session_state: the seat a phone shows (the Seat screen); absent on the table's screens


class Parts:
    """A bounded, thread-safe store of values made once per (key, state object); one making at a time per key
    (two screens rerunning together wait for one computation, not two)."""

    def __init__(self, kept: int = KEPT) -> None:
        self._kept = kept
        self._parts: OrderedDict[Hashable, tuple[Any, Any]] = OrderedDict()
        self._making: dict[Hashable, threading.Lock] = {}
        self._lock = threading.Lock()
        self.made = 0  # how many values were computed (tests, benchmarks)

    def _find(self, key: Hashable, state: Any) -> tuple[bool, Any]:
        with self._lock:
            hit = self._parts.get(key)
            if hit is not None and hit[0] is state:
                self._parts.move_to_end(key)
                return True, hit[1]
        return False, None

    def get(self, key: Hashable, state: Any, make: Callable[[], T]) -> T:
        found, value = self._find(key, state)
        if found:
            return value
        with self._lock:
            making = self._making.setdefault(key, threading.Lock())
        with making:
            found, value = self._find(key, state)  # made by another screen while this one waited
            if found:
                return value
            _making.depth += 1  # no pause for a tap while a part other screens may wait for is being made
            try:
                value = make()
            finally:
                _making.depth -= 1
                with self._lock:
                    self._making.pop(key, None)
            with self._lock:
                self.made += 1
                self._parts[key] = (state, value)
                while len(self._parts) > self._kept:
                    self._parts.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._parts.clear()


class _Making(threading.local):
    depth = 0  # parts this thread is making now


_making = _Making()
PARTS = Parts()


def viewer() -> Any:
    """The seat this session's phone shows (the Seat screen's choice), None on the table's screens."""
    try:
        return st.session_state.get(VIEWER)
    except Exception:  # outside a script run (a test calling a helper): the table's view
        return None


def language() -> str:
    return lang()


def per_state(name: str, game_id: str, state: Any, make: Callable[[], T], *extra: Hashable) -> T:
    """`make()` once per game state for every screen of the process: found by the part's name, the game, the
    state object, the reader's language, the marks setting, the viewer and `extra`."""
    if not _making.depth:
        revision_watch.give_way()  # a follow rerun pauses here while another screen's tap runs
    key = (name, game_id, id(state), language(), labels.marks_shown(), viewer(), extra)
    return PARTS.get(key, state, make)
