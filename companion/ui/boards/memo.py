"""Board parts made once per view: a rerun that changed nothing (a tap elsewhere, a fold opened) draws the same
tables again without building them again (pandas frames cost most of a board's time), and the screens that
follow one game share them (50 open screens of a game: one build a move, not 50).

The screens hand a board the same view object as long as the game's state stands still (widgets.board keeps it
per state), so a part is found again by that object, its other arguments and whether marks are shown. Other
screens (other sessions) hold other view objects of the same state: a part is also found by the view's content
(its JSON text, fingerprinted once per view object), so what a part shows follows from its key alone. The
viewer is an argument (`own`: the seat whose hand is shown) and part of the key: a part made for one seat's
screen is never another's. A new state is a new view: nothing stale is ever found. Kept per process, a bounded
number of parts.
"""

from __future__ import annotations

import functools
import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

from companion.i18n import labels

KEPT = 256  # parts kept in all (a few per open game screen)
F = TypeVar("F", bound=Callable[..., Any])

class _PerObject:
    """A value made once per object, found by the object itself (held, so its id is never another object's);
    the most recent KEPT are kept."""

    def __init__(self) -> None:
        self._kept: OrderedDict[int, tuple[Any, Any]] = OrderedDict()  # id(obj) -> (obj, value)
        self._lock = threading.Lock()

    def get(self, obj: Any, make: Callable[[Any], Any]) -> Any:
        with self._lock:
            hit = self._kept.get(id(obj))
            if hit is not None and hit[0] is obj:
                self._kept.move_to_end(id(obj))
                return hit[1]
        value = make(obj)
        with self._lock:
            self._kept[id(obj)] = (obj, value)
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
        return value


_prints = _PerObject()  # view -> its content's print
_arrows = _PerObject()  # frame -> its Arrow table


def fingerprint(view: Any) -> bytes | None:
    """A digest of the view's content (None: not JSON data, found by the object only). Once per view object."""
    return _prints.get(view, _content_print)


def _content_print(view: Any) -> bytes | None:
    try:
        text = json.dumps(view, separators=(",", ":"), allow_nan=True)
    except (TypeError, ValueError):
        return None
    return hashlib.blake2b(text.encode(), digest_size=20).digest()


def per_view(fn: F) -> F:
    """`fn(view, *args, **kwargs)` once per view object, or per view content (held, so its id is never another
    view's)."""
    kept: OrderedDict[tuple[Any, ...], tuple[Any, Any]] = OrderedDict()
    lock = threading.Lock()

    def find(key: tuple[Any, ...], view: Any) -> tuple[bool, Any]:
        with lock:
            hit = kept.get(key)
            if hit is not None and (key[0] == "content" or hit[0] is view):
                kept.move_to_end(key)
                return True, hit[1]
        return False, None

    def keep(key: tuple[Any, ...], view: Any, value: Any) -> None:
        with lock:
            kept[key] = (view, value)
            while len(kept) > KEPT:
                kept.popitem(last=False)

    @functools.wraps(fn)
    def made(view: Any, *args: Any, **kwargs: Any) -> Any:
        rest = (args, tuple(sorted(kwargs.items())), labels.marks_shown())
        by_object = ("object", id(view), *rest)
        found, value = find(by_object, view)
        if found:
            return value
        content = fingerprint(view)
        by_content = ("content", content, *rest) if content is not None else None
        found, value = find(by_content, view) if by_content else (False, None)
        if not found:
            value = fn(view, *args, **kwargs)
            if by_content:
                keep(by_content, None, value)
        keep(by_object, view, value)
        return value

    return made  # type: ignore[return-value]


def arrow(frame: Any) -> Any:
    """The frame as the Arrow table st.table sends (the same bytes), made once per frame object: st.table spends
    ~8 ms on a pandas frame (its checks probe a DataFrame's missing attributes, the conversion builds pandas
    metadata), ~1 ms on an Arrow table; the board's frames are kept per view (per_view), so a rerun converts none."""
    from streamlit import dataframe_util

    return _arrows.get(frame, dataframe_util.convert_pandas_df_to_arrow_table)


def table(frame: Any) -> None:
    """st.table(frame), drawn from its Arrow form (arrow); the index shown or hidden as st.table decides for the
    frame itself (hidden only when it is the default 0, 1, 2, ...)."""
    import streamlit as st
    from streamlit import dataframe_util

    st.table(arrow(frame), hide_index=dataframe_util.has_range_index(frame))


def rows_frame(rows: dict[str, list[Any]], columns: list[str]) -> Any:
    """A frame with one row per key of `rows` and `columns` as its column labels: the same frame as
    pd.DataFrame(rows, index=columns).T, made directly (the transpose of text cells took ~2 of a board's ~3 ms)."""
    import pandas as pd

    return pd.DataFrame.from_dict(rows, orient="index", columns=columns)
