"""Per-browser-session app state on top of st.session_state: language, the open game, messages.

Only small things live in session state: the language, the settings, this browser's table code,
and the open `Table` (a Session: setup + log + derived state). Everything that must survive is in
the store (SQLite, or PostgreSQL when COMPANION_DATABASE_URL is set).
"""

from __future__ import annotations

import contextlib
import importlib
import os
import secrets
from collections.abc import Callable
from typing import Any

import streamlit as st

from ..core import CompanionError, Session, codec
from ..core.registry import game_names, get_game, manifest, register
from ..core.setup import check_setup
from ..i18n import LANGUAGES, labels, t
from ..storage import (
    DamagedRowError,
    StorageError,
    StorageUnavailableError,
    Store,
    is_game_id,
    open_store,
    store_location,
)
from ..storage.ids import new_table_code
from ..storage.table import TableStore
from . import limits
from .dispatch import Command, Outcome, Table, dispatch, follow, set_meta
from .kept import kept
from .language import LANG as LANG  # the session's key, here as before (settings, tests)
from .language import browser_language as browser_language
from .language import lang  # the reader's language: its own module, so shared parts key by it without a cycle
from .markup import plain, plain_all, shown_state

TABLE = "table"
OWNER = "owner"
RANDOMNESS = "randomness"  # "app" or "table": who rolls and draws by default
FLASH = "flash"
EXTRA_GAMES_ENV = "COMPANION_EXTRA_GAMES"  # "module:attr,..." manifests of extra games (tests, development)
TABLES_ENV = "COMPANION_TABLES"  # "home": every browser at the machine's table; "private": a table per browser
TABLE_DAYS_ENV = "COMPANION_TABLE_DAYS"  # tables whose games were untouched that many days are removed (unset: never)
SEATS_ACT = "seats_act"  # game meta: may other phones act (Seat screen, a share link; the host chooses)
SHARE = "share"  # game meta: the key of the game's own share link (absent: not shared)
GUEST = "_guest"  # (game id, key): this browser opened one game by its share link, not its table
PENDING = "_table_pending"  # this browser's new table code, not stored until something is saved at it
FOLLOW_ENV = "COMPANION_FOLLOW_SECONDS"  # how often an open game checks for other devices' moves (0: never)
LOOPBACK = ("127.0.0.1", "localhost", "::1")
STORE_DOWN = "_store_down"  # this browser found the store unreachable: one message on every screen until it is back
LAST_TAP = "_last_tap"  # (game, revision shown, command) of this browser's last stored tap
LAST_MOVE_SAVED = "_last_move_saved"  # was this browser's last move stored (absent: none made yet)
OUTAGE_RETRY_SECONDS = 5  # how often a screen asks whether the store is back (the store backs off on its own)


# -- store and games ---------------------------------------------------------------------
@st.cache_resource(show_spinner=False)
def _store_at(location: str) -> Store:
    store = open_store(location)
    with contextlib.suppress(StorageError):  # never worth not starting: tried again at the next start
        store.expire_tables(idle_days=_idle_days())  # tables nobody used (empty: after a day; idle: if configured)
    return store


def _idle_days() -> float | None:
    try:
        days = float(os.environ.get(TABLE_DAYS_ENV, ""))
    except ValueError:
        return None
    return days if days > 0 else None


_WHERE_ENV = ("COMPANION_DATABASE_URL", "COMPANION_DATA_DIR", "XDG_DATA_HOME", "HOME")  # what store_location reads


def shared_store() -> Store:
    """The server's one Store (per database), shared by every browser session; found by the environment that
    decides its location."""
    return _store_where(tuple(os.environ.get(name) for name in _WHERE_ENV))


@kept
def _store_where(where: tuple[str | None, ...]) -> Store:
    return _store_at(store_location())


def private_tables() -> bool:
    """A new browser gets a table of its own, unless the server is this machine's alone (docs/deploy.md)."""
    mode = os.environ.get(TABLES_ENV, "").strip().lower()
    if mode in ("home", "private"):
        return mode == "private"
    return str(st.get_option("server.address") or "") not in LOOPBACK


def owner() -> str:
    """This browser's table code: joined by link (?t=), else a new table (private) or the home table.

    A new private table is only a code in this session until something is saved at it (_claim_table)."""
    if OWNER not in st.session_state:
        linked = st.query_params.get("t")
        code = shared_store().join_table(linked, strict=False) if linked else None
        if linked and code is None and not st.query_params.get("r"):
            flash("warning", tr("unknown_table"))
        if code is None and private_tables():
            code = new_table_code()
            st.session_state[PENDING] = code
        elif code is None:
            code = shared_store().home_table()
        st.session_state[OWNER] = code
    return st.session_state[OWNER]


def store() -> TableStore:
    """The store as this browser's table sees it: its games, settings and box corrections only."""
    code = owner()
    pending = st.session_state.get(PENDING) == code
    return TableStore(shared_store(), code, on_damage=_damaged, before_save=_claim_table if pending else None)


def _claim_table() -> None:
    """The first save at a new table stores its code (counted against this client's limit of new tables)."""
    code = st.session_state.get(PENDING)
    if code is None or code != st.session_state.get(OWNER):
        return
    limits.count("tables", client())
    shared_store().claim_table(code)
    st.session_state.pop(PENDING, None)


def share_table() -> None:
    """The host shows the table's link or QR: other devices may join it now, so it is stored."""
    _claim_table()


def client() -> str:
    """Who made a table or game, for the limits on a shared server: the request's address."""
    try:
        address = st.context.ip_address
    except Exception:  # no browser (bare mode)
        address = None
    return address if isinstance(address, str) and address else "unknown"


def _damaged(err: DamagedRowError) -> None:
    st.warning(error_message(err), icon=":material/report:")  # where the value was needed, this run


def join_table(text: str) -> None:
    """Sit down at another table (its code typed in); raises UnknownTableError if there is none."""
    _seat(shared_store().join_table(text))


def start_table() -> None:
    """A new table for the next group: a code now, stored with its first save."""
    limits.count("tables", client())
    _seat(new_table_code())
    st.session_state[PENDING] = st.session_state[OWNER]


def _seat(code: str) -> None:
    st.session_state[OWNER] = code
    st.session_state.pop(PENDING, None)
    st.session_state.pop(TABLE, None)  # the open game belongs to the table left
    st.query_params.pop("g", None)
    st.query_params["t"] = code


def follow_seconds() -> float:
    try:
        return max(0.0, float(os.environ.get(FOLLOW_ENV, "1")))
    except ValueError:
        return 1.0


def follow_open_game() -> bool:
    """The poll of an open game screen: True if the whole screen should run again (another device's change
    was loaded, or the store just became unreachable: said once, then no rerun until it is back)."""
    tab = table()
    if tab is None or store_down():
        return False
    try:
        return follow(tab, shared_store())
    except StorageUnavailableError:
        mark_store_down()
        return True
    except CompanionError as err:
        flash("error", error_message(err))
        return True


# -- the store unreachable (a database server down): said plainly, retried slowly ------------------
def store_down() -> bool:
    return bool(st.session_state.get(STORE_DOWN))


def mark_store_down() -> None:
    st.session_state[STORE_DOWN] = True


def outage_text() -> str:
    saved = st.session_state.get(LAST_MOVE_SAVED)
    return tr("outage.no_move" if saved is None else "outage.saved" if saved else "outage.not_saved")


def show_outage() -> None:
    """The one message while the store cannot be reached, and one slow check that reruns the app once it is
    back (no busy loop: the store itself backs off, so most checks cost no network at all)."""
    st.error(outage_text(), icon=":material/cloud_off:")
    st.fragment(_wait_for_store, run_every=OUTAGE_RETRY_SECONDS)()


def _wait_for_store() -> None:
    try:
        back = shared_store().reachable()
    except StorageError:  # the store could not even be opened (down since this server started)
        back = False
    if back:
        st.session_state.pop(STORE_DOWN, None)
        flash("success", tr("outage.back"))
        st.rerun()


def set_game_meta(**changes: Any) -> None:
    tab = table()
    if tab is not None:
        report(set_meta(tab, shared_store(), **changes))


def register_extra_games() -> None:
    """Games named in $COMPANION_EXTRA_GAMES; one that does not import is an error, not a missing game."""
    targets = [t.strip() for t in os.environ.get(EXTRA_GAMES_ENV, "").split(",") if t.strip()]
    for target in targets:
        module, attr = target.split(":")
        register(getattr(importlib.import_module(module), attr))


def available_games() -> list[str]:
    """Every game, in the registry's order."""
    return game_names()


# -- language ------------------------------------------------------------------------------
LETTER_REGIONS = {"us", "ca", "mx", "ph", "cl", "co", "ve"}  # where US Letter, not A4, is the usual paper


def browser_paper() -> str:
    """The paper the reader most likely has: US Letter in the countries that use it, else A4."""
    try:
        locale = (st.context.locale or "").lower()
    except Exception:  # no browser (AppTest, bare mode)
        locale = ""
    region = locale.replace("_", "-").split("-")[1] if "-" in locale.replace("_", "-") else ""
    return "letter" if region in LETTER_REGIONS else "a4"


def tr(key: str, **params: Any) -> str:
    return t(key, lang(), **params)


def shown_as(values: Any, label: Any) -> Any:
    """A format_func with the labels computed now, in this run's language.

    (A lambda calling tr later would read the language outside the script run.)
    """
    fixed = {v: label(v) for v in values}
    return lambda v: fixed.get(v, str(v))


def game_title(name: str) -> str:
    return labels.kind_label(f"ui.game.{name}", lang()) if name else ""


def shown_title(game_name: str, title: str) -> str:
    """A stored title in the current language: titles start with the game's name in the
    language the game was created in, so that prefix is swapped for today's language."""
    for code in LANGUAGES:
        prefix = labels.kind_label(f"ui.game.{game_name}", code)
        if title.startswith(prefix):
            return game_title(game_name) + plain(title[len(prefix) :])
    return plain(title)


# -- settings ------------------------------------------------------------------------------
def randomness() -> str:
    if RANDOMNESS not in st.session_state:
        value = store().setting(RANDOMNESS, "app")
        st.session_state[RANDOMNESS] = value if value in ("app", "table") else "app"
    return st.session_state[RANDOMNESS]


# -- the open game ---------------------------------------------------------------------------
def table() -> Table | None:
    return st.session_state.get(TABLE)


def state_json(tab: Table) -> dict[str, Any]:
    """The engine's to_json of the current state, computed once per state."""
    state = tab.session.state
    cached = st.session_state.get("_state_json")
    if cached is not None and cached[0] is state:
        return cached[1]
    data = tab.session.game.to_json(state)
    st.session_state["_state_json"] = (state, data)
    return data


def describer(tab: Table) -> labels.Describe | None:
    """Card ids -> values, location numbers -> names: the game's vocabulary (companion.i18n.words, bound to
    this game's setup and box profile, exactly as the printables use it). Here, below the panels that use it
    (widgets, chance), so neither has to import the other for it."""
    session = tab.session
    return labels.describer(session.game.name, session.setup, shown_state(state_json(tab)), lang())


def names() -> list[str]:
    """Seat names as screens show them: Markdown-safe (companion.ui.markup), so a name is only text. Made once per
    game state for every screen (a screen asks for them once per line it shows); each caller gets its own list."""
    from .shared_parts import per_state

    tab = table()
    if tab is None:
        return []
    return list(per_state("names", tab.game_id, tab.session.state, lambda: plain_all(seat_names())))


def seat_names() -> list[str]:
    """Seat names: the state's own list when it has one (solo adds Meng), else the setup's players."""
    tab = table()
    if tab is None:
        return []
    listed = state_json(tab).get("names")
    if isinstance(listed, list) and all(isinstance(n, str) for n in listed):
        return listed
    players = tab.session.setup.get("players", [])
    return [p if isinstance(p, str) else str(p.get("name", i + 1)) for i, p in enumerate(players)]


# the rule card of a refusal's rule (companion.ui.rule_card sets it; it imports this module): a callable that
# draws the card, or None when no card fits (then the plain reference is shown)
REFUSAL_CARD: Callable[[str], Callable[[], None] | None] | None = None


def flash(kind: str, text: str, rule: str = "") -> None:
    st.session_state[FLASH] = {"kind": kind, "text": text, "rule": rule}


def show_flash() -> None:
    msg = st.session_state.pop(FLASH, None)
    if not msg:
        return
    card = REFUSAL_CARD(msg["rule"]) if msg["kind"] == "error" and msg["rule"] and REFUSAL_CARD else None
    rule = labels.rule_reference(msg["rule"], lang()) if msg["rule"] and card is None else ""
    body = msg["text"] + (f"  \n{tr('ui.rule_ref', rule=rule)}" if rule else "")
    getattr(st, msg["kind"] if msg["kind"] in ("error", "warning", "success", "info") else "info")(body)
    if card is not None:
        card()


def report(outcome: Outcome) -> None:
    """Say what became of a change: an unreachable store is the one outage message (with "not saved")."""
    err = outcome.error
    if isinstance(err, StorageUnavailableError) and err.code == "database_unreachable":
        mark_store_down()
        if outcome.command is not None:
            st.session_state[LAST_MOVE_SAVED] = False
        return
    if outcome.ok and outcome.command is not None:
        st.session_state[LAST_MOVE_SAVED] = True
    if err is not None:
        kind = "warning" if err.code in ("stale_action", "stale_revision") else "error"
        flash(kind, error_message(err), labels.rule_text(err))


def on_command(command: Command, shown_version: int) -> None:
    """Button callback: every change of the open game goes through here into `dispatch`."""
    tab = table()
    if tab is None:
        flash("warning", tr("ui.no_game"))
        return
    st.session_state.pop("confirm_undo", None)
    if is_guest(tab) and not tab.meta.get(SEATS_ACT):
        flash("warning", tr("share.host_only"))  # a game's link follows; it acts only if the host allows
        return
    tap = (tab.game_id, shown_version, repr(command))
    if st.session_state.get(LAST_TAP) == tap:
        return  # the same tap delivered again (a rerun re-sent its click): it was stored, nothing more to say
    outcome = dispatch(tab, command, shown_version, shared_store())
    if outcome.ok:
        st.session_state[LAST_TAP] = tap
    report(outcome)


def open_shared(game_id: str, key: str) -> Table:
    """A game's own link: this game only, followed live; its table (code, other games, Delete) stays the host's.
    The Table has no owner, so nothing on this browser's screens names the host's table."""
    session, row = shared_store().load_shared(game_id, key)
    tab = Table(row.id, session, row.title, row.meta, owner=None, revision=row.revision)
    open_table(tab)
    st.session_state[GUEST] = (game_id, key)
    return tab


def is_guest(tab: Table | None = None) -> bool:
    tab = tab or table()
    guest = st.session_state.get(GUEST)
    return tab is not None and tab.owner is None and guest is not None and guest[0] == tab.game_id


def share_key(tab: Table) -> str | None:
    """The key of this game's own link, made (a setting of the game) the first time the host asks."""
    if not isinstance(tab.meta.get(SHARE), str):
        report(set_meta(tab, shared_store(), **{SHARE: secrets.token_urlsafe(12)}))
    key = tab.meta.get(SHARE)
    return key if isinstance(key, str) else None


def open_table(tab: Table) -> None:
    st.session_state[TABLE] = tab
    st.session_state.pop("confirm_undo", None)


def start_game(game_name: str, setup: dict[str, Any], title: str, meta: dict[str, Any]) -> Table:
    """Create, autosave and open a new game; raises CompanionError (SetupError) if the setup is refused."""
    check_setup(manifest(game_name), setup)  # names, seed and box values as every game checks them
    session = Session.new(get_game(game_name), setup)
    return _open_new(session, title, meta)


def _open_new(session: Session, title: str, meta: dict[str, Any]) -> Table:
    if private_tables():  # a shared server: a client makes only so many games an hour
        limits.count("games", client())
    row = store().create_game(session, title, meta)  # the server makes the id
    tab = Table(row.id, session, row.title, row.meta, owner=row.owner, revision=row.revision)
    open_table(tab)
    return tab


def resume_game(game_id: str) -> Table:
    session, row = store().load_game(game_id)
    tab = Table(row.id, session, row.title, row.meta, owner=row.owner, revision=row.revision)
    open_table(tab)
    return tab


def adopt_session(session: Session, title: str = "") -> Table:
    """Store (as a new game of this table) and open a game that arrived as a save file or token."""
    return _open_new(session, title or game_title(session.game.name), {})


def open_token(token: str, game_id: str | None = None) -> Table:
    """A resume token (or link). If this table already has the game with at least that much log, use it."""
    session = codec.from_token(token)
    if is_game_id(game_id) and store().has_game(game_id):
        tab = resume_game(game_id)
        if tab.session.game.name == session.game.name and tab.session.log[: len(session.log)] == session.log:
            return tab
    return adopt_session(session)


def error_message(err: CompanionError) -> str:
    """The refusal in the player's words; Markdown-safe, as it may quote what was typed or loaded."""
    return plain(labels.error_text(err, lang(), seat_names()))
