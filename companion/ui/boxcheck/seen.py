"""What a table saw beyond the box profile ("Something else…" at table entry), offered once per game for the
owner's box profile: on the Table screen when the game has ended, and in Box check while it is open.

The answer is kept with the game (its meta, so it survives a reload and holds on every device); recording
never changes a fact the owner checked or the rules confirm. Gùgōng records component by component (this card,
this face, this tile: core.seen_items); boxes without such a reader record whole facts (core.profile.record_seen).
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from companion.core import CompanionError, seen_items
from companion.core.registry import manifest
from companion.i18n import labels
from companion.pdf import boxform
from companion.ui import context
from companion.ui.boxcheck import owner
from companion.ui.context import flash, tr
from companion.ui.dispatch import Table

ASKED = "seen_asked"  # in the game's meta: the table answered (recorded, or "not now") for this game


def recordable(tab: Table) -> dict[str, Any]:
    """The facts this game saw that the owner's profile can still take (not checked by the owner or the rules)."""
    if tab.meta.get(ASKED) or st.session_state.get(f"{ASKED}_{tab.game_id}"):
        return {}
    box = manifest(tab.session.game.name).box
    try:
        found = _found(tab, box)
        stored = owner.profile(box)
    except (CompanionError, KeyError, ValueError, OSError):
        return {}
    return {k: v for k, v in found.items() if k in stored.facts and not stored.fact(k).checked}


def _found(tab: Table, box: str) -> dict[str, Any]:
    """Component by component where the box has a reader (companion.<box>.seen_items), else whole facts."""
    reader = owner.items_reader(box)
    whole = manifest(tab.session.game.name).view(tab.session.state).get("seen_facts") or {}
    if reader is not None:  # facts whose items are not told apart (Yinzi's ships) still recorded whole
        found = reader(tab.session.game, tab.session.setup, list(tab.session.log))
        return {**{k: v for k, v in whole.items() if k not in seen_items.kinds(box)}, **found}
    return whole


def names(box: str, found: dict[str, Any]) -> str:
    lang = context.lang()
    return labels.names_in_sentence([boxform.label(box, k, lang) for k in found], lang)


def answer(tab: Table, found: dict[str, Any], record: bool) -> None:
    """Remember the answer with the game; record what was seen when asked to."""
    st.session_state[f"{ASKED}_{tab.game_id}"] = True  # this browser, even if the game's row cannot be saved
    context.set_game_meta(**{ASKED: True})
    if not record:
        return
    box = manifest(tab.session.game.name).box
    try:
        recorded = owner.record(box, found, per_item=owner.items_reader(box) is not None)
    except CompanionError as err:
        flash("error", context.error_message(err))
        return
    flash("success", tr("box.seen_recorded", facts=names(box, {k: None for k in recorded})))


def offer(tab: Table, text_key: str, key: str) -> None:
    """The question with its two answers, when there is something to record."""
    found = recordable(tab)
    if not found:
        return
    box = manifest(tab.session.game.name).box
    with st.container(border=True, key=key):
        st.markdown(tr(text_key, n=len(found), facts=names(box, found)))
        row = st.container(horizontal=True)
        row.button(tr("box.seen_record"), key=f"{key}_yes", on_click=answer, args=(tab, found, True),
                   type="primary", icon=":material/inventory_2:")
        row.button(tr("box.seen_not_now"), key=f"{key}_no", on_click=answer, args=(tab, found, False))


def end_of_game(tab: Table) -> None:
    """Table screen, the calm moment: the game has ended and its final scores are shown."""
    if tab.session.is_over:
        offer(tab, "box.seen_end", "table_seen")
