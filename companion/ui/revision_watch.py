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


PARALLEL = 2  # follow reruns at once: a tap on another screen shares the server's one GIL with at most these
STUCK = 5.0  # seconds after which an asked rerun that never showed its game frees its place
TICK = 0.01  # seconds between two looks at the reruns in flight, while some are waiting
YIELD = 1.0  # seconds the reruns of a move wait at most for the other runs (a tap) to end
GIVE_WAY = 0.5  # seconds a follow rerun already running pauses at most while a tap runs
NAP = 0.004  # seconds between two looks of a paused follow rerun


@dataclass
class Screen:
    game_id: str
    owner: str | None
    revision: int  # what the screen showed at its last full run
    asked: int | None = None  # the stored revision a rerun was already wanted for (wanted once per move)


class Watcher:
    """The screens open on games, the check that finds the ones whose game moved, and the queue of their reruns
    (no Streamlit here).

    The reruns of a move are asked a few at a time (PARALLEL), not all at once: every session's script runs in
    the same process under one GIL, so 50 screens rerunning together would make a tap on the playing device
    wait for all of them; one after the other, the tap waits for two at most, and the first followers show the
    move sooner (the last one no later). And none starts while a watched screen runs a script of its own (the
    device that just tapped draws its move first), for YIELD seconds at most.

    A move made on this server is queued as soon as the tapping screen shows it (its run calls `show` with the
    new revision): no wait for the next check. The check reads the store for moves made elsewhere (another
    server process on the same database, a store that became unreachable)."""

    def __init__(self, revision: Revision, parallel: int = PARALLEL) -> None:
        self._revision = revision
        self._parallel = parallel
        self._screens: dict[str, Screen] = {}
        self._wanted: dict[str, None] = {}  # sessions to rerun, in the order their game moved
        self._flight: dict[str, tuple[float, bool]] = {}  # session -> (asked at, shown since)
        self._held_since: float | None = None  # the reruns have been waiting for another run since then
        self.tapping = False  # a watched screen runs a script of its own (a tap) while follow reruns are in flight
        self._paused: dict[str, float] = {}  # session -> seconds its rerun in flight paused for taps so far
        self._played: dict[str, float] = {}  # session -> when it last moved its game itself (a player's device)
        self._lock = threading.Lock()
        self.wake = threading.Event()  # set when reruns were queued: the watcher's thread looks at once

    def show(self, session_id: str, game_id: str, owner: str | None, revision: int) -> None:
        """A screen drew this game at this revision (every full run of a game screen)."""
        with self._lock:
            old = self._screens.get(session_id)
            if old is not None and old.game_id == game_id and revision > old.revision and session_id not in (
                    self._flight):  # this screen moved the game itself (a tap), no rerun of ours showed it
                self._played[session_id] = time.monotonic()
            screen = self._screens[session_id] = Screen(game_id, owner, revision)
            behind = old is not None and old.asked is not None and old.game_id == game_id and revision < old.asked
            if behind and session_id in self._wanted:
                screen.asked = old.asked  # still queued for the revision it does not show yet
            else:  # shown (or a rerun that did not load it: the next check queues it again)
                self._wanted.pop(session_id, None)
            if session_id in self._flight:
                self._flight[session_id] = (self._flight[session_id][0], True)
            queued = self._queue_behind(session_id, game_id, revision)
        if queued:
            self.wake.set()

    def _queue_behind(self, session_id: str, game_id: str, revision: int) -> bool:
        """The other screens of this game that show an older revision: the game moved (revisions only grow)."""
        queued = False
        for other, screen in self._screens.items():
            if other == session_id or screen.game_id != game_id or screen.revision >= revision:
                continue
            if screen.asked is None or screen.asked < revision:
                screen.asked = revision
                self._wanted[other] = None
                queued = True
        return queued

    def forget(self, session_id: str) -> None:
        with self._lock:
            self._screens.pop(session_id, None)
            self._wanted.pop(session_id, None)
            self._flight.pop(session_id, None)
            self._paused.pop(session_id, None)
            self._played.pop(session_id, None)

    def watched(self) -> int:
        return len(self._screens)

    def pending(self) -> bool:
        """Reruns wanted or in flight: the watcher looks again within a TICK."""
        return bool(self._wanted or self._flight)

    def check(self) -> list[str]:
        """Queue the sessions whose game's stored revision moved past what they show (one read per game);
        returns the ones queued now."""
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
                    self._wanted[session_id] = None
                    due.append(session_id)
        if due:
            self.wake.set()
        return due

    def _players_first(self) -> list[str]:
        """The queued sessions: the screens that moved their game before first (most recent first: the devices
        that play, whose player may act next), then the screens that only watch, in the order queued."""
        played = self._played
        return sorted(self._wanted, key=lambda s: -played.get(s, float("-inf")))

    def take(self, busy: Callable[[str], bool], now: float) -> list[str]:
        """The queued sessions to rerun now: as many as leave at most PARALLEL in flight. A rerun is in flight
        from when it is asked until its screen showed the game and its run ended (busy: the session's script
        runs), or STUCK seconds. A session busy with a run of its own (a tap) waits in the queue, and none is
        taken while such a run goes on (YIELD seconds at most)."""
        with self._lock:
            for session_id, (asked_at, shown) in list(self._flight.items()):
                if (shown and not busy(session_id)) or now - asked_at > STUCK:
                    del self._flight[session_id]
            own_run = any(busy(s) for s in self._screens if s not in self._flight)  # a tap, a screen opening
            self.tapping = own_run and bool(self._flight)
            if not self._wanted:
                return []
            if own_run:
                self._held_since = self._held_since if self._held_since is not None else now
                if now - self._held_since < YIELD:
                    return []
            else:
                self._held_since = None
            room = self._parallel - len(self._flight)
            taken = []
            for session_id in self._players_first():
                if room <= 0:
                    break
                if busy(session_id):
                    continue
                del self._wanted[session_id]
                self._flight[session_id] = (now, False)
                self._paused[session_id] = 0.0
                taken.append(session_id)
                room -= 1
            return taken

    def give_way(self, session_id: str | None) -> None:
        """A follow rerun in flight pauses while a watched screen runs a script of its own (a tap): the scripts of
        all sessions share one GIL, and a tap waiting behind two followers' reruns took three times as long. The
        pause releases the GIL; it ends when the tap's run ended (the watcher looks every TICK) or after GIVE_WAY
        in all over the rerun's pauses (a screen busy for long never stalls the followers)."""
        if not self.tapping or session_id not in self._flight:
            return
        started = time.monotonic()
        deadline = started + GIVE_WAY - self._paused.get(session_id, 0.0)  # at most GIVE_WAY in all per rerun
        while self.tapping and time.monotonic() < deadline:
            time.sleep(NAP)
        self._paused[session_id] = self._paused.get(session_id, 0.0) + time.monotonic() - started

    def retry(self, session_id: str) -> None:
        """The rerun could not be asked now (the screen was running): queued again, first."""
        with self._lock:
            self._flight.pop(session_id, None)
            if session_id in self._screens:
                self._wanted = {session_id: None, **self._wanted}


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


def _session(session_id: str):
    from streamlit import runtime

    info = runtime.get_instance()._session_mgr.get_active_session_info(session_id)
    return info.session if info is not None else None


def busy(session_id: str) -> bool:
    """This session's script is running (a tap, or a rerun asked before)."""
    from streamlit.runtime.app_session import AppSessionState

    session = _session(session_id)
    return session is not None and session._state == AppSessionState.APP_IS_RUNNING


def rerun_sessions(watcher: Watcher, session_ids: list[str]) -> None:
    """Ask Streamlit (on its event loop) to rerun these sessions with their last page and query, as a change of
    the script's source does with run-on-save: widget values are kept, no callback runs again."""
    from streamlit import runtime

    def rerun() -> None:
        for session_id in session_ids:
            session = _session(session_id)
            if session is None:  # the browser went away
                watcher.forget(session_id)
                continue
            if busy(session_id):  # never interrupt a tap: queued again
                watcher.retry(session_id)
                continue
            session.request_rerun(session._client_state)

    runtime.get_instance()._get_async_objs().eventloop.call_soon_threadsafe(rerun)


def run_forever(watcher: Watcher, interval: float) -> None:
    """The watcher's thread: check every interval; while reruns wait, hand them out a few at a time."""
    next_check = 0.0
    while True:
        with contextlib.suppress(Exception):
            now = time.monotonic()
            if now >= next_check:
                next_check = now + interval
                if watcher.watched():
                    watcher.check()
            if watcher.pending():
                taken = watcher.take(busy, now)
                if taken:
                    rerun_sessions(watcher, taken)
        watcher.wake.clear()
        if watcher.pending():
            time.sleep(TICK)
        else:
            watcher.wake.wait(max(TICK, next_check - time.monotonic()))


_RUNNING: list[Watcher] = []  # the server's watcher, once started (follow reruns give way to taps through it)


def give_way() -> None:
    """Called by a game screen's run between its parts (shared_parts, live.follow): a follow rerun pauses while
    another screen's tap runs; any other run goes on at once (one attribute read when no tap runs)."""
    if _RUNNING and _RUNNING[0].tapping:
        _RUNNING[0].give_way(current_session())


def start(revision: Revision, interval: float) -> Watcher:
    watcher = Watcher(revision)
    _RUNNING[:] = [watcher]
    threading.Thread(target=run_forever, args=(watcher, interval), name="companion-revision-watch",
                     daemon=True).start()
    _LOG.info("live follow by push, every %.2f s", interval)
    return watcher
