"""Reusable screen parts: the turn banner, the decision panel, undo/redo, the event log,
board views, score tables, and the resume link with its QR code. Each part reads the open
game and sends changes only through `context.on_command`.
"""

from __future__ import annotations

import functools
import io
import json
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import streamlit as st

from ..core import CompanionError, Decision, ScoreSheet, codec
from ..core.registry import manifest
from ..core.validate import parse_action
from ..i18n import labels, t
from . import folds, on_table, shared_parts
from .chance import chance_heading, chance_panel
from .choosers import CHOOSERS, Ask
from .context import describer, error_message, flash, lang, names, on_command, shown_as, table, tr
from .context import randomness as context_randomness
from .context import store as context_store
from .dispatch import REDO, UNDO, Table
from .folds import fold
from .markup import plain, plain_all, shown_state
from .picking import select_and_confirm
from .rule_card import decision_rule
from .setup_forms import player_count  # noqa: F401  (Home's form; kept here for the other screens)

if TYPE_CHECKING:
    import pandas as pd

MAX_BUTTONS = 8  # more options than this become a select box with a confirm button


# -- banner --------------------------------------------------------------------------------
def summary_chips(tab: Table) -> list[str]:
    """The engine's summary (day, phase, ...) as short translated texts; untranslated keys are left out (made once
    per state and language for every screen)."""
    return per_state("chips", tab, lambda: _summary_chips(tab))


def _summary_chips(tab: Table) -> list[str]:
    game = tab.session.game
    decision = tab.session.decision
    language, players = lang(), names()
    describe = describer(tab)  # added for Dragon: the board view names codes (a phase, an event) in words
    chips = []
    asked = set(decision.kind.rsplit(".", 1)[-1].split("_")) if decision is not None else set()
    for key, value in game.summary(tab.session.state).items():
        if isinstance(value, dict | list) or (decision is not None and value == decision.kind):
            continue  # tables belong to the board view; the pending question is shown below
        if key.split("_")[0] in asked:
            continue  # what the pending question is deciding (who starts) is not stated as fact above it
        shown = describe({key: value}).get(key, value) if describe is not None else value
        if shown is None:
            continue  # added for Dragon: nothing to show yet (no month, no event during the setup)
        shown = plain(shown) if isinstance(shown, str) else shown  # a summary may name a player
        text = labels.lookup(
            [f"{game.name}.summary.{key}", f"ui.summary.{key}"],
            language,
            labels.with_names({"value": shown}, players, language),
        )
        if text:  # only what a catalog names: the banner stays one glance long
            chips.append(text)
    return chips


def chance_mode(tab: Table) -> str:
    """Who rolls and draws now: the chance panel's choice for this step, else the table's last one, else the
    game's or the settings' default (the same order the chance panel reads them in)."""
    state = st.session_state
    return (state.get(f"chance_mode_{tab.session.version}") or state.get(f"_chance_mode_{tab.game_id}")
            or tab.meta.get("randomness") or context_randomness())


def _name(players: list[str], seat: int) -> str:
    return players[seat] if 0 <= seat < len(players) else str(seat + 1)


def turn_text(decision: Decision | None, mode: str = "table", owner: int | None = None) -> str:
    """Whose turn it is; when another player answers a question inside that turn, also whose question it is."""
    if decision is None:
        return tr("ui.game_over")
    if decision.is_chance:
        return tr("table.banner.app_turn" if mode == "app" and not decision.hidden else "ui.table_turn")
    players = names()
    who = _name(players, decision.player)
    if owner is not None and owner != decision.player:
        params = {"player": _name(players, owner), "other": who}
        return labels.lookup([f"a11y.banner.for.{decision.kind}", "a11y.banner.for"], lang(), params) or who
    return tr("ui.players_turn", player=who)


def banner(tab: Table) -> None:
    decision = tab.session.decision
    owner = game_view(tab).get("turn")  # whose turn it is: the engine's view says (a benefit inside it too)
    parts = [*summary_chips(tab), turn_text(decision, chance_mode(tab), owner)]
    st.subheader(" · ".join(parts))


# -- the decision ------------------------------------------------------------------------------
def _manual_entry(entry_key: str, version: int) -> None:
    text = (st.session_state.get(entry_key) or "").strip()
    tab = table()
    decision = tab.session.decision if tab is not None else None
    try:  # the safe reader: size, depth and numbers bounded; the move shaped like one of the options
        action = parse_action(text, decision.options if decision is not None else None)
    except CompanionError as err:
        flash("error", error_message(err))
        return
    on_command(action, version)


def decision_panel(tab: Table) -> None:
    session = tab.session
    decision = session.decision
    version, shown = session.version, tab.revision  # widget keys; what a tap carries
    game = session.game.name
    if decision is None:
        st.success(tr("ui.game_over_hint"))
        if st.button(tr("table_moves.to_score"), key="to_score", type="primary", width="stretch",
                     icon=":material/scoreboard:"):
            st.switch_page("companion/ui/pages/score.py")  # one tap from the last step to the final score
        return
    describe = describer(tab)
    language, players = lang(), names()
    heading = st.empty()  # a run of steps on one screen (ui/table_entry) puts its open step's question here
    question = per_state("question", tab, lambda: labels.kind_label(decision.kind, language, decision.params,
                                                                     players, describe))
    heading.markdown(f"**{question}**")
    chance_heading.set(heading)
    decision_rule(decision)  # one tap opens the step's rule card (issue 21)
    option_labels = per_state("option_labels", tab, lambda: [
        labels.option_label(game, decision, o, language, players, describe) for o in decision.options], language)
    chooser = CHOOSERS.get(game)
    ask = Ask(tab, decision, option_labels, game_view(tab), language, players, version,
              lambda option: on_command(option, shown))
    if chooser is not None and chooser(ask):
        pass  # the game's own chooser drew the options; typing a move in by hand stays possible below
    elif decision.is_chance:
        chance_panel(tab, decision, option_labels, version)
    elif len(decision.options) <= MAX_BUTTONS:
        for i, (option, label) in enumerate(zip(decision.options, option_labels, strict=True)):
            st.button(
                label,
                key=f"opt_{version}_{i}",
                on_click=on_command,
                args=(option, shown),
                width="stretch",
                type="primary" if i == 0 else "secondary",
            )
    else:
        select_and_confirm(decision, option_labels, version, "ui.confirm", shown)
    with folds.closed(tr("ui.manual_entry"), "manual_fold") as drawn:
        if drawn:
            st.caption(tr("ui.manual_hint"))
            key = f"manual_{version}"
            st.text_input(tr("ui.manual_label"), key=key, placeholder='{"type": "..."}')
            st.button(tr("ui.manual_send"), key=f"manual_send_{version}", on_click=_manual_entry, args=(key, shown))


# -- undo / redo ---------------------------------------------------------------------------------
def _ask_undo(version: int) -> None:
    st.session_state["confirm_undo"] = version


def undo_bar(tab: Table) -> None:
    session = tab.session
    version = session.version
    put_back = on_table.undo_preview(tab)
    if st.session_state.get("confirm_undo") == version:
        st.warning(tr("ui.undo_hidden_warning"))
        if put_back:
            st.markdown("\n".join(f"- {text}" for text in put_back))
        c1, c2 = st.columns(2)
        c1.button(tr("ui.undo_yes"), key=f"undo_yes_{version}", on_click=on_command, args=(UNDO, tab.revision))
        c2.button(tr("ui.cancel"), key=f"undo_no_{version}", on_click=st.session_state.pop, args=("confirm_undo",))
        return
    bar = st.container(horizontal=True, key="undo_bar")  # stays one row on a phone
    c1 = c2 = bar
    hidden = bool(session.log) and per_state("undo_hidden", tab, session.last_action_was_chance)  # a short replay
    c1.button(
        tr("ui.undo"),
        key=f"undo_{version}",
        on_click=_ask_undo if hidden else on_command,
        args=(version,) if hidden else (UNDO, tab.revision),
        disabled=not session.log,
        width="stretch",
        icon=":material/undo:",
    )
    c2.button(
        tr("ui.redo"),
        key=f"redo_{version}",
        on_click=on_command,
        args=(REDO, tab.revision),
        disabled=not session.redo_stack,
        width="stretch",
        icon=":material/redo:",
    )
    if put_back:
        with folds.closed(tr("table.do.undo_preview"), "undo_preview_fold", ":material/undo:") as drawn:
            if drawn:
                st.markdown("\n".join(f"- {text}" for text in put_back))


# -- event log ---------------------------------------------------------------------------------------
LOG_PAGE = 15  # steps per page of the log


def log_entry(tab: Table, n: int, language: str, players: list[str], describe: labels.Describe | None) -> list[str]:
    """Step n (0-based) of the log in words: one text per event, or the action itself when it had none."""
    session = tab.session
    events = session.events[n]
    if events:
        return [labels.event_text(e, language, players, describe) for e in events]
    return [labels.action_text(session.game.name, session.log[n], language, players, describe)]


def log_page(tab: Table, page: int, size: int = LOG_PAGE) -> list[tuple[int, list[str]]]:
    """Page `page` (0: the first steps) of the log, oldest first: (step number from 1, its texts)."""
    describe = describer(tab)
    language, players = lang(), names()
    first = page * size
    last = min(len(tab.session.log), first + size)
    return [(n + 1, log_entry(tab, n, language, players, describe)) for n in range(first, last)]


def log_lines(tab: Table, limit: int | None = None) -> list[str]:
    """Every step, oldest first, numbered once: "12. first event; second event" (`limit`: the last ones)."""
    steps = len(tab.session.log)
    first = 0 if limit is None else max(0, steps - limit)
    describe = describer(tab)
    language, players = lang(), names()
    return [f"{n + 1}. " + "; ".join(log_entry(tab, n, language, players, describe)) for n in range(first, steps)]


def _entry_markdown(number: int, texts: list[str]) -> str:
    # "1\\." is escaped, or Markdown would start a numbered list; the step's further events indented below
    head = f"{number}\\. {texts[0]}"
    return "  \n".join([head, *(f"&nbsp;&nbsp;&nbsp;&nbsp;{text}" for text in texts[1:])])


def event_log(tab: Table) -> None:
    if folds.is_phone():
        with fold(tr("ui.event_log"), "log_fold", ":material/history:") as box:
            if box.open:
                _event_log(tab)
        return
    st.markdown(f"**{tr('ui.event_log')}**")
    _event_log(tab)


def _event_log(tab: Table) -> None:
    steps = len(tab.session.log)
    if not steps:
        st.caption(tr("ui.log_empty"))
        return
    pages = (steps + LOG_PAGE - 1) // LOG_PAGE
    page = pages - 1
    if pages > 1:  # the newest page first; every earlier step one choice away
        names = {str(p): tr("table.log.page", first=p * LOG_PAGE + 1, last=min(steps, (p + 1) * LOG_PAGE))
                 for p in range(pages - 1, -1, -1)}
        chosen = st.selectbox(tr("table.log.pages"), list(names), format_func=shown_as(names, names.get),
                              key=f"log_page_{steps}")  # a new step shows the newest page again
        page = int(chosen) if str(chosen).isdigit() and int(chosen) < pages else pages - 1
    box = st.container(key="event_log")  # a page at full length: its newest step is never scrolled away
    entries = per_state("log", tab, lambda: [_entry_markdown(n, t) for n, t in log_page(tab, page)], page, lang())
    box.markdown("\n\n".join(entries))


# -- board views -------------------------------------------------------------------------------------
def game_view(tab: Table) -> dict[str, Any]:
    """The engine's view of the open game (manifest.view), computed once per state."""
    state = tab.session.state
    return per_state("view", tab, lambda: manifest(tab.session.game.name).view(state))  # the whole table's view


def board(tab: Table) -> None:
    """The board view; on a phone in a fold drawn only while open (a tap redraws less)."""
    if folds.is_phone():
        with fold(tr("table.board_fold"), "board_fold", ":material/grid_view:") as box:
            if box.open:
                _board(tab)
        return
    _board(tab)


def _board(tab: Table) -> None:
    from .boards import BOARDS  # here: the boards (and pandas) are imported when a game is first shown

    name = tab.session.game.name
    render = BOARDS.get(name)
    if render is not None:
        render(per_state("board_view", tab, lambda: shown_state(game_view(tab))), lang())  # one view object a state
        return
    with st.expander(tr("ui.state_raw"), expanded=False):
        st.json(game_view(tab), expanded=1)


# -- scores ------------------------------------------------------------------------------------------
def score_frame(sheet: ScoreSheet, game: str, marked: set[tuple[int, int]] | None = None) -> pd.DataFrame:
    """Rows in the rulebook's order, one column per player, then the total.

    `marked` (row, player) values come from an unverified box-profile fact and carry the placeholder mark."""
    columns = labels.unique_names(plain_all(sheet.players))  # st.table renders Markdown in its headers
    mark = labels.placeholder_mark(game)
    data = [
        [labels.number(v) + (mark if (r, i) in (marked or ()) else "") for i, v in enumerate(row.values)]
        for r, row in enumerate(sheet.rows)
    ]
    index = [labels.row_label(game, row.code, lang(), **row.params) for row in sheet.rows]
    data.append([labels.number(v) for v in sheet.totals])
    index.append(tr("ui.total"))
    if not all(sheet.eligible):
        data.append([tr("ui.yes") if e else tr("ui.no") for e in sheet.eligible])
        index.append(tr("ui.eligible"))
    import pandas as pd  # here: Home and the first screen need no pandas

    frame = pd.DataFrame(data, index=index, columns=columns)
    frame.index.name = tr("a11y.score.rows")  # the row headers' own header: no empty header cell (WCAG 1.3.1)
    return frame


def score_sheet(sheet: ScoreSheet, game: str, setup: dict[str, Any] | None = None) -> None:
    """The sheet; `setup` is the game's (its box profile decides which values are placeholders)."""
    st.caption(tr("ui.score_final") if sheet.final else tr("ui.score_live"))
    marked = labels.placeholder_cells(game, sheet, setup)
    st.table(score_frame(sheet, game, marked))
    if marked and labels.marks_shown():
        st.caption(labels.placeholder_legend_text(game, lang()))
    players = plain_all(sheet.players)
    if sheet.winners:
        who = ", ".join(players[i] for i in labels.top_players(sheet))
        key = "ui.winner" if len(sheet.winners) == 1 else "ui.winners_shared"
        (st.success if sheet.final else st.info)(tr(key if sheet.final else "ui.leading", players=who))
    else:
        st.warning(tr("ui.no_winner"))
    if sheet.tiebreak:  # the engine's own words may name players: the whole line is made text
        st.caption(plain(labels.tiebreak_text(game, sheet.tiebreak, lang(), sheet.players)))  # a whole sentence
    for note in sheet.notes:
        st.caption(plain(labels.note_text(game, note, lang(), sheet.players, final=sheet.final)))


# -- unverified facts -----------------------------------------------------------------------------
HIDDEN_NOTICES = "_unverified_hidden"  # game ids (or screen names) whose notice the reader dismissed
HIDDEN_SETTING = "unverified_hidden"  # the same ids kept in the table's settings: a reload keeps them hidden
HIDDEN_KEPT = 200  # the newest ids kept: a settings row stays small


def still_open(game: str, setup: dict[str, Any] | None, keys: list[str]) -> list[str]:
    """The facts among `keys` this game's box profile (default + the owner's box check) has not verified; a fact
    a table saw only in part ("partly") is still open."""
    profile = (setup or {}).get("profile") or {}
    try:
        verified = _verified_facts(game, json.dumps({k: profile.get(k) or [] for k in ("seen", "partly")} | {
            "overrides": profile.get("overrides") or {}}, sort_keys=True, default=str))
    except (CompanionError, KeyError, ValueError, OSError, TypeError, AttributeError):
        return keys
    return [k for k in keys if k not in verified]


@functools.lru_cache(maxsize=64)
def _verified_facts(game: str, stored: str) -> frozenset[str]:
    """The verified facts of a game's box profile ({"overrides", "seen", "partly"}): read once (not on every tap)."""
    from ..core.profile import load_default

    profile = load_default(manifest(game).box)
    doc = json.loads(stored)
    if doc["overrides"]:
        profile = profile.with_overrides(doc["overrides"], set(doc["seen"]), set(doc["partly"]))
    return frozenset(k for k in profile.facts if profile.fact(k).verified)


def fact_names(box: str, facts: list[str]) -> list[str]:
    """The facts' names for a sentence; a fact a table saw in part says how much of it (core.seen_items).
    Made once per stored profile and language: the stored values are read (cheap), the profile is not rebuilt."""
    from .boxcheck import owner

    try:
        store = context_store()  # once: each call opens the table's view of the store
        stored = json.dumps([store.box_overrides(box), *(store.setting(key(box), None) for key in (
            owner.seen_setting, owner.partly_setting, owner.proofs_setting))], sort_keys=True, default=str)
    except (CompanionError, ValueError, OSError, TypeError):
        stored = ""  # unreadable: the names without what was seen of them
    return list(_fact_names(box, tuple(facts), lang(), stored))


@functools.lru_cache(maxsize=64)
def _fact_names(box: str, facts: tuple[str, ...], language: str, stored: str) -> tuple[str, ...]:
    """fact_names for the stored profile `stored` ([overrides, seen, partly, proofs] as JSON, "" unreadable)."""
    from ..core import seen_items
    from ..core.profile import load_default, usable_overrides

    profile, proofs = None, {}
    try:
        overrides, seen, partly, found = json.loads(stored)
        good, _damaged = usable_overrides(box, overrides if isinstance(overrides, dict) else {})
        seen = {k for k in (seen if isinstance(seen, list) else []) if isinstance(k, str) and k in good}
        partly = {k for k in (partly if isinstance(partly, list) else []) if isinstance(k, str) and k in good
                  and k not in seen}
        profile = load_default(box).with_overrides(good, seen, partly)
        proofs = found if isinstance(found, dict) else {}
    except (CompanionError, ValueError, OSError, TypeError, AttributeError):
        profile = None
    out = []
    for k in facts:
        name = labels.fact_name(box, k, language).rstrip("?")  # not questions
        part = None
        if profile is not None and k in profile.facts and profile.fact(k).status == "partly":
            part = seen_items.coverage(box, k, profile.value(k), proofs.get(k))
        out.append(t("seen_items.partly_name", language, name=name, seen=part[0], total=part[1]) if part else name)
    return tuple(dict.fromkeys(out))


def per_state(name: str, tab: Table, make: Any, *extra: Any) -> Any:
    """`make()` once per game state (and `extra`, e.g. a log page) for every screen of this server process: a
    rerun that changed nothing computes nothing again, and 50 screens following a game compute it once a move
    (shared_parts: also keyed by the language, the marks setting and the viewer; values are never changed)."""
    return shared_parts.per_state(name, tab.game_id, tab.session.state, make, *extra)


def screen_facts(tab: Table) -> list[str]:
    """The unverified facts the Table screen rests on: what its log, question and board show (once a state)."""
    return per_state("facts", tab, lambda: _screen_facts(tab))


def _screen_facts(tab: Table) -> list[str]:
    session, view = tab.session, game_view(tab)
    keys = labels.facts_in([e.params for events in session.events for e in events])
    keys += decision_facts(tab)
    keys += [f["fact"] for f in view.get("unverified", []) if isinstance(f, dict) and f.get("shown")]
    keys += list(manifest(session.game.name).board_facts)
    return still_open(session.game.name, session.setup, list(dict.fromkeys(keys)))


def decision_facts(tab: Table) -> list[str]:
    """The box facts the pending question rests on: its parameters and options, and for a draw of the
    table's the facts its copies left are counted from (the manifest's chance_facts)."""
    decision = tab.session.decision
    if decision is None:
        return []
    keys = labels.facts_in([decision.params, *decision.options])
    if decision.is_chance:
        keys += list(manifest(tab.session.game.name).chance_facts.get(decision.kind, ()))
    return keys


def _hidden_notices() -> list[str]:
    """The dismissed notices: read from the table's settings once per browser session (a setting, not a
    revision of the game: hiding a notice never makes another device's move stale)."""
    if HIDDEN_NOTICES not in st.session_state:
        kept = context_store().setting(HIDDEN_SETTING, [])
        st.session_state[HIDDEN_NOTICES] = [i for i in kept if isinstance(i, str)] if isinstance(kept, list) else []
    return st.session_state[HIDDEN_NOTICES]


def _hide_notice(ident: str) -> None:
    hidden = [i for i in _hidden_notices() if i != ident] + [ident]
    st.session_state[HIDDEN_NOTICES] = hidden[-HIDDEN_KEPT:]
    try:
        context_store().set_setting(HIDDEN_SETTING, st.session_state[HIDDEN_NOTICES])
    except CompanionError as err:  # not kept: hidden for this session only, and said so
        flash("warning", error_message(err))


def unverified_notice(game: str, ident: str, facts: list[str]) -> None:
    """One notice per screen: which box facts are still guesses, where to check them, and a way to hide it
    (for this game, kept in the table's settings)."""
    if not facts or ident in _hidden_notices():
        return
    names = fact_names(manifest(game).box, facts)
    listed = labels.names_in_sentence(names, lang())
    with st.container(border=True, key="unverified_notice"):
        st.markdown(f":material/help: {tr('table.unverified', n=len(names), facts=listed)}")
        # a phone stacks the two anyway: there they follow the text without a row of their own (one element less)
        row = st if folds.is_phone() else st.container(horizontal=True, vertical_alignment="center")
        row.page_link("companion/ui/pages/box_check.py", label=tr("table.unverified_check", n=len(names)),
                      icon=":material/inventory_2:")
        row.button(tr("table.unverified_hide"), key=f"hide_unverified_{ident}", on_click=_hide_notice, args=(ident,),
                   icon=":material/close:")


# -- resume link and QR --------------------------------------------------------------------------------
def base_url() -> str:
    try:
        url = st.context.url or ""
    except Exception:
        url = ""
    parts = urlsplit(url)
    if not parts.scheme:
        return "http://localhost:8501/"
    return f"{parts.scheme}://{parts.netloc}/"


def resume_link(tab: Table) -> str:
    state = tab.session.state
    cached = st.session_state.get("_resume_token")
    if cached is None or cached[0] is not state:  # the token replays the log: compute it once per state
        cached = (state, codec.to_token(tab.session))
        st.session_state["_resume_token"] = cached
    table_code = f"t={tab.owner}&" if tab.owner else ""  # another device joins this table and this game
    return f"{base_url()}?{table_code}g={tab.game_id}&r={cached[1]}"


@st.cache_data(max_entries=32, show_spinner=False)
def qr_png(text: str) -> bytes:
    import qrcode

    # a fixed mask skips the search for the best of 8 masks (most of the time); any mask scans
    img = qrcode.make(text, border=2, error_correction=qrcode.constants.ERROR_CORRECT_L, mask_pattern=0)
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def resume_panel(tab: Table) -> None:
    with folds.closed(tr("ui.resume_and_save"), "resume_fold") as drawn:
        if drawn:
            _resume_body(tab)


def _resume_body(tab: Table) -> None:
    """How to continue on another device (a link and QR code, made when asked) and the save file."""
    st.caption(tr("ui.resume_hint"))
    # built on demand: the token replays the log and the QR code takes ~0.1 s to draw
    if st.toggle(tr("ui.show_resume"), key="show_resume"):
        link = resume_link(tab)
        st.code(link, language=None, wrap_lines=True)
        st.image(qr_png(link), width=220)
    st.download_button(
        tr("ui.download_save"),
        data=lambda session=tab.session: codec.dumps(session),  # made when tapped, not on every run
        file_name=f"{tab.session.game.name}-{tab.game_id}.json",
        mime="application/json",
        key="download_save",
        on_click="ignore",
        icon=":material/download:",
    )


def require_table() -> Table | None:
    tab = table()
    if tab is None:
        st.info(tr("ui.no_game"))
        st.page_link("companion/ui/pages/home.py", label=tr("nav.home"), icon=":material/home:")
    return tab
