"""Home: start a new game, resume or delete a saved one, open a resume token or a save file."""

from __future__ import annotations

import random
from datetime import datetime
from typing import Any

import streamlit as st

from companion.core import CompanionError, codec
from companion.core.registry import manifest
from companion.i18n import labels
from companion.storage import StorageUnavailableError
from companion.ui import context, live, setup_forms
from companion.ui.context import flash, lang, tr
from companion.ui.markup import plain, plain_all

TABLE_PAGE = "companion/ui/pages/table.py"
TABS = "home_tab"  # the tab shown (its label); the Open tab's content is drawn only while it is shown


def _colour_label(colour: str) -> str:
    # plain words: colour emoji show as empty boxes where no emoji font is installed
    return tr(f"ui.colour.{colour}") if colour in setup_forms.GENERIC_COLOURS else colour


@st.fragment
def new_game_form() -> None:
    """A fragment: choosing a game, a count, names, colours and options reruns this form only, not the whole
    app (the store checks, the navigation, the table panel, the saved games); Start switches page (a full run)."""
    try:
        _new_game_form()
    except StorageUnavailableError:
        if context.store_down():  # a whole run: the app's main says so (and asks again until it is back)
            raise
        context.mark_store_down()  # the form's own run found it down: the whole screen says so, as on any tap
        st.rerun()


def _new_game_form() -> None:
    games = context.available_games()
    if not games:
        st.warning(tr("ui.no_engines"))
        return
    game_name = st.selectbox(
        tr("ui.game"), games, format_func=context.shown_as(games, context.game_title), key="new_game"
    )
    game = manifest(game_name)
    overrides = context.store().box_overrides(game.box)
    low, high = game.min_players, game.max_players
    count = low  # a solo game has nothing to choose
    if high > low:
        count = setup_forms.player_count(low, high, key=f"new_{game_name}_count")
    players = _players(game_name, setup_forms.colours(game, overrides), int(count))
    options = setup_forms.game_options(game, lang(), int(count), overrides)
    who = st.radio(
        tr("ui.chance_who"),
        ["app", "table"],
        format_func=context.shown_as(["app", "table"], lambda m: tr(f"ui.chance_{m}")),
        index=0 if context.randomness() == "app" else 1,
        horizontal=True,
        key="new_randomness",
    )
    taken = _same_colour(players)
    if taken:  # each player's pieces are one colour of the box: two players cannot both have it
        st.warning(tr("table.colour_twice", colour=_colour_label(taken[0]), players=", ".join(taken[1])))
    if st.button(tr("ui.start_game"), key="start_game", type="primary", width="stretch", disabled=bool(taken)):
        _start(game_name, players, options, who, overrides)


def _players(game_name: str, colours: list[str], count: int) -> list[dict[str, str]]:
    """A name and a colour per player, one row each (also on a phone)."""
    players = []
    for i in range(count):
        row = st.container(horizontal=True, wrap=False, key=f"new_player_{i}")
        name = row.text_input(
            tr("ui.player_name", n=i + 1), value=tr("ui.default_player", n=i + 1), key=f"new_name_{i}"
        )
        colour = row.selectbox(tr("ui.colour"), colours, index=i % len(colours), key=f"new_{game_name}_colour_{i}",
                               format_func=context.shown_as(colours, _colour_label), width=150)
        players.append({"name": name.strip() or tr("ui.default_player", n=i + 1), "colour": colour})
    return players


def _start(game_name: str, players: list[dict[str, str]], options: dict[str, Any], who: str,
           overrides: dict[str, Any]) -> None:
    game = manifest(game_name)
    seed = random.SystemRandom().randrange(1, 2**31)
    setup = game.setup_for(players, options, seed)
    if overrides:  # the owner's box check (and what tables saw) travels with the game
        from companion.ui.boxcheck.owner import setup_profile  # on first use: Home draws without it

        setup["profile"] = setup_profile(game.box)
    title = f"{context.game_title(game_name)} · {', '.join(p['name'] for p in players)}"
    meta = {"colours": [p["colour"] for p in players], "randomness": who}
    try:
        context.start_game(game_name, setup, title, meta)
    except CompanionError as err:
        st.error(context.error_message(err))
        return
    st.session_state["randomness"] = who
    st.switch_page(TABLE_PAGE)


def _same_colour(players: list[dict[str, str]]) -> tuple[str, list[str]] | None:
    """The first colour chosen by two or more players, with their names; None when every colour is unique."""
    for colour in dict.fromkeys(p["colour"] for p in players):
        holders = [p["name"] for p in players if p["colour"] == colour]
        if len(holders) > 1:
            return colour, plain_all(holders)
    return None


def _resume(game_id: str) -> None:
    try:
        context.resume_game(game_id)
    except (CompanionError, KeyError) as err:
        flash(
            "error",
            tr("ui.resume_failed", reason=context.error_message(err) if isinstance(err, CompanionError) else str(err)),
        )
        return
    st.session_state["goto_table"] = True


def _delete(game_id: str) -> None:
    context.store().delete_game(game_id)
    tab = context.table()
    if tab is not None and tab.game_id == game_id:
        st.session_state.pop(context.TABLE, None)
    st.session_state.pop("confirm_delete", None)
    flash("success", tr("ui.deleted"))


def saved_games() -> None:
    rows = context.store().list_games()
    if not rows:
        st.caption(tr("ui.no_saved_games"))
        return
    confirm = st.session_state.get("confirm_delete")
    for row in rows[:30]:
        with st.container(border=True, key=f"saved_{row.id}"):
            state = tr("ui.finished") if row.over else tr("ui.in_progress")
            when = datetime.fromtimestamp(row.updated).strftime("%Y-%m-%d %H:%M")
            title = context.shown_title(row.game, row.title)
            where = labels.progress_text((row.meta or {}).get("progress"), context.lang()) if not row.over else None
            stands = plain(where) if where else tr("ui.actions_count", n=row.actions)
            st.markdown(f"**{title}**  \n{state} · {stands} · {when}")
            if row.problem:
                st.caption(tr("tables.record_damaged"))
            c1, c2 = st.columns(2)
            c1.button(tr("ui.resume"), key=f"resume_{row.id}", on_click=_resume, args=(row.id,), width="stretch")
            if confirm == row.id:
                c2.button(
                    tr("ui.confirm_delete"),
                    key=f"delete_yes_{row.id}",
                    on_click=_delete,
                    args=(row.id,),
                    type="primary",
                    width="stretch",
                )
            else:
                c2.button(
                    tr("ui.delete"),
                    key=f"delete_{row.id}",
                    width="stretch",
                    on_click=st.session_state.__setitem__,
                    args=("confirm_delete", row.id),
                )


def open_token_or_file() -> None:
    token = st.text_input(
        tr("ui.token_label"), key="token_input", placeholder=f"{codec.TOKEN_PREFIX}…",
        max_chars=codec.MAX_TOKEN_CHARS + 200,
    )
    if st.button(tr("ui.open_token"), key="open_token") and token.strip():
        try:
            context.open_token(token.strip())
        except CompanionError as err:
            st.error(context.error_message(err))
        else:
            st.switch_page(TABLE_PAGE)
    upload = st.file_uploader(tr("ui.import_save"), type=["json"], key="import_file")
    if upload is not None and st.button(tr("ui.import"), key="import_save"):
        data = upload.getvalue()
        try:
            if len(data) > codec.MAX_SAVE_BYTES:
                raise CompanionError("save_too_large", "This file is too large for a save.")
            session = codec.loads(data)
            context.adopt_session(session, title=f"{context.game_title(session.game.name)} · {upload.name}")
        except CompanionError as err:
            st.error(context.error_message(err))
        else:
            st.switch_page(TABLE_PAGE)


def render() -> None:
    if st.session_state.pop("goto_table", False):
        st.switch_page(TABLE_PAGE)
    st.title(tr("ui.home_title"))
    context.show_flash()
    tab = context.table()
    if tab is not None:
        st.info(tr("ui.open_game", title=context.shown_title(tab.session.game.name, tab.title)))
        st.page_link(TABLE_PAGE, label=tr("ui.back_to_table"), icon=":material/table_restaurant:")
    live.table_panel()
    names = [tr("ui.new_game"), tr("ui.saved_games"), tr("ui.open_token_tab")]
    new_tab, saved_tab, open_tab = st.tabs(names, key=TABS, on_change="rerun")
    with new_tab:  # always drawn: what a player typed in the form stays when they look at another tab
        new_game_form()
    with saved_tab:
        saved_games()
    if open_tab.open:  # drawn once chosen: its file field's code is the largest of Home's (issue 23, first load)
        with open_tab:
            open_token_or_file()


if __name__ == "__main__":
    render()
