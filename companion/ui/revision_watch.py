"""Live follow by push: one thread per server reads the stored revision of every game an open screen shows, and
reruns exactly the screens whose game moved (issue 23).

Before, every open game screen ran a fragment each second to ask the store (~80 ms of CPU per screen per
second, and a tap arriving during such a run could be lost). Now an open screen costs nothing while its game
stands still: each full run of a game screen notes (session, game, revision shown) here; the watcher asks the
store once per interval for each watched game (not once per screen) and, when a game's revision moved past what
a screen shows, asks Streamlit to rerun that session, as Streamlit's own run-on-save does. The rerun loads the
stored game (live.follow) and draws it. A screen whose script is running is not interrupted: it is asked again
at the next check if the run did not show the new revision. The store is read by revision, so moves saved by
another server process on the same database are followed too.

Only where a Streamlit server runs (`streamlit run`); elsewhere (AppTest, bare mode) `available()` is False and
the screens poll with a fragment as before.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

_LOG = logging.getLogger(__name__)

Revision = Callable[[str, str | None], "int | None"]  # (game id, table code) -> stored revision (None: gone)
DOWN = -1  # the revision read failed: the store is unreachable


@dataclass
class Screen:
    game_id: str
    owner: str | None
    revision: int  # what the screen showed at its last full run
    asked: int | None = None  # the stored revision a rerun was already asked for (asked once per move)


class Watcher:
    """The screens open on games and the check that finds the ones whose game moved (no Streamlit here)."""

    def __init__(self, revision: Revision) -> None:
        self._revision = revision
        self._screens: dict[str, Screen] = {}
        self._lock = threading.Lock()

    def show(self, session_id: str, game_id: str, owner: str | None, revision: int) -> None:
        """A screen drew this game at this revision (every full run of a game screen)."""
        with self._lock:
            self._screens[session_id] = Screen(game_id, owner, revision)

    def forget(self, session_id: str) -> None:
        with self._lock:
            self._screens.pop(session_id, None)

    def watched(self) -> int:
        return len(self._screens)

    def due(self) -> list[str]:
        """The sessions to rerun: their game's stored revision moved past what they show. One read per game."""
        with self._lock:
            screens = list(self._screens.items())
        stored: dict[tuple[str, str | None], int | None] = {}
        for _, screen in screens:
            key = (screen.game_id, screen.owner)
            if key not in stored:
                try:
                    stored[key] = self._revision(*key)
                except Exception:  # the store unreachable: each screen reruns once to say so (then it polls)
                    stored[key] = DOWN
        due = []
        with self._lock:
            for session_id, screen in screens:
                now = stored.get((screen.game_id, screen.owner))
                if now is None or now == screen.revision or now == screen.asked:
                    continue
                if self._screens.get(session_id) is screen:
                    screen.asked = now
                    due.append(session_id)
        return due

    def retry(self, session_id: str) -> None:
        """The rerun could not be asked now (the screen was running): ask again at the next check."""
        with self._lock:
            screen = self._screens.get(session_id)
            if screen is not None:
                screen.asked = None


# -- Streamlit's side: which session is this, and rerun one from the watcher's thread ---------------------------
def available() -> bool:
    """A Streamlit server runs this script (not AppTest or bare mode)."""
    try:
        from streamlit import runtime

        return runtime.exists() and current_session() is not None
    except Exception:
        return False


def current_session() -> str | None:
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx(suppress_warning=True)
    return ctx.session_id if ctx is not None else None


def rerun_sessions(watcher: Watcher, session_ids: list[str]) -> None:
    """Ask Streamlit (on its event loop) to rerun these sessions with their last page and query, as a change of
    the script's source does with run-on-save: widget values are kept, no callback runs again."""
    from streamlit import runtime
    from streamlit.runtime.app_session import AppSessionState

    rt = runtime.get_instance()

    def rerun() -> None:
        for session_id in session_ids:
            info = rt._session_mgr.get_active_session_info(session_id)
            if info is None:  # the browser went away
                watcher.forget(session_id)
                continue
            session = info.session
            if session._state == AppSessionState.APP_IS_RUNNING:  # never interrupt a tap: next check
                watcher.retry(session_id)
                continue
            session.request_rerun(session._client_state)

    rt._get_async_objs().eventloop.call_soon_threadsafe(rerun)


def run_forever(watcher: Watcher, interval: float) -> None:
    """The watcher's thread: check, rerun the screens whose game moved, sleep."""
    while True:
        time.sleep(interval)
        with contextlib.suppress(Exception):
            if watcher.watched():
                due = watcher.due()
                if due:
                    rerun_sessions(watcher, due)


def start(revision: Revision, interval: float) -> Watcher:
    watcher = Watcher(revision)
    threading.Thread(target=run_forever, args=(watcher, interval), name="companion-revision-watch",
                     daemon=True).start()
    _LOG.info("live follow by push, every %.2f s", interval)
    return watcher
