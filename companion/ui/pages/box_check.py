"""Box check: compare the component facts with your own box, confirm or correct them.

Facts come from companion.core.profile.load_default(game) with their status (confirmed,
inferred, unknown). What the owner enters is stored as overrides in SQLite (status "owner")
and goes into every new game's setup; it can be exported and imported as a profile file.
"""

from __future__ import annotations

import importlib
import json
from typing import Any

import pandas as pd
import streamlit as st
import yaml

from companion.core import CompanionError
from companion.core.profile import DATA_DIR, BoxProfile, import_profile, load_default, usable_overrides
from companion.ui import context
from companion.ui.context import flash, tr

MAX_PROFILE_BYTES = 200_000


def profile_games() -> list[str]:
    return sorted(p.parent.name for p in DATA_DIR.glob("*/profile") if any(p.glob("*.yaml")))


def current_profile(game: str) -> BoxProfile:
    return load_default(game).with_overrides(context.store().box_overrides(game))


def _value_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value


def _save_value(game: str, key: str, entry_key: str) -> None:
    text = st.session_state.get(entry_key, "")
    try:
        value = yaml.safe_load(text) if text.strip() else None
    except yaml.YAMLError:
        flash("error", tr("ui.box_bad_value"))
        return
    if value is None:
        flash("error", tr("ui.box_bad_value"))
        return
    overrides = context.store().box_overrides(game)
    overrides[key] = value
    try:
        load_default(game).with_overrides(overrides)
        _game_check(game, key, value, overrides)
    except CompanionError as err:
        flash("error", context.error_message(err))
        return
    context.store().set_box_overrides(game, overrides)
    flash("success", tr("ui.box_saved", fact=key))


def _game_check(game: str, key: str, value: Any, overrides: dict[str, Any]) -> None:
    """Added for Yinzi: a game's own box-check rules beyond the profile's (e.g. exactly six exchange
    rates): `companion.<game>.boxcheck` with QUESTIONS ({"fact": ...}) and `apply_answers(answers,
    overrides)`, which raises a CompanionError for a bad answer. Games without it are not checked."""
    try:
        module = importlib.import_module(f"companion.{game}.boxcheck")
    except ImportError:
        return
    if key in {q.get("fact") for q in getattr(module, "QUESTIONS", ())}:
        module.apply_answers({key: value}, overrides)


def _confirm_default(game: str, key: str) -> None:
    overrides = context.store().box_overrides(game)
    overrides[key] = load_default(game).value(key)
    context.store().set_box_overrides(game, overrides)
    flash("success", tr("ui.box_saved", fact=key))


def _reset(game: str, key: str) -> None:
    overrides = context.store().box_overrides(game)
    overrides.pop(key, None)
    context.store().set_box_overrides(game, overrides)
    flash("info", tr("ui.box_reset_done", fact=key))


def facts_frame(profile: BoxProfile, only_open: bool) -> pd.DataFrame:
    rows = [
        {
            tr("ui.fact"): f.key,
            tr("ui.value"): _value_text(f.value),
            tr("ui.status"): tr(f"ui.status.{f.status}"),
            tr("ui.source"): f.source,
        }
        for f in profile.facts.values()
        if not (only_open and f.verified)
    ]
    return pd.DataFrame(rows)


def editor(game: str, profile: BoxProfile) -> None:
    keys = sorted(profile.facts, key=lambda k: (profile.facts[k].verified, k))
    key = st.selectbox(tr("ui.fact"), keys, key=f"box_fact_{game}")
    fact = profile.fact(key)
    st.markdown(f"**{fact.key}** · {tr('ui.status.' + fact.status)}")
    if fact.note:
        st.caption(fact.note)
    if fact.source:
        st.caption(tr("ui.source_is", source=fact.source))
    entry_key = f"box_value_{game}_{key}"
    if entry_key not in st.session_state:
        st.session_state[entry_key] = _value_text(fact.value)
    if len(st.session_state[entry_key]) > 60:  # long lists (e.g. every gift card) get room to edit
        st.text_area(tr("ui.box_value_label"), key=entry_key, height=150)
    else:
        st.text_input(tr("ui.box_value_label"), key=entry_key)
    c1, c2, c3 = st.columns(3)
    c1.button(
        tr("ui.box_save"),
        key=f"box_save_{game}",
        on_click=_save_value,
        args=(game, key, entry_key),
        type="primary",
        width="stretch",
    )
    c2.button(
        tr("ui.box_confirm"), key=f"box_confirm_{game}", on_click=_confirm_default, args=(game, key), width="stretch"
    )
    c3.button(
        tr("ui.box_reset"),
        key=f"box_reset_{game}",
        on_click=_reset,
        args=(game, key),
        disabled=fact.status != "owner",
        width="stretch",
    )


def export_import(game: str, profile: BoxProfile) -> None:
    st.download_button(
        tr("ui.box_export"),
        data=json.dumps(profile.export(), ensure_ascii=False, indent=1),
        file_name=f"{game}-box-profile.json",
        mime="application/json",
        on_click="ignore",
        key=f"box_export_{game}",
    )
    upload = st.file_uploader(tr("ui.box_import"), type=["json"], key=f"box_import_file_{game}")
    if upload is not None and st.button(tr("ui.import"), key=f"box_import_{game}"):
        raw = upload.getvalue()
        try:
            if len(raw) > MAX_PROFILE_BYTES:
                raise CompanionError("file_too_large", "This file is too large.", limit=MAX_PROFILE_BYTES)
            imported = import_profile(raw.decode("utf-8", errors="replace"), game)
        except CompanionError as err:
            st.error(context.error_message(err))
            return
        context.store().set_box_overrides(game, imported.export()["overrides"])
        flash("success", tr("ui.box_imported"))
        st.rerun()


def render() -> None:
    st.title(tr("nav.box_check"))
    st.caption(tr("ui.box_hint"))
    context.show_flash()
    games = profile_games()
    if not games:
        st.info(tr("ui.box_none"))
        return
    tab = context.table()
    preferred = tab.session.game.name if tab is not None and tab.session.game.name in games else None
    preferred = preferred or ("gugong" if "gugong" in games else games[0])
    game = st.selectbox(
        tr("ui.game"),
        games,
        index=games.index(preferred),
        format_func=context.shown_as(games, context.game_title),
        key="box_game",
    )
    try:
        profile = current_profile(game)
    except CompanionError:  # a damaged stored value: name it, offer its reset, show the rest
        good, damaged = usable_overrides(game, context.store().box_overrides(game))
        for i, err in enumerate(damaged):
            st.error(context.error_message(err))
            st.button(tr("ui.box_reset"), key=f"box_reset_damaged_{i}", on_click=_reset,
                      args=(game, err.params.get("key", "")))
        profile = load_default(game).with_overrides(good)
    open_facts = profile.unverified()
    st.metric(tr("ui.box_open"), len(open_facts), help=tr("ui.box_open_help"))
    only_open = st.toggle(tr("ui.box_only_open"), value=True, key="box_only_open")
    frame = facts_frame(profile, only_open)
    if frame.empty:
        st.success(tr("ui.box_all_checked"))
    else:
        st.dataframe(frame, hide_index=True, width="stretch", height=300)
    with st.container(border=True, key="box_editor"):
        editor(game, profile)
    with st.expander(tr("ui.box_share")):
        export_import(game, profile)


if __name__ == "__main__":
    render()
