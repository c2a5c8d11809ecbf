"""Box check, guided: each component of the box as a short form in the reader's language, never JSON.

The facts and their order are the printed box-check sheet's (companion.pdf.boxform), so the sheet filled in
with the box open can be typed in field by field. Each fact shows its status, where its value came from,
"My box agrees" (keep the shown value as checked), the form, and Save (checked first: the fact's schema,
the profile's consistency checks and the game's own setup check, with the reason in words) and Reset.
What a table saw in the open game can be recorded once as "seen at the table" (asked once per game, here
and on the Table screen when the game has ended). Profiles travel as a
file or a QR code; the Meng calibration can be rerun on the owner's profile.
"""

from __future__ import annotations

import io
import json
from typing import Any

import streamlit as st

from companion.core import CompanionError
from companion.core.profile import (
    DATA_DIR,
    TABLE,
    BoxProfile,
    fact_schema,
    load_default,
    rule_counts,
    usable_overrides,
)
from companion.core.registry import game_names, manifest
from companion.i18n import labels
from companion.pdf import boxform
from companion.ui import context
from companion.ui.boxcheck import forms, owner, seen
from companion.ui.context import flash, tr

MAX_PROFILE_BYTES = 200_000
PLAYERS = ["A", "B", "C", "D", "E"]


def profile_games() -> list[str]:
    return sorted(p.parent.name for p in DATA_DIR.glob("*/profile") if any(p.glob("*.yaml")))


def current_profile(game: str) -> BoxProfile:
    return owner.profile(game)


def check(game: str, overrides: dict[str, Any], seen: list[str], changed: str = "") -> None:
    """Refuse a profile a game of this box could not be set up with, or a `changed` fact whose count the rules
    fix (CompanionError with the reason)."""
    profile = load_default(game).with_overrides(overrides, set(seen))
    if changed:
        rule_counts(game, {k: f.value for k, f in profile.facts.items()}, {changed})
    for name in game_names():
        m = manifest(name)
        if m.box == game:
            players = PLAYERS[: max(m.min_players, 2) if m.max_players > 1 else 1]
            m.engine.normalize_setup({"players": players, "profile": {"overrides": overrides}})


def _form_key(game: str, key: str) -> str:
    """The form's widget keys: a new generation after "My box agrees" or "Back to default", so the fields show the
    stored value (a browser keeps a typed value in a widget whose state was only deleted)."""
    generation = st.session_state.get(f"_boxf_gen_{game}_{key}", 0)
    return f"boxf_{game}_{key}" if not generation else f"boxf{generation}_{game}_{key}"


def _fresh_form(game: str, key: str) -> None:
    for k in [k for k in st.session_state if str(k).startswith(_form_key(game, key))]:
        del st.session_state[k]
    st.session_state[f"_boxf_gen_{game}_{key}"] = st.session_state.get(f"_boxf_gen_{game}_{key}", 0) + 1


def _save(game: str, key: str, value: Any, agreed: bool = False) -> None:
    stored = owner.profile(game)
    overrides = {k: f.value for k, f in stored.facts.items() if f.status in TABLE}
    overrides[key] = value
    seen = [k for k in stored.seen_keys() if k != key]
    partly = [k for k in stored.partly_keys() if k != key]
    try:
        check(game, overrides, seen, key)
    except CompanionError as err:
        flash("error", tr("box.refused", fact=boxform.label(game, key, context.lang()),
                          reason=context.error_message(err)))
        return
    owner.save(game, overrides, seen, partly, forget=key)
    if agreed:  # the form shows the stored value again, not what was typed before
        _fresh_form(game, key)
    flash("success", tr("ui.box_saved", fact=boxform.label(game, key, context.lang())))


def _reset(game: str, key: str) -> None:
    stored = owner.profile(game)
    overrides = {k: f.value for k, f in stored.facts.items() if f.status in TABLE and k != key}
    owner.save(game, overrides, [k for k in stored.seen_keys() if k != key],
               [k for k in stored.partly_keys() if k != key], forget=key)
    _fresh_form(game, key)
    flash("info", tr("ui.box_reset_done", fact=boxform.label(game, key, context.lang())))


def fact_panel(game: str, profile: BoxProfile, key: str) -> None:
    fact = profile.fact(key)
    name = boxform.label(game, key, context.lang())
    st.markdown(f"**{name}** · {tr('ui.status.' + fact.status)}")
    source = labels.fact_source(fact.source, context.lang())
    if source:
        st.caption(tr("ui.source_is", source=source))
    entered = forms.edit(game, key, fact.value, fact_schema(game, key), _form_key(game, key))
    if key == "gift_cards":  # the running count the census must reach
        total = int(profile.value("gift_card_count"))
        show = st.success if len(entered) == total else st.warning
        show(tr("box.cards_count", n=len(entered), total=total))
    c1, c2, c3 = st.columns(3)
    if c1.button(tr("ui.box_save"), key=f"box_save_{game}_{key}", type="primary", width="stretch"):
        _save(game, key, entered)  # in this run: `entered` is what the form holds now
        st.rerun()
    c2.button(tr("box.agrees"), key=f"box_agree_{game}_{key}", on_click=_save, args=(game, key, fact.value, True),
              width="stretch", help=tr("box.agrees_help"))
    c3.button(tr("ui.box_reset"), key=f"box_reset_{game}_{key}", on_click=_reset, args=(game, key),
              disabled=fact.status not in TABLE, width="stretch")


def seen_at_the_table(game: str) -> None:
    """Offer once per game to record what its table entered beyond the profile (companion.ui.boxcheck.seen)."""
    tab = context.table()
    if tab is not None and manifest(tab.session.game.name).box == game:
        seen.offer(tab, "box.seen_offer", "box_seen")


def share(game: str, profile: BoxProfile) -> None:
    exported = json.dumps(owner.export_doc(game), ensure_ascii=False, separators=(",", ":"))
    st.download_button(tr("ui.box_export"), data=exported, file_name=f"{game}-box-profile.json",
                       mime="application/json", on_click="ignore", key=f"box_export_{game}")
    _qr(exported)
    upload = st.file_uploader(tr("ui.box_import"), type=["json"], key=f"box_import_file_{game}")
    if upload is not None and st.button(tr("ui.import"), key=f"box_import_{game}"):
        raw = upload.getvalue()
        try:
            if len(raw) > MAX_PROFILE_BYTES:
                raise CompanionError("file_too_large", "This file is too large.", limit=MAX_PROFILE_BYTES)
            owner.import_doc(game, raw.decode("utf-8", errors="replace"))
        except CompanionError as err:
            st.error(context.error_message(err))
            return
        flash("success", tr("ui.box_imported"))
        st.rerun()
    if game == "gugong":
        st.caption(tr("box.calibrate"))
        st.code(f"python -m companion simulate gugong-solo --profile {game}-box-profile.json --games 200",
                language="bash")


def _qr(text: str) -> None:
    """The exported profile as a QR code (when it fits one), for another phone at the club."""
    try:
        import qrcode

        image = qrcode.make(text, error_correction=qrcode.constants.ERROR_CORRECT_L)
    except (ImportError, ValueError, qrcode.exceptions.DataOverflowError):
        st.caption(tr("box.qr_too_long"))
        return
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    st.image(buffer.getvalue(), caption=tr("box.qr"), width=220)


def _remember(game: str) -> None:
    st.session_state[f"box_picked_{game}"] = st.session_state.get(f"box_fact_{game}")


def _keep_place(game: str, keys: list[str]) -> None:
    """The part chosen stays chosen when its label changes (its status after Save or "Back to default", another
    language): the selector's browser side holds the label, which then no longer matches any option."""
    picked = st.session_state.get(f"box_picked_{game}")
    if picked in keys:
        st.session_state[f"box_fact_{game}"] = picked


def render() -> None:
    st.title(tr("nav.box_check"))
    st.caption(tr("box.hint"))
    context.show_flash()
    games = profile_games()
    if not games:
        st.info(tr("ui.box_none"))
        return
    tab = context.table()
    box = manifest(tab.session.game.name).box if tab is not None else None
    preferred = box if box in games else ("gugong" if "gugong" in games else games[0])
    game = st.selectbox(tr("ui.game"), games, index=games.index(preferred),
                        format_func=context.shown_as(games, context.game_title), key="box_game")
    _good, damaged = usable_overrides(game, context.store().box_overrides(game))
    for i, err in enumerate(damaged):  # a damaged stored value: name it, offer its reset, show the rest
        st.error(context.error_message(err))
        st.button(tr("ui.box_reset"), key=f"box_reset_damaged_{i}", on_click=_reset,
                  args=(game, err.params.get("key", "")))
    profile = current_profile(game)
    seen_at_the_table(game)
    open_facts = [f for f in profile.facts.values() if not f.checked]  # what "only open" lists: seen ones too
    st.metric(tr("ui.box_open"), len(open_facts), help=tr("ui.box_open_help"))
    only_open = st.toggle(tr("ui.box_only_open"), value=True, key="box_only_open")
    questions, _checked = boxform.form(game, context.lang(), {})
    order = [q.fact for q in questions] + [k for k in profile.facts if k not in {q.fact for q in questions}]
    keys = [k for k in order if k in profile.facts and not (only_open and profile.fact(k).checked)]
    if not keys:
        st.success(tr("ui.box_all_checked"))
    else:
        _keep_place(game, keys)

        def named(k: str) -> str:
            return f"{boxform.label(game, k, context.lang())} · {tr('ui.status.' + profile.fact(k).status)}"

        key = st.selectbox(tr("box.component"), keys, key=f"box_fact_{game}",
                           format_func=context.shown_as(keys, named), on_change=_remember, args=(game,))
        st.session_state[f"box_picked_{game}"] = key
        with st.container(border=True, key="box_editor"):
            fact_panel(game, profile, key)
    with st.expander(tr("ui.box_share")):
        share(game, profile)


if __name__ == "__main__":
    render()
