"""Board parts made once per view: a rerun that changed nothing (a tap elsewhere, a fold opened) draws the same
tables again without building them again (pandas frames cost most of a board's time).

The screens hand a board the same view object as long as the game's state stands still (widgets.board keeps it
per state), so a part is found again by that object, its other arguments and whether marks are shown. A new
state is a new view object: nothing stale is ever found. Kept per process, a bounded number of parts.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

from companion.i18n import labels

KEPT = 256  # parts kept in all (a few per open game screen)
F = TypeVar("F", bound=Callable[..., Any])


def per_view(fn: F) -> F:
    """`fn(view, *args, **kwargs)` once per view object (held, so its id is never another view's)."""
    kept: OrderedDict[tuple[Any, ...], tuple[Any, Any]] = OrderedDict()
    lock = threading.Lock()

    @functools.wraps(fn)
    def made(view: Any, *args: Any, **kwargs: Any) -> Any:
        key = (id(view), args, tuple(sorted(kwargs.items())), labels.marks_shown())
        with lock:
            hit = kept.get(key)
            if hit is not None and hit[0] is view:
                kept.move_to_end(key)
                return hit[1]
        value = fn(view, *args, **kwargs)
        with lock:
            kept[key] = (view, value)
            while len(kept) > KEPT:
                kept.popitem(last=False)
        return value

    return made  # type: ignore[return-value]
