"""The table enters several chance steps of one kind on one screen (issue 22: a setup in few taps).

A run is the chance steps of one kind in a row (the seven officials' cards, the decrees laid out, the fate
dice, the cities' tiles; or one player's start hand). The screen collects what the table shows for each of
them and sends them all with one confirm: the log gets one action per step, exactly as entering them one by
one would, so saves and replays are unchanged.

No rules here: which steps belong together and what each may be is asked of the engine, by applying the
entries chosen so far to a copy of the state (core.game.apply) and reading the next decision's options.

- public steps (`run_panel`): the listed options of the next open step as a grid, one tap fills it;
  "Something else…" (a component the profile does not list) fills it too and stays open for the next one.
- what a player holds (`hand_panel`): the candidates of the first step (a player set's cards), those the
  table would enter without a tap chosen beforehand; a tap takes one out or back in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st

from ..core import Decision
from ..core.game import apply
from ..i18n import labels
from .chance import SEEN, counted, held_by, retitle, something_else
from .context import describer, lang, names, on_command, tr
from .dispatch import Table

MAX_RUN = 16  # steps of one run on one screen (12 cities is the longest setup run)
Action = dict[str, Any]
LONG = 30  # labels longer than this get a whole row each (they wrap there instead of being cut)


@dataclass(frozen=True)
class Walk:
    """The entries the engine accepted in turn, the decision each answered, and the next open step."""

    taken: list[tuple[Decision, Action]]
    open: Decision | None  # the next step of the run, None when the run is complete
    refused: bool = False  # an entry was not among the options at its step (the screen is out of date)


def same_run(first: Decision, later: Decision | None) -> bool:
    """Steps entered together: chance steps of the same kind (of the same holder, for what is held)."""
    return (later is not None and later.is_chance and later.kind == first.kind and later.hidden == first.hidden
            and later.params.get("p") == first.params.get("p"))


def walk(tab: Table, first: Decision, entries: list[Action]) -> Walk:
    """Apply `entries` in turn to a copy of the game from `first`; stop where the run ends."""
    game, state = tab.session.game, tab.session.state
    taken: list[tuple[Decision, Action]] = []
    current: Decision | None = first
    for entry in entries:
        if current is None or entry not in current.options:
            return Walk(taken, current, refused=True)
        state, _ = apply(game, state, entry)
        taken.append((current, entry))
        following = game.decision(state)
        current = following if same_run(first, following) and len(taken) < MAX_RUN else None
    return Walk(taken, current)


def _label(tab: Table, decision: Decision, option: Action) -> str:
    return labels.option_label(tab.session.game.name, decision, option, lang(), names(), describer(tab))


def _slot(tab: Table, decision: Decision, n: int) -> str:
    """The step's place in words ("Travel official", "City 4"), else its number."""
    params = {**(describer(tab) or (lambda p: p))(dict(decision.params)), "n": n}
    params = labels.with_names(params, names(), lang())
    return labels.lookup([f"table_entry.slot.{decision.kind}", "table_entry.slot"], lang(), params) or str(n)


# -- public steps: a grid per open step ---------------------------------------------------------------
def _key(tab: Table, version: int) -> str:
    return f"entry_run_{tab.game_id}_{version}"


def _add(key: str, option: Action) -> None:
    st.session_state[key] = [*st.session_state.get(key, []), option]


def _take_back(key: str) -> None:
    st.session_state[key] = st.session_state.get(key, [])[:-1]


def run_panel(tab: Table, decision: Decision, option_labels: list[str], version: int) -> None:
    """Each step of the run in turn: its listed options as buttons, one tap enters it; one confirm sends all.
    (`option_labels`: the first step's; every step's are read from the engine as it comes.)"""
    key = _key(tab, version)
    done = walk(tab, decision, st.session_state.get(key, []))
    if done.refused:  # entries of an older screen: start again from what the engine offers now
        st.session_state[key] = [entry for _, entry in done.taken]
    entries = [entry for _, entry in done.taken]
    st.caption(tr("table_entry.help"))
    if entries:
        st.markdown("\n".join(f"{n}. {_slot(tab, d, n)}: {_label(tab, d, e)}"
                              for n, (d, e) in enumerate(done.taken, 1)))
    if done.open is not None:
        _grid(tab, done.open, version, len(entries), key)
    else:
        st.success(tr("table_entry.all_entered", n=len(entries)))
    row = st.container(horizontal=True, key=f"entry_bar_{version}")
    row.button(tr("table_entry.take_back"), key=f"entry_back_{version}", on_click=_take_back, args=(key,),
               disabled=not entries, icon=":material/undo:", width="stretch")
    row.button(tr("hidden.confirm", n=max(1, len(entries))), key=f"entry_confirm_{version}", on_click=_send,
               args=(key, entries, tab.revision), disabled=not entries, type="primary", width="stretch")


def _grid(tab: Table, step: Decision, version: int, n: int, key: str) -> None:
    """The open step: its question (at the top of the panel, in place of the first step's), its place as the next
    line of the list, its listed options as a wrapping row of buttons, "Something else…"."""
    retitle(labels.kind_label(step.kind, lang(), step.params, names(), describer(tab)))
    st.markdown(f"**{n + 1}. {_slot(tab, step, n + 1)}:**")
    listed = [i for i, o in enumerate(step.options) if SEEN not in o]
    shown = counted(tab, step, [_label(tab, step, step.options[i]) for i in listed])
    row = st.container(horizontal=True, gap="xsmall", key=f"entry_grid_{version}_{n}")
    width = "stretch" if max(map(len, shown), default=0) > LONG else "content"
    for i, label in zip(listed, shown, strict=True):
        row.button(label, key=f"entry_{version}_{n}_{i}", on_click=_add, args=(key, step.options[i]), width=width)
    something_else(tab, step, version, send=lambda option: _add(key, option))


def _send(key: str, entries: list[Action], shown: int) -> None:
    st.session_state.pop(key, None)
    on_command(list(entries), shown)


# -- what a player holds: the candidates, chosen beforehand ----------------------------------------------
def _defaults(tab: Table, decision: Decision) -> list[Action]:
    """What the table enters without a tap: the first listed option at each step of the run (a player set)."""
    entries: list[Action] = []
    for _ in range(MAX_RUN):
        done = walk(tab, decision, entries)
        listed = [o for o in done.open.options if SEEN not in o] if done.open is not None else []
        if not listed:
            return entries
        entries.append(listed[0])
    return entries


def _keep(pick_key: str, kept: str) -> None:
    value = st.session_state[pick_key]
    st.session_state[kept] = value if isinstance(value, list) else [] if value is None else [value]


def hand_panel(tab: Table, decision: Decision, option_labels: list[str], version: int) -> None:
    """A player's cards on one screen: the candidates as chips (those the app would take chosen), the cards the
    list lacks added under "Something else…" (kept open while adding several); one confirm enters them all."""
    st.info(held_by(decision), icon=":material/visibility_off:")
    listed = [i for i, o in enumerate(decision.options) if SEEN not in o]
    need = len(_defaults(tab, decision))
    pick_key, seen_key = f"held_pick_{version}", _key(tab, version)
    kept = f"_{seen_key}_picked"  # the choice kept apart from the widget: a page switch resets a widget's state
    one = need == 1  # a single card drawn face down: a tap on another card takes its place
    default = st.session_state.get(kept, listed[:need])
    caption = tr("table_entry.pick_one" if one else "table_entry.pick_set", n=len(listed))  # what is really shown
    picked = st.pills(caption, listed, selection_mode="single" if one else "multi", key=pick_key,
                      default=(default[0] if default else None) if one else default,
                      format_func=option_labels.__getitem__, on_change=_keep, args=(pick_key, kept))
    picked = ([] if picked is None else [picked]) if one else list(picked)
    extra: list[Action] = st.session_state.get(seen_key, [])
    entries = [decision.options[i] for i in listed if i in picked] + extra
    if extra:
        st.markdown("\n".join(f"- {_label(tab, decision, e)}" for e in extra))
        st.button(tr("table_entry.take_back"), key=f"entry_back_{version}", on_click=_take_back, args=(seen_key,),
                  icon=":material/undo:")
    done = walk(tab, decision, entries)
    fits = not done.refused and done.open is None and len(entries) == need
    st.caption(tr("table_entry.chosen", n=need, chosen=len(entries)))
    if done.refused or len(entries) > need:
        st.warning(tr("table_entry.does_not_fit"))
    st.button(tr("hidden.confirm", n=need), key=f"held_confirm_{version}", on_click=_send,
              args=(seen_key, entries, tab.revision), disabled=not fits, type="primary", width="stretch")
    open_step = done.open if done.open is not None and not done.refused else decision
    something_else(tab, open_step, version, send=lambda option: _add(seen_key, option))
