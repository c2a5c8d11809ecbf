"""Several devices at one table: live follow of the open game, the table's code, link and QR, and
what a seat's own phone shows (data from the engine's view; the UI holds no rules)."""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from dataclasses import replace
from typing import Any

import streamlit as st

from ..core import CompanionError, Session
from ..core.registry import manifest
from ..i18n import labels
from ..storage import StorageUnavailableError, Store, UnknownTableError, shown_code
from ..storage.base import GameRow
from . import context, dispatch, revision_watch
from .context import lang, tr
from .dispatch import Table
from .kept import kept

SEATS_ACT = context.SEATS_ACT  # game meta: may seats act from their own phones (the host chooses)
SEATS_ACT_KEY = "seats_act_toggle"
SHARED_GAME, SHARED_KEY = "shared", "key"  # a game's own link: ?shared=<id>&key=<key>
SHOWN_SEATS_ACT = "_seats_act_shown"  # (game id, value) the toggle was last set to from the store


# -- live follow -----------------------------------------------------------------------------
KEPT_LOADS = 32  # stored games kept replayed, one per (game, revision): a few per game being played


class _LastRead(threading.local):
    """Per thread: the (game, owner, revision) this thread read last (dispatch.follow reads, then loads)."""

    last: tuple[str, str | None, int | None] | None = None


class SharedLoads:
    """The store as live follow reads it: a game is replayed once per stored revision for all the screens that
    follow it, not once per screen (50 screens on a game: one replay a move, not 50).

    Each screen gets its own copy of the replayed session (its lists, setup and meta), so a tap on one screen
    never changes another's; the game states themselves are shared, as dispatch shares them between a screen's
    game and the copy a tap is tried on (states are never changed in place). A revision is never reused (an
    undo is a new revision), so a kept replay is never stale. The table view and every seat load the same
    whole game from the store: nothing here is one viewer's."""

    def __init__(self, store: Store, kept: int = KEPT_LOADS) -> None:
        self._store = store
        self._kept = kept
        self._games: OrderedDict[tuple[str, str | None, int], tuple[Session, GameRow]] = OrderedDict()
        self._lock = threading.Lock()
        self._replaying = threading.Lock()  # one replay at a time (the GIL runs one anyway)
        self._read = _LastRead()

    def revision(self, game_id: str, *, owner: str | None = None) -> int | None:
        revision = self._store.revision(game_id, owner=owner)
        self._read.last = (game_id, owner, revision)
        return revision

    def load_game(self, game_id: str, *, owner: str | None = None) -> tuple[Session, GameRow]:
        last = self._read.last
        hit = self._kept_load(last, game_id, owner)
        if hit is None:
            with self._replaying:  # two screens rerunning at once: one replay, the other waits for it
                hit = self._kept_load(last, game_id, owner)
                if hit is None:
                    hit = self._store.load_game(game_id, owner=owner)
                    with self._lock:
                        self._games[(game_id, owner, hit[1].revision)] = hit
                        while len(self._games) > self._kept:
                            self._games.popitem(last=False)
        return _own_copy(*hit)

    def _kept_load(self, last: tuple[str, str | None, int | None] | None, game_id: str,
                   owner: str | None) -> tuple[Session, GameRow] | None:
        with self._lock:
            hit = self._games.get(last) if last and last[:2] == (game_id, owner) else None
            if hit is not None:
                self._games.move_to_end(last)
        return hit


def _own_copy(session: Session, row: GameRow) -> tuple[Session, GameRow]:
    mine = replace(session, setup=copy.deepcopy(session.setup), log=list(session.log),
                   redo_stack=list(session.redo_stack), events=[list(e) for e in session.events],
                   _checkpoints=dict(session._checkpoints))
    return mine, replace(row, meta=copy.deepcopy(row.meta))


@st.cache_resource(show_spinner=False)
def _shared_loads_at(store_key: int) -> SharedLoads:
    return SharedLoads(context.shared_store())


_shared_loads = kept(_shared_loads_at)


def _load_followed(tab: Table) -> None:
    """A push rerun: the stored game, if it moved, replayed once for all its screens (context.follow_open_game,
    with the shared replays)."""
    store = context.shared_store()
    revision_watch.give_way()  # a push rerun lets a tap on another screen run first
    try:
        dispatch.follow(tab, _shared_loads(id(store)))
    except StorageUnavailableError:
        context.mark_store_down()
    except CompanionError as err:
        context.flash("error", context.error_message(err))


def _poll() -> None:
    if context.follow_open_game():
        st.rerun()  # the whole screen, with the stored game


@st.cache_resource(show_spinner=False)
def _watcher_at(interval: float) -> revision_watch.Watcher:
    """The server's one watcher (revision_watch): the screens open on games, rerun when their game moves."""
    store = context.shared_store()
    return revision_watch.start(lambda game_id, owner: store.revision(game_id, owner=owner), interval)


_watcher = kept(_watcher_at)


def follow() -> None:
    """Every screen of an open game calls this first: the stored game is loaded if another device moved it, and
    another device's later change shows within the follow interval, without a tap. On a Streamlit server the
    server pushes (a rerun of this screen when its game's stored revision moves: nothing runs while it stands
    still); elsewhere a fragment polls. Screens without a game never follow."""
    seconds = context.follow_seconds()
    if seconds and context.table() is not None and not context.store_down():
        _load_followed(context.table())  # a push rerun shows the stored game
        if context.store_down():
            st.rerun()  # the store just became unreachable: the outage message
    tab = context.table()  # after loading: the tap watch compares what this run shows
    if tab is not None:
        from .tap_watch import watch

        watch(tab)  # a tap lost in a network stall is told when the connection is back
    following = bool(seconds) and tab is not None and not context.store_down()  # down: the outage check polls
    if not following:
        unwatch()
    elif revision_watch.available():
        _watcher(seconds / 2).show(revision_watch.current_session(), tab.game_id, tab.owner, tab.revision)
    else:
        st.fragment(_poll, run_every=seconds)()


def unwatch() -> None:
    """This screen follows no game (every run of the app starts so; a game screen's follow() watches again)."""
    if revision_watch.available() and context.follow_seconds():
        _watcher(context.follow_seconds() / 2).forget(revision_watch.current_session())


# -- the table: code, link, QR, join -----------------------------------------------------------
def table_link() -> str:
    from .widgets import base_url

    return f"{base_url()}?t={context.owner()}"


def game_link(game_id: str, key: str) -> str:
    """One game's own link: follow it (and act, if the host allows); not its table's code or other games."""
    from .widgets import base_url

    return f"{base_url()}?{SHARED_GAME}={game_id}&{SHARED_KEY}={key}"


def _qr(text: str) -> bytes:
    from .widgets import qr_png

    return qr_png(text)


def _join() -> None:
    try:
        context.join_table(st.session_state.get("join_code", ""))
    except UnknownTableError as err:
        context.flash("error", context.error_message(err))
        return
    st.session_state["join_code"] = ""
    context.flash("success", tr("tables.joined", code=shown_code(context.owner())))


def _share() -> None:
    if st.session_state.get("show_table_link"):
        try:
            context.share_table()  # a table others may join is stored now (before that, only its code exists)
        except CompanionError as err:
            st.session_state["show_table_link"] = False
            context.flash("error", context.error_message(err))


def _new_table() -> None:
    try:
        context.start_table()
    except CompanionError as err:
        context.flash("error", context.error_message(err))
        return
    context.flash("success", tr("tables.started", code=shown_code(context.owner())))


def table_panel() -> None:
    """Home: this table's code, the link and QR that let another device join, joining another table."""
    code = context.owner()
    with st.expander(tr("tables.this_table", code=shown_code(code)), icon=":material/groups:"):
        st.caption(tr("tables.hint"))
        if st.toggle(tr("tables.show_link"), key="show_table_link", on_change=_share):
            st.code(table_link(), language=None, wrap_lines=True)
            st.image(_qr(table_link()), width=200)  # the screens' widgets imported when first shown
        row = st.container(horizontal=True, vertical_alignment="bottom")
        row.text_input(tr("tables.join_code"), key="join_code", max_chars=20, placeholder="XXXXX-XXXXX")
        row.button(tr("tables.join"), key="join_table", on_click=_join)
        if context.private_tables():
            st.button(tr("tables.new_table"), key="new_table", on_click=_new_table)


# -- the host's choice and the seat view ---------------------------------------------------------
def host_controls(tab: Table) -> None:
    """Table screen: may players act from their own phones (Seat screen)?

    One widget key for the game (never one per revision: a new widget per revision let a stale widget
    state flip the setting without anyone touching it); it shows the stored value, and a change stores
    the value the host chose, not "the opposite of what was shown"."""
    if context.is_guest(tab):  # a guest by a game's link: the host's choices are not theirs
        st.page_link("companion/ui/pages/seat.py", label=tr("tables.nav_seat"), icon=":material/smartphone:")
        return
    allowed = bool(tab.meta.get(SEATS_ACT))
    if st.session_state.get(SHOWN_SEATS_ACT) != (tab.game_id, allowed):  # stored elsewhere, or another game
        st.session_state[SEATS_ACT_KEY] = allowed
        st.session_state[SHOWN_SEATS_ACT] = (tab.game_id, allowed)
    st.toggle(tr("tables.seats_act"), key=SEATS_ACT_KEY, on_change=_seats_act_chosen)
    if st.toggle(tr("share.show"), key="show_game_link"):  # the hint as text: a help icon is too small to tap
        st.caption(tr("share.hint"))
        key = context.share_key(tab)
        if key is not None:
            link = game_link(tab.game_id, key)
            st.code(link, language=None, wrap_lines=True)
            st.image(_qr(link), width=200)
    st.page_link("companion/ui/pages/seat.py", label=tr("tables.nav_seat"), icon=":material/smartphone:")


def _seats_act_chosen() -> None:
    context.set_game_meta(**{SEATS_ACT: bool(st.session_state.get(SEATS_ACT_KEY))})
    st.session_state.pop(SHOWN_SEATS_ACT, None)  # the next run shows what is stored (a refused save: unchanged)


def seat_facts(tab: Table, seat: int) -> dict[str, Any]:
    """This seat's part of the engine's view: per-seat lists give their entry, a "seats" list its item."""
    view = manifest(tab.session.game.name).view(tab.session.state) or {}
    count = len(tab.session.setup.get("players", [])) or len(context.names())
    facts: dict[str, Any] = {}
    per_seat = view.get("seats") or view.get("players")
    if isinstance(per_seat, list) and seat < len(per_seat) and isinstance(per_seat[seat], dict):
        facts.update(per_seat[seat])
    for key, value in view.items():
        if key not in ("seats", "players") and isinstance(value, list) and len(value) == count:
            facts[key] = value[seat]
    return facts


def facts_table(tab: Table, facts: dict[str, Any]) -> None:
    game = tab.session.game.name
    rows = []
    for key, value in facts.items():
        label = labels.lookup([f"{game}.view.{key}", f"{game}.summary.{key}", f"ui.summary.{key}"], lang(), {})
        rows.append({tr("tables.what"): label or key.replace("_", " "), tr("tables.value"): _shown(value)})
    if rows:
        st.dataframe(rows, hide_index=True, width="stretch")


def _shown(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_shown(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_shown(v) for v in value)
    return str(value)
