"""Per-client limits on making tables and games on a shared server (a cheap way to fill a hosted instance
otherwise). A client is the address the request came from; counts live in this process (a replica counts
its own clients). Limits per hour: $COMPANION_LIMIT_TABLES (default 20), $COMPANION_LIMIT_GAMES (default 60)."""

from __future__ import annotations

import os
import threading
import time
from collections import defaultdict, deque

from ..core import CompanionError

WINDOW = 3600.0
DEFAULTS = {"tables": 20, "games": 60}
_lock = threading.Lock()
_made: dict[tuple[str, str], deque[float]] = defaultdict(deque)


class TooManyError(CompanionError):
    """This client made too many tables or games in the last hour; nothing was made."""


def limit(kind: str) -> int:
    try:
        return max(0, int(os.environ.get(f"COMPANION_LIMIT_{kind.upper()}", DEFAULTS[kind])))
    except ValueError:
        return DEFAULTS[kind]


def count(kind: str, client: str) -> None:
    """Note one more table or game made by `client`; TooManyError (and nothing noted) over the limit."""
    now = time.monotonic()
    with _lock:
        made = _made[(kind, client)]
        while made and made[0] <= now - WINDOW:
            made.popleft()
        if len(made) >= limit(kind):
            minutes = max(1, round((made[0] + WINDOW - now) / 60))
            raise TooManyError(f"too_many_{kind}", f"Too many new {kind} from this device in the last hour; try"
                               f" again in {minutes} minutes.", n=minutes)
        made.append(now)


def forget() -> None:
    """Tests: start from no counts."""
    with _lock:
        _made.clear()
