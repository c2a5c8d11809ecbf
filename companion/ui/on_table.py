""""Do this on the table": the physical steps each change of the game implies, in words.

After every tap (or another device's change, or undo/redo) the panel shows what the table does
with the pieces: the game's `manifest.instructions(events)` of the steps that are new since this
screen last looked, grouped per player in seat order, the new ones marked. An undo shows the
`.undo` texts of what it took back (last step first). Many steps for several players at once
(night, dusk, morning, a whole setup drawn by the app) are walked one at a time with "Done",
and "Do all" still lists every step. A new game shows the box's layout checklist
(`manifest.setup_instructions`). The UI holds no rules: it only arranges the engine's instructions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import streamlit as st

from ..core.instructions import Instruction, undo_steps
from ..core.registry import manifest
from ..i18n import labels
from .context import lang, names, state_json, tr
from .dispatch import Table
from .markup import shown_state

SEEN = "_do_seen"  # (game id, the step event lists this screen last looked at)
PANEL = "_do_panel"
WALK_FROM = 3  # this many steps or more, for two or more hands, are walked one at a time
LOOK_BACK = 64  # steps compared from the end when finding what changed


@dataclass
class Step:
    seat: int | None
    text: str
    new: bool = True


@dataclass
class Panel:
    mode: str  # "do" | "undo" | "none"
    steps: list[Step] = field(default_factory=list)
    walk: bool = False
    done: int = 0
    ident: int = 0


# -- what changed --------------------------------------------------------------------------------
def _common(before: list[list[Any]], now: list[list[Any]]) -> int:
    """How many steps the two logs share from the start (the recent ones compared, older assumed equal)."""
    k = min(len(before), len(now))
    floor = max(0, k - LOOK_BACK)
    while k > floor and not (before[k - 1] is now[k - 1] or before[k - 1] == now[k - 1]):
        k -= 1
    return k


def changes(tab: Table) -> tuple[list[list[Any]], list[list[Any]]] | None:
    """(steps taken back, steps added) since this screen last looked; None when nothing changed."""
    now = list(tab.session.events)
    seen = st.session_state.get(SEEN)
    st.session_state[SEEN] = (tab.game_id, now)
    if seen is None or seen[0] != tab.game_id:
        return None
    before = seen[1]
    if len(before) == len(now) and (not now or before[-1] is now[-1]):
        return None
    k = _common(before, now)
    return before[k:], now[k:]


def instructions(tab: Table, steps: list[list[Any]]) -> list[Instruction]:
    make = manifest(tab.session.game.name).instructions
    return [i for events in steps for i in make(events)]


def _texts(tab: Table, found: list[Instruction], undo: bool) -> list[Step]:
    session = tab.session
    describe = labels.describer(session.game.name, session.setup, shown_state(state_json(tab)), lang())
    language, players = lang(), names()
    return [Step(i.seat, labels.instruction_text(i, language, players, describe, undo=undo)) for i in found]


def _walked(steps: list[Step]) -> bool:
    return len(steps) >= WALK_FROM and len({s.seat for s in steps}) >= 2


def update(tab: Table) -> Panel:
    """The panel for what changed since the last look (or the panel already shown)."""
    changed = changes(tab)
    panel = st.session_state.get(PANEL)
    if changed is None and isinstance(panel, Panel):
        return panel
    if changed is None:
        panel = Panel("none")
    else:
        gone, added = changed
        # the previous tap's steps stay for context (unmarked); a walked list or older ones do not
        keep = isinstance(panel, Panel) and not gone and not panel.walk and panel.mode == "do"
        old = [Step(s.seat, s.text, False) for s in panel.steps if s.new] if keep else []
        undone = _texts(tab, undo_steps(instructions(tab, gone)), undo=True)
        done = _texts(tab, instructions(tab, added), undo=False)
        ident = (panel.ident + 1) if isinstance(panel, Panel) else 1
        if undone or (gone and not done):
            panel = Panel("undo", undone + done, walk=_walked(undone), ident=ident)
        elif done:
            panel = Panel("do", done if _walked(done) else old[-12:] + done, walk=_walked(done), ident=ident)
        else:
            panel = Panel("none", old, ident=ident)
    st.session_state[PANEL] = panel
    return panel


# -- drawing -------------------------------------------------------------------------------------
def _who(seat: int | None) -> str:
    players = names()
    if isinstance(seat, int) and 0 <= seat < len(players):
        return players[seat]
    return tr("table.do.everyone")


def _grouped(steps: list[Step]) -> list[tuple[int | None, list[Step]]]:
    """Per player in seat order, the whole table's steps first; each group keeps the steps' order."""
    seats = sorted({s.seat for s in steps}, key=lambda seat: -1 if seat is None else seat)
    return [(seat, [s for s in steps if s.seat == seat]) for seat in seats]


def _without_name(text: str, seat: int | None) -> str:
    """A player's step under their name: the text's own leading "Anna: " is not said twice."""
    name = _who(seat) if seat is not None else ""
    return text[len(name) + 2:] if name and text.startswith(f"{name}: ") else text


def _with_name(step: Step) -> str:
    """A step in the walked list: "Anna: ..." once (texts for the whole table need no name)."""
    name = _who(step.seat) if step.seat is not None else ""
    return step.text if not name or step.text.startswith(f"{name}: ") else f"{name}: {step.text}"


def _line(step: Step) -> str:
    text = _without_name(step.text, step.seat)
    return f"- :blue-badge[{tr('table.do.new')}] {text}" if step.new else f"- {text}"


def _list(steps: list[Step]) -> None:
    for seat, group in _grouped(steps):
        st.markdown(f"**{_who(seat)}**  \n" + "\n".join(_line(s) for s in group))


def _advance(ident: int, to: int) -> None:
    panel = st.session_state.get(PANEL)
    if isinstance(panel, Panel) and panel.ident == ident:
        panel.done = to


def _walk(panel: Panel) -> None:
    """One step at a time with Done; every step stays listed (done ones struck through)."""
    total = len(panel.steps)
    lines = []
    for i, step in enumerate(panel.steps):
        text = _with_name(step)
        lines.append(f"{i + 1}\\. ~~{text}~~" if i < panel.done else f"{i + 1}\\. **{text}**" if i == panel.done
                     else f"{i + 1}\\. {text}")
    st.markdown("  \n".join(lines))
    if panel.done >= total:
        st.caption(tr("table.do.all_done"))
        return
    row = st.container(horizontal=True, key="do_walk")
    row.button(tr("table.do.done", n=panel.done + 1, total=total), key=f"do_done_{panel.ident}_{panel.done}",
               on_click=_advance, args=(panel.ident, panel.done + 1), type="primary", icon=":material/check:")
    row.button(tr("table.do.do_all"), key=f"do_all_{panel.ident}", on_click=_advance, args=(panel.ident, total))


def setup_checklist(tab: Table) -> None:
    """A new game: how to lay out the box, ticked off one line at a time."""
    found = manifest(tab.session.game.name).setup_instructions(tab.session.setup)
    if not found:
        return
    with st.expander(tr("table.do.setup_title"), expanded=not tab.session.log, icon=":material/checklist:"):
        for i, step in enumerate(_texts(tab, found, undo=False)):
            who = f"{_who(step.seat)}: " if step.seat is not None else ""
            st.checkbox(who + step.text, key=f"setup_{tab.game_id}_{i}")


def undo_preview(tab: Table) -> list[str]:
    """What Undo would ask the table to put back: the last step's undo texts, last one first."""
    if not tab.session.events:
        return []
    return [s.text for s in _texts(tab, undo_steps(instructions(tab, tab.session.events[-1:])), undo=True)]


def panel(tab: Table) -> None:
    shown = update(tab)
    with st.container(border=True, key="on_table"):
        title = "table.do.undo_title" if shown.mode == "undo" else "table.do.title"
        st.markdown(f"**{tr(title)}**")
        if not shown.steps:
            st.caption(tr("table.do.nothing_back" if shown.mode == "undo" else "table.do.nothing"))
        elif shown.walk:
            _walk(shown)
        else:
            _list(shown.steps)
    setup_checklist(tab)
