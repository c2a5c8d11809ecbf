"""Option buttons in groups, for the Dragon and Yinzi choosers: one tap sends one of the decision's options.

A group is a heading (what the options share: a card group, a palace, a province) with one button per
option under it, in a row that wraps on a phone. Each button's key is `opt_<version>_<index>` with the
option's index in the decision, as the generic panel's buttons are named, so one key means one option
everywhere. Things that cannot be chosen now (a card whose action is not possible) may be shown as
disabled buttons, named `dy_off_...`. A collapsed list of every option stays under the buttons for the
rare choice the buttons do not make easy (the same select box and confirm the generic panel uses).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

import streamlit as st

from .. import folds
from ..context import on_command, tr
from ..picking import select_and_confirm
from .ask import Ask


@dataclass
class Group:
    title: str
    items: list[tuple[int, str]] = field(default_factory=list)  # (option index, button label)
    off: list[str] = field(default_factory=list)  # shown, not choosable now
    note: str | None = None


def by(ask: Ask, key: Callable[[dict], Hashable]) -> dict[Hashable, list[int]]:
    """The option indices by `key(option)`, groups and indices in the decision's order."""
    out: dict[Hashable, list[int]] = {}
    for i, option in enumerate(ask.decision.options):
        out.setdefault(key(option), []).append(i)
    return out


def send(ask: Ask, i: int) -> None:
    ask.send(ask.decision.options[i])


def option_button(ask: Ask, where, i: int, label: str, primary: bool = False) -> None:
    where.button(label, key=f"opt_{ask.version}_{i}", on_click=send, args=(ask, i), width="stretch",
                 type="primary" if primary else "secondary")


def render(ask: Ask, groups: list[Group], name: str) -> None:
    """Each group in a bordered box: its title, a note, then its buttons in one wrapping row."""
    for g, group in enumerate(groups):
        with st.container(border=True, key=f"dy_{name}_{g}"):
            if group.title:
                st.markdown(f"**{group.title}**" + (f" · {group.note}" if group.note else ""))
            row = st.container(horizontal=True, gap="xsmall")
            for i, label in group.items:
                option_button(ask, row, i, label)
            for n, label in enumerate(group.off):
                row.button(label, key=f"dy_off_{ask.version}_{g}_{n}", disabled=True, width="stretch")


COUNTS = ("workers", "count", "keep", "yuan", "rice")  # option fields that are amounts (not indices of things)


def number_of(ask: Ask) -> str | None:
    """The one amount the options differ in ("how many workers"), if that is all they are."""
    options = ask.decision.options
    keys = {tuple(sorted(o)) for o in options}
    if len(options) < 2 or len(keys) != 1 or len({o.get("type") for o in options}) != 1:
        return None
    fields = [k for k in next(iter(keys)) if k != "type"]
    if len(fields) != 1 or fields[0] not in COUNTS or not all(type(o[fields[0]]) is int for o in options):
        return None
    return fields[0]


def numbers(ask: Ask) -> bool:
    """A small number as one tap: a row of number buttons (the question says what is counted)."""
    name = number_of(ask)
    if name is None:
        return False
    row = st.container(horizontal=True, gap="xsmall", key="dy_numbers")
    for i, option in enumerate(ask.decision.options):
        row.button(str(option[name]), key=f"opt_{ask.version}_{i}", on_click=send, args=(ask, i),
                   help=ask.labels[i], width="stretch")
    return True


def whole_list(ask: Ask) -> None:
    """Every option as a list (select and confirm), collapsed: the buttons above are the way to choose."""
    with folds.closed(tr("ui.choose"), "list_fold_choose") as shown:  # a phone: drawn only while open
        if shown:
            select_and_confirm(ask.decision, ask.labels, ask.version, "ui.confirm", ask.table.revision)


def send_again(ask: Ask, option: dict, times: int) -> None:
    """Send `option`, then the same option again up to `times` in all while the same player is asked the
    same kind of question and the engine still offers it (one planting per question, RULES-Y 5B).

    The first send carries the revision the screen showed (a stale screen is refused as always); the
    repeats carry the revision each accepted step left, and stop at the first refusal or change."""
    tab, decision = ask.table, ask.decision
    before = len(tab.session.log)
    ask.send(option)
    for n in range(1, times):
        now = tab.session.decision
        if len(tab.session.log) != before + n or now is None or now.kind != decision.kind:
            return
        if now.player != decision.player or option not in now.options:
            return
        on_command(option, tab.revision)

