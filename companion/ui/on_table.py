""""Do this on the table": the physical steps each change of the game implies, kept until the table did them.

Every change (a tap, another device's step, undo/redo) adds the game's `manifest.instructions(events)` of its
new steps to a pending list (one per game, in session_state); the list sits above the next question, grouped
per player in seat order, the newest lines marked. A line stays until the table has done it:
- ticked: one tap for a player's group, or "Everything done" (no tap per step is needed in normal play);
- or that player's next turn starts (the lines of the turn before are then done). Turns are read from the
  questions, not from rules: a player asked after someone else starts a new run of questions; it clears the
  lines that came outside their own runs, the lines of an earlier run opened by the same question, and all of
  them when that question is the one this player's runs open with most often (their turn), so a player asked
  back mid-turn (a benefit of someone else's, then on with their turn) keeps the lines of the turn;
  lines for the whole table (or for a seat not asked so far, e.g. Meng) go with the next player asked. A player
  asked again the question that opened their run, after other questions or the app's steps (a solo game: Meng
  played), starts a new run too.
An undo takes the undone steps' lines off the list (the list always matches the log) and adds what to put
back, kept the same way; a redo of the same step before it was put back takes those back off.
Many steps for several players at once (a night, a whole setup drawn by the app) are walked one at a time:
"Everything done" (one tap) or "Done" per step. A new game starts with the box's layout checklist
(`manifest.setup_instructions`), kept above the first question until ticked (the ticks are saved with the game).
Texts are made once, when a step arrives (again only when the language changes).
The UI holds no rules: it only arranges the engine's instructions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import streamlit as st

from ..core.instructions import Instruction, undo_steps
from ..core.registry import manifest
from ..i18n import labels
from .context import lang, names, set_game_meta, state_json, tr
from .dispatch import Table
from .markup import shown_state
from .rule_card import moves_rule

PENDING = "_do_pending"  # game id -> Pending
WALK_FROM = 3  # this many lines or more, for two or more hands, from one change are walked one at a time
LOOK_BACK = 64  # steps compared from the end when finding what changed
KEEP_AT_MOST = 120  # lines kept for a table that never ticks and whose turns never come round (the oldest go)
LAID_OUT = "laid_out"  # the game's meta: which lines of the layout checklist are ticked


@dataclass
class Item:
    """One line the table still has to do."""

    step: int  # the log position (0-based) of the step it came from
    ins: Instruction
    text: str
    batch: int  # the change that brought it (the newest change's lines are marked new)
    owner: int | None  # whose next turn clears it (a line for the whole table: the next player asked)
    kind: str | None = None  # the question that opened the owner's run it came in (None: outside their runs)
    back: bool = False  # put back: a line of an undone step
    undone: list[Any] | None = None  # for put-back lines: the undone step's events (its redo cancels them)
    done: bool = False

    @property
    def seat(self) -> int | None:
        return self.ins.seat


@dataclass
class Pending:
    game_id: str
    seen: list[list[Any]]  # the step event lists last looked at
    items: list[Item] = field(default_factory=list)
    batch: int = 0
    lang: str = ""
    asker: int | None = None  # the player asked last (chance steps do not count)
    run_kind: str | None = None  # the question that opened their run
    last_kind: str | None = None  # the question pending at the last look (a chance step's too)
    opened: dict[int, dict[str, int]] = field(default_factory=dict)  # seat -> question -> runs opened with it
    walk: int | None = None  # the batch walked one step at a time
    undid: bool = False  # the last change took steps back
    ticked: bool = False  # lines were ticked since the last change


# -- what changed --------------------------------------------------------------------------------
def _common(before: list[list[Any]], now: list[list[Any]]) -> int:
    """How many steps the two logs share from the start (the recent ones compared, older assumed equal)."""
    k = min(len(before), len(now))
    floor = max(0, k - LOOK_BACK)
    while k > floor and not (before[k - 1] is now[k - 1] or before[k - 1] == now[k - 1]):
        k -= 1
    return k


def instructions(tab: Table, steps: list[list[Any]]) -> list[Instruction]:
    make = manifest(tab.session.game.name).instructions
    return [i for events in steps for i in make(events)]


def _describe(tab: Table, found: list[Instruction], undo: bool) -> list[str]:
    session = tab.session
    describe = labels.describer(session.game.name, session.setup, shown_state(state_json(tab)), lang())
    language, players = lang(), names()
    return [labels.instruction_text(i, language, players, describe, undo=undo) for i in found]


def _lines(tab: Table, first: int, steps: list[list[Any]], undo: bool) -> list[tuple[int, Instruction, str]]:
    """(log position, instruction, text) of each step's instructions; undo: last step first, reversed."""
    make = manifest(tab.session.game.name).instructions
    found = [(first + j, i) for j, events in enumerate(steps) for i in make(events)]
    if undo:
        found.reverse()
    texts = _describe(tab, [i for _, i in found], undo)
    return [(n, i, text) for (n, i), text in zip(found, texts, strict=True)]


# -- turns ---------------------------------------------------------------------------------------
def _asked(pend: Pending, tab: Table, clear: bool) -> None:
    """The player asked now: a new run of theirs clears what their previous turn left (see the module doc)."""
    decision = tab.session.decision
    last, pend.last_kind = pend.last_kind, decision.kind if decision is not None else None
    if decision is None or decision.is_chance:
        return
    again = decision.kind == pend.run_kind and last != decision.kind  # the same player's next turn (solo)
    if decision.player == pend.asker and not again:
        return
    seat, kind = decision.player, decision.kind
    pend.asker, pend.run_kind = seat, kind
    if not clear:
        return
    opened = pend.opened.setdefault(seat, {})
    opened[kind] = opened.get(kind, 0) + 1
    turn = all(opened[kind] > n for k, n in opened.items() if k != kind)
    pend.items = [i for i in pend.items
                  if not (i.owner == seat and (turn or i.kind is None or i.kind == kind))]
    for item in pend.items:  # lines for the whole table go with the next player asked
        if item.owner is None:
            item.owner, item.kind = seat, kind


def _owner(pend: Pending, seat: int | None, before: tuple[int | None, str | None]) -> tuple[int | None, str | None]:
    """Whose turn a new line belongs to, and the run it came in (a line for the whole table, or for a seat never
    asked so far, e.g. Meng's: the player asked now or next)."""
    if seat is None or seat not in pend.opened:
        return pend.asker, pend.run_kind
    if seat == before[0]:
        return seat, before[1]
    return seat, pend.run_kind if seat == pend.asker else None


# -- the list ------------------------------------------------------------------------------------
def _take_back(pend: Pending, tab: Table, k: int, gone: list[list[Any]]) -> None:
    """Steps k.. were undone: their lines leave the list; what they moved is to be put back."""
    pend.items = [i for i in pend.items if i.back or i.step < k]
    for n, ins, text in _lines(tab, k, gone, undo=True):
        owner, kind = _owner(pend, ins.seat, (pend.asker, pend.run_kind))
        pend.items.append(Item(n, ins, text, pend.batch, owner, kind, back=True, undone=gone[n - k]))


def _add(pend: Pending, tab: Table, k: int, added: list[list[Any]], before: tuple[int | None, str | None]) -> None:
    for j, events in enumerate(added):  # a redo before the table put the step back: nothing to put back
        pend.items = [i for i in pend.items if not (i.back and not i.done and i.step == k + j and i.undone == events)]
    lines = _lines(tab, k, added, undo=False)
    for n, ins, text in lines:
        owner, kind = _owner(pend, ins.seat, before)
        pend.items.append(Item(n, ins, text, pend.batch, owner, kind))
    if len(lines) >= WALK_FROM and len({ins.seat for _, ins, _ in lines}) >= 2:
        pend.walk = pend.batch


def _tidy(pend: Pending) -> None:
    """Done lines go (a walk keeps its own until all are done, struck through); the list stays bounded."""
    walking = pend.walk is not None and any(i.batch == pend.walk and not i.done for i in pend.items)
    if not walking:
        pend.walk = None
    pend.items = [i for i in pend.items if not i.done or (walking and i.batch == pend.walk)][-KEEP_AT_MOST:]


def _first_look(tab: Table, now: list[list[Any]]) -> Pending:
    """A screen opened on a game in progress (a reload, another device): the last step's lines, not new."""
    pend = Pending(tab.game_id, now, lang=lang())
    _asked(pend, tab, clear=True)
    if now:
        for n, ins, text in _lines(tab, len(now) - 1, now[-1:], undo=False):
            owner, kind = _owner(pend, ins.seat, (pend.asker, pend.run_kind))
            pend.items.append(Item(n, ins, text, 0, owner, kind))
    pend.batch = 1
    return pend


def _relabel(pend: Pending, tab: Table) -> None:
    """The language changed: the kept lines in the new one."""
    for back in (False, True):
        items = [i for i in pend.items if i.back == back]
        for item, text in zip(items, _describe(tab, [i.ins for i in items], back), strict=True):
            item.text = text
    pend.lang = lang()


def update(tab: Table) -> Pending:
    """The pending list after what changed since the last look (nothing recomputed when nothing changed)."""
    store = st.session_state.setdefault(PENDING, {})
    now = list(tab.session.events)
    pend = store.get(tab.game_id)
    if not isinstance(pend, Pending):
        pend = store[tab.game_id] = _first_look(tab, now)
        return pend
    if pend.lang != lang():
        _relabel(pend, tab)
    if len(pend.seen) == len(now) and (not now or pend.seen[-1] is now[-1]):
        return pend
    k = _common(pend.seen, now)
    gone, added = pend.seen[k:], now[k:]
    pend.seen, pend.batch, pend.undid, pend.ticked = now, pend.batch + 1, bool(gone), False
    before = (pend.asker, pend.run_kind)
    if gone:
        _take_back(pend, tab, k, gone)
    _asked(pend, tab, clear=not gone)  # an undo goes back to someone's question: no new turn
    if added:
        _add(pend, tab, k, added, before)
    _tidy(pend)
    return pend


def pending(tab: Table) -> list[Item]:
    """What the table still has to do, oldest first."""
    return [i for i in update(tab).items if not i.done]


# -- ticking -------------------------------------------------------------------------------------
def _tick(game_id: str, batch: int | None = None, seat: Any = "all", first_only: bool = False) -> None:
    pend = st.session_state.get(PENDING, {}).get(game_id)
    if not isinstance(pend, Pending):
        return
    for item in pend.items:
        in_walk = pend.walk is not None and item.batch == pend.walk
        if item.done or (batch is not None and item.batch != batch) or (batch is None and seat != "all" and in_walk):
            continue
        if seat == "all" or item.seat == seat:
            item.done = True
            if first_only:
                break
    pend.ticked = True
    _tidy(pend)  # done lines go (a walk's stay struck through until it ends)


# -- drawing -------------------------------------------------------------------------------------
def _who(seat: int | None) -> str:
    players = names()
    if isinstance(seat, int) and 0 <= seat < len(players):
        return players[seat]
    return tr("table.do.everyone")


def _grouped(items: list[Item]) -> list[tuple[int | None, list[Item]]]:
    """Per player in seat order, the whole table's lines first; each group keeps the lines' order."""
    seats = sorted({i.seat for i in items}, key=lambda seat: -1 if seat is None else seat)
    return [(seat, [i for i in items if i.seat == seat]) for seat in seats]


def _without_name(text: str, seat: int | None) -> str:
    """A player's line under their name: the text's own leading "Anna: " is not said twice (the rest starts
    the sentence, so with a capital)."""
    name = _who(seat) if seat is not None else ""
    if not name or not text.startswith(f"{name}: "):
        return text
    rest = text[len(name) + 2:]
    return rest[:1].upper() + rest[1:]


def _with_name(item: Item) -> str:
    """A line in the walked list: "Anna: ..." once (lines for the whole table need no name)."""
    name = _who(item.seat) if item.seat is not None else ""
    return item.text if not name or item.text.startswith(f"{name}: ") else f"{name}: {item.text}"


def _line(item: Item, newest: int) -> str:
    text = _without_name(item.text, item.seat)
    if item.back:
        text = f":material/undo: {text}"
    return f"- :blue-badge[{tr('table.do.new')}] {text}" if item.batch == newest else f"- {text}"


def _groups(pend: Pending, items: list[Item], section: str) -> None:
    """Each player's lines under their name, with one tap to tick the group."""
    for seat, group in _grouped(items):
        box = st.container(gap=None, key=f"do_lines_{section}{seat}")  # the name and its lines as one block
        head = box.container(horizontal=True, vertical_alignment="center", key=f"do_group_{section}{seat}")
        head.markdown(f"**{_who(seat)}**", width="content")
        head.button(tr("table_moves.group_done"), key=f"do_seat_{section}{seat}_{pend.batch}", type="tertiary",
                    icon=":material/check:", on_click=_tick, args=(pend.game_id, None, seat),
                    help=tr("table_moves.group_done_help", player=_who(seat)))
        box.markdown("\n".join(_line(i, pend.batch) for i in group))
        with box:  # one tap: the rule of the steps (the app's own bookkeeping too) that brought these lines
            moves_rule([(i.step, i.ins) for i in group if not i.back], f"{section}{seat}_{pend.batch}")


def _walk(pend: Pending) -> None:
    """One step at a time: "Everything done" with one tap, or "Done" per step (done ones struck through)."""
    steps = [i for i in pend.items if i.batch == pend.walk]
    done = sum(1 for i in steps if i.done)
    lines = []
    for n, item in enumerate(steps, 1):
        text = _with_name(item)
        lines.append(f"{n}\\. ~~{text}~~" if item.done else f"{n}\\. **{text}**" if n == done + 1 else f"{n}\\. {text}")
    row = st.container(horizontal=True, key="do_walk")  # above the list: one tap, however long the list is
    row.button(tr("table.do.do_all"), key=f"do_all_{pend.walk}", on_click=_tick, args=(pend.game_id, pend.walk),
               type="primary", icon=":material/done_all:")
    row.button(tr("table.do.done", n=done + 1, total=len(steps)), key=f"do_done_{pend.walk}_{done}",
               on_click=_tick, args=(pend.game_id, pend.walk, "all", True), icon=":material/check:")
    st.markdown("  \n".join(lines))
    moves_rule([(i.step, i.ins) for i in steps], f"walk_{pend.walk}")


def _empty(pend: Pending) -> None:
    key = "table.do.all_done" if pend.ticked else "table.do.nothing_back" if pend.undid else "table.do.nothing"
    st.caption(tr(key))


def _moves(tab: Table) -> None:
    pend = update(tab)
    if not pend.items and not tab.session.log:
        return  # a new game: nothing has happened yet, the layout checklist says what to do
    walk = [i for i in pend.items if pend.walk is not None and i.batch == pend.walk]
    rest = [i for i in pend.items if not i.done and (pend.walk is None or i.batch != pend.walk)]
    back, forward = [i for i in rest if i.back], [i for i in rest if not i.back]
    with st.container(border=True, key="on_table"):
        if back:
            st.markdown(f"**{tr('table.do.undo_title')}**")
            _groups(pend, back, "back")
        st.markdown(f"**{tr('table.do.title')}**")
        if forward:
            _groups(pend, forward, "")
        if walk:
            _walk(pend)
        if not (back or forward or walk):
            _empty(pend)
        elif len({i.seat for i in rest}) > 1 or (walk and rest):
            st.button(tr("table.do.do_all"), key=f"do_everything_{pend.batch}", on_click=_tick,
                      args=(pend.game_id,), icon=":material/done_all:")


# -- the box's layout ----------------------------------------------------------------------------
def _layout(tab: Table) -> list[str]:
    """The layout checklist's lines, made once per game and language."""
    key = ("_layout", tab.game_id, lang())
    cached = st.session_state.get("_layout_lines")
    if cached is None or cached[0] != key:
        found = manifest(tab.session.game.name).setup_instructions(tab.session.setup)
        texts = _describe(tab, found, undo=False)
        lines = [(f"{_who(i.seat)}: " if i.seat is not None and not t.startswith(f"{_who(i.seat)}: ") else "") + t
                 for i, t in zip(found, texts, strict=True)]
        cached = (key, lines)
        st.session_state["_layout_lines"] = cached
    return cached[1]


def _laid_out(tab: Table) -> set[int]:
    kept = st.session_state.setdefault("_laid_out", {})
    if tab.game_id not in kept:
        kept[tab.game_id] = {n for n in tab.meta.get(LAID_OUT) or [] if isinstance(n, int)}
    return kept[tab.game_id]


def _lay(game_id: str, lines: list[int], on: bool | None = None) -> None:
    """Tick (or untick) layout lines: kept for this session at once, and saved with the game."""
    ticked = st.session_state.setdefault("_laid_out", {}).setdefault(game_id, set())
    for n in lines:
        value = on if on is not None else bool(st.session_state.get(f"setup_{game_id}_{n}"))
        (ticked.add if value else ticked.discard)(n)
    set_game_meta(**{LAID_OUT: sorted(ticked)})


def setup_checklist(tab: Table) -> None:
    """A new game: how to lay out the box, above the first question until every line is ticked."""
    lines = _layout(tab)
    ticked = _laid_out(tab)
    if not lines or len(ticked & set(range(len(lines)))) == len(lines):
        return
    with st.expander(tr("table.do.setup_title"), expanded=True, icon=":material/checklist:"):
        for n, text in enumerate(lines):
            key = f"setup_{tab.game_id}_{n}"
            st.session_state[key] = n in ticked
            st.checkbox(text, key=key, on_change=_lay, args=(tab.game_id, [n]))
        st.button(tr("table_moves.laid_out"), key=f"setup_all_{tab.game_id}", type="primary",
                  icon=":material/done_all:", on_click=_lay, args=(tab.game_id, list(range(len(lines))), True))


def undo_preview(tab: Table) -> list[str]:
    """What Undo would ask the table to put back: the last step's undo texts, last one first (made once a step)."""
    events = tab.session.events
    if not events:
        return []
    key = (tab.game_id, len(events), id(events[-1]), lang())
    cached = st.session_state.get("_undo_preview")
    if cached is None or cached[0] != key:
        cached = (key, _describe(tab, undo_steps(instructions(tab, events[-1:])), undo=True))
        st.session_state["_undo_preview"] = cached
    return cached[1]


def panel(tab: Table) -> None:
    """The layout checklist (a new game), then what the table still has to do."""
    setup_checklist(tab)
    _moves(tab)
