"""Meng (solo Gùgōng): what Meng does now as numbered physical steps, his Automa deck, today's pile, dusk.

Everything shown comes from the engine: the `meng.*` events of the latest steps (instructions for
his pieces, translated from the meng catalog) and the `meng` part of the state's to_json. The
decision panel is repeated here so the table can enter what it turns up for Meng without
switching screens; when the app draws, each of Meng's steps is one tap ("Done · Meng's next step").
Undo and redo are here too.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from companion.core.actions import Event
from companion.core.registry import manifest
from companion.i18n import labels
from companion.i18n.words import gugong as words
from companion.ui import context, widgets
from companion.ui.boards.gugong import location
from companion.ui.context import lang, names, tr
from companion.ui.dispatch import APP_CHANCE, Table


def latest_meng_events(tab) -> list[Event]:
    """The most recent run of actions that carried Meng's instructions, oldest first."""
    session = tab.session
    steps: list[Event] = []
    for n in range(len(session.log) - 1, -1, -1):
        meng = [e for e in session.events[n] if e.code.startswith("meng.")]
        if meng:
            steps[:0] = meng
        elif steps:
            break
    return steps


def latest_meng_steps(tab) -> list[str]:
    """Meng's latest instructions as the table reads them, oldest first."""
    describe, language, players = widgets.describer(tab), lang(), names()
    return [labels.event_text(e, language, players, describe) for e in latest_meng_events(tab)]


def screen_facts(tab) -> list[str]:
    """The unverified facts this screen rests on: Meng's steps, the question, and his deck, whose counts
    come from the facts his draws are counted from (the manifest's chance_facts for Meng's steps)."""
    entry = manifest(tab.session.game.name)
    keys = labels.facts_in([e.params for e in latest_meng_events(tab)]) + widgets.decision_facts(tab)
    keys += [k for kind, facts in entry.chance_facts.items() if ".meng_" in kind for k in facts]
    return widgets.still_open(tab.session.game.name, tab.session.setup, list(dict.fromkeys(keys)))


def _next_step_button(tab) -> bool:
    """When the app draws and the pending step is the table's (Meng's card, a die, a tile): one tap, "Done, next",
    after the table did the numbered steps. False when the table draws itself or a player decides."""
    decision = tab.session.decision
    if decision is None or not decision.is_chance:
        return False
    mode = st.session_state.get(f"_chance_mode_{tab.game_id}") or tab.meta.get("randomness") or context.randomness()
    if mode != "app":
        return False
    mengs = ".meng_" in decision.kind
    st.caption(tr("gugong.chooser.meng_next_hint" if mengs else "ui.table_turn"))
    st.button(tr("gugong.chooser.meng_next") if mengs else tr("ui.app_draws"), key=f"app_chance_{tab.version}",
              on_click=context.on_command, args=(APP_CHANCE, tab.revision), type="primary", width="stretch",
              icon=":material/check:")
    return True


def _kind(code: str) -> str:
    return tr("ui.meng.special") if code == "special" else location(code, lang())


def render() -> None:
    st.title(tr("nav.meng"))
    tab = widgets.require_table()
    if tab is None:
        return
    meng = context.state_json(tab).get("meng")
    if not isinstance(meng, dict):
        st.info(tr("ui.meng.not_solo"))
        return
    widgets.banner(tab)
    context.show_flash()
    widgets.unverified_notice(tab.session.game.name, tab.game_id, screen_facts(tab))
    if meng.get("dusk"):
        st.warning(tr("ui.meng.dusk_now"))
    left, right = st.columns([1, 1], gap="medium")
    with left:
        _steps(tab)
    with right:
        _deck(tab, meng)


def _steps(tab: Table) -> None:
    """What Meng does now, numbered, and the one button for his next step."""
    st.markdown(f"**{tr('ui.meng.steps')}**")
    steps = latest_meng_steps(tab)
    if steps:
        st.markdown("\n".join(f"{i}. {text}" for i, text in enumerate(steps, 1)))
    else:
        st.caption(tr("ui.meng.no_steps"))
    with st.container(border=True, key="meng_decision"):
        if not _next_step_button(tab):
            widgets.decision_panel(tab)
    widgets.undo_bar(tab)


def _deck(tab: Table, meng: dict[str, Any]) -> None:
    """Meng's Automa cards: left in the deck, drawn today and earlier; his difficulty, focus and claims."""
    deck, earlier, today = meng.get("deck", {}), meng.get("earlier", {}), meng.get("today", [])
    kinds = list(dict.fromkeys([*deck, *earlier, *today]))
    # what is left in the deck is counted from the box profile's Automa cards (a placeholder until checked)
    deck_ok = words.verified(tab.session.setup, "meng.automa_cards")
    frame = pd.DataFrame(
        {
            tr("ui.meng.deck"): [words.marked(deck.get(k, 0), deck_ok) for k in kinds],
            tr("ui.meng.today"): [today.count(k) for k in kinds],
            tr("ui.meng.earlier"): [earlier.get(k, 0) for k in kinds],
        },
        index=[_kind(k)[:1].upper() + _kind(k)[1:] for k in kinds],  # row heads start with a capital
    )
    st.markdown(f"**{tr('ui.meng.cards')}**")
    st.table(frame)
    st.markdown(f"**{tr('ui.meng.today_pile')}:** " + (", ".join(_kind(k) for k in today) or "–"))
    facts = [
        tr("ui.meng.difficulty_is", value=tr(f"ui.meng.difficulty.{meng.get('difficulty', 'normal')}")),
        tr("ui.meng.focus_is", value=location(meng["focus"], lang()) if meng.get("focus") else "–"),
        tr("ui.meng.claims_is", value=meng.get("claims", 0)),
    ]
    st.caption(" · ".join(facts))
    shown = not deck_ok or labels.placeholder_legend(tab.session.game.name, tab.session.setup, lang())
    if shown and labels.marks_shown():  # on screen the one notice names the guesses; no "?" to explain
        st.caption(words.legend(lang()))


if __name__ == "__main__":
    render()
