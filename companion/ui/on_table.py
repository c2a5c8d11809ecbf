""""Do this on the table": the physical steps each change of the game implies, kept until the table did them.

Every change (a tap, another device's step, undo/redo) adds the game's `manifest.instructions(events)` of its
new steps to a pending list, kept with the game (`kept_moves`: saved by `dispatch` in the step's own write, ticks
saved too), so a reload or a second phone shows the same lines; the list sits above the next question, grouped
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
Texts are made once, when a line is first shown on this screen (again only when the language changes).
The UI holds no rules: it only arranges the engine's instructions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import streamlit as st

from ..core.instructions import Instruction, undo_steps
from ..core.registry import manifest
from ..i18n import labels
from . import context, folds, kept_moves, shared_parts
from .context import lang, names, state_json, tr
from .dispatch import Table, change_meta, tick_moves
from .folds import fold
from .markup import shown_state
from .rule_card import moves_rule

PENDING = "_do_pending"  # game id -> Pending (this screen's view of the stored list, with its words)
LAID_OUT = "laid_out"  # the game's meta: which lines of the layout checklist are ticked


@dataclass
class Item:
    """One line the table still has to do, as shown."""

    step: int  # the log position (0-based) of the step it came from
    ins: Instruction
    text: str
    batch: int  # the change that brought it (the newest change's lines are marked new)
    owner: int | None  # whose next turn clears it (a line for the whole table: the next player asked)
    kind: str | None = None  # the question that opened the owner's run it came in (None: outside their runs)
    back: bool = False  # put back: a line of an undone step
    done: bool = False
    j: int = 0  # its index in the step's instructions

    @property
    def seat(self) -> int | None:
        return self.ins.seat

    @property
    def ident(self) -> tuple[int, int, bool, int]:
        return self.step, self.j, self.back, self.batch


@dataclass
class Pending:
    game_id: str
    stamp: tuple[Any, ...]  # the revision and log it was read at
    items: list[Item] = field(default_factory=list)
    batch: int = 0
    lang: str = ""
    walk: int | None = None  # the batch walked one step at a time
    undid: bool = False  # the last change took steps back
    ticked: bool = False  # lines were ticked since the last change


def instructions(tab: Table, steps: list[list[Any]]) -> list[Instruction]:
    make = manifest(tab.session.game.name).instructions
    return [i for events in steps for i in make(events)]


def _describe(tab: Table, found: list[Instruction], undo: bool) -> list[str]:
    if not found:
        return []
    session = tab.session
    describe = labels.describer(session.game.name, session.setup, shown_state(state_json(tab)), lang())
    language, players = lang(), names()
    return [labels.instruction_text(i, language, players, describe, undo=undo) for i in found]


def _items(tab: Table, kept: kept_moves.Kept) -> list[Item]:
    events, game = tab.session.events, tab.session.game.name
    items: list[Item] = []
    memo: dict[int, list[Instruction]] = {}
    for line in kept.lines:
        ins = kept_moves.instruction(line, events, game, memo)
        if ins is not None:
            items.append(Item(line.step, ins, "", line.batch, line.owner, line.kind, line.back is not None,
                              line.done, line.j))
    return items


def _word(tab: Table, items: list[Item], before: Pending | None) -> None:
    """Each line's words: kept from the last look (same language), made for the lines new to this screen."""
    known = {i.ident: i.text for i in before.items} if before is not None and before.lang == lang() else {}
    for item in items:
        item.text = known.get(item.ident, "")
    for back in (False, True):
        todo = [i for i in items if i.back == back and not i.text]
        for item, text in zip(todo, _describe(tab, [i.ins for i in todo], back), strict=True):
            item.text = text


def update(tab: Table) -> Pending:
    """The stored list as this screen shows it (read again only when the game's revision or log moved)."""
    store = st.session_state.setdefault(PENDING, {})
    events = tab.session.events
    stamp = (tab.revision, len(events), id(events[-1]) if events else 0)
    before = store.get(tab.game_id)
    before = before if isinstance(before, Pending) else None
    if before is not None and before.stamp == stamp and before.lang == lang():
        return before
    pend = store[tab.game_id] = shared_parts.per_state("pending", tab.game_id, tab.session.state,
                                                      lambda: _read(tab, stamp, before), tab.revision)
    return pend


def _read(tab: Table, stamp: tuple[Any, ...], before: Pending | None) -> Pending:
    """The stored list at this state and revision, in words: made once for every screen that shows them (shared,
    never changed: a tick is a new revision)."""
    kept = kept_moves.decode(tab.meta.get(kept_moves.KEY), len(tab.session.events))
    pend = Pending(tab.game_id, stamp, _items(tab, kept), kept.batch, lang(), kept.walk, kept.undid, kept.ticked)
    _word(tab, pend.items, before)
    return pend


def pending(tab: Table) -> list[Item]:
    """What the table still has to do, oldest first."""
    return [i for i in update(tab).items if not i.done]


# -- ticking -------------------------------------------------------------------------------------
def _tick(game_id: str, batch: int | None = None, seat: Any = "all", first_only: bool = False) -> None:
    """Lines done: marked in the list stored with the game (so every screen on it sees them done)."""
    pend = st.session_state.get(PENDING, {}).get(game_id)
    tab = context.table()
    if not isinstance(pend, Pending) or tab is None or tab.game_id != game_id:
        return
    lines = []
    for item in pend.items:
        in_walk = pend.walk is not None and item.batch == pend.walk
        if item.done or (batch is not None and item.batch != batch) or (batch is None and seat != "all" and in_walk):
            continue
        if seat == "all" or item.seat == seat:
            lines.append(item.ident)
            if first_only:
                break
    context.report(tick_moves(tab, context.shared_store(), lines))


# -- drawing -------------------------------------------------------------------------------------
def _who(seat: int | None, players: list[str] | None = None) -> str:
    players = names() if players is None else players
    if isinstance(seat, int) and 0 <= seat < len(players):
        return players[seat]
    return tr("table.do.everyone")


def _grouped(items: list[Item]) -> list[tuple[int | None, list[Item]]]:
    """Per player in seat order, the whole table's lines first; each group keeps the lines' order."""
    seats = sorted({i.seat for i in items}, key=lambda seat: -1 if seat is None else seat)
    return [(seat, [i for i in items if i.seat == seat]) for seat in seats]


def _without_name(text: str, seat: int | None, players: list[str] | None = None) -> str:
    """A player's line under their name: the text's own leading "Anna: " is not said twice (the rest starts
    the sentence, so with a capital)."""
    name = _who(seat, players) if seat is not None else ""
    if not name or not text.startswith(f"{name}: "):
        return text
    rest = text[len(name) + 2:]
    return rest[:1].upper() + rest[1:]


def _with_name(item: Item) -> str:
    """A line in the walked list: "Anna: ..." once (lines for the whole table need no name)."""
    name = _who(item.seat) if item.seat is not None else ""
    return item.text if not name or item.text.startswith(f"{name}: ") else f"{name}: {item.text}"


def _line(item: Item, newest: int, players: list[str] | None = None) -> str:
    text = _without_name(item.text, item.seat, players)
    if item.back:
        text = f":material/undo: {text}"
    return f"- :blue-badge[{tr('table.do.new')}] {text}" if item.batch == newest else f"- {text}"


def _group_text(items: list[Item], newest: int, players: list[str]) -> str:
    """Each player's lines under their name, as Markdown: one block for the whole list (issue 23: the browser's
    work per tap grows with every element a run sends)."""
    return "\n\n".join(f"**{_who(seat, players)}**\n\n" + "\n".join(_line(i, newest, players) for i in group)
                        for seat, group in _grouped(items))


def _groups(pend: Pending, items: list[Item], section: str, title: str) -> None:
    """The section's title and each player's lines in one block; below it one tap per player to tick their lines,
    and one tap for the rules of the steps (the app's own bookkeeping too) that brought them."""
    players = names()
    st.markdown(f"**{title}**\n\n{_group_text(items, pend.batch, players)}")
    row = st.container(horizontal=True, gap="small", key=f"do_ticks_{section}")
    for seat, _ in _grouped(items):
        who = _who(seat, players)
        row.button(tr("table_taps.player_done", player=who), key=f"do_seat_{section}{seat}_{pend.batch}",
                   type="secondary", icon=":material/check:", on_click=_tick, args=(pend.game_id, None, seat),
                   help=tr("table_moves.group_done_help", player=who))
    moves_rule([(i.step, i.ins) for i in items if not i.back], f"{section}{pend.batch}")


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
            _groups(pend, back, "back", tr("table.do.undo_title"))
        if forward:
            _groups(pend, forward, "", tr("table.do.title"))
        else:
            st.markdown(f"**{tr('table.do.title')}**")
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
    """The ticked layout lines as the game stores them (another phone's ticks show at its next run)."""
    return {n for n in tab.meta.get(LAID_OUT) or [] if isinstance(n, int)}


def _lay(game_id: str, lines: list[int], on: bool | None = None) -> None:
    """Tick (or untick) layout lines: only the lines tapped change, on the game as stored, so two phones ticking
    at once keep each other's ticks."""
    tab = context.table()
    if tab is None or tab.game_id != game_id:
        return
    wanted = {n: on if on is not None else bool(st.session_state.get(f"setup_{game_id}_{n}")) for n in lines}

    def laid(meta: dict[str, Any]) -> dict[str, Any]:
        ticked = {n for n in meta.get(LAID_OUT) or [] if isinstance(n, int)}
        ticked = (ticked | {n for n, v in wanted.items() if v}) - {n for n, v in wanted.items() if not v}
        return {**meta, LAID_OUT: sorted(ticked)}
    context.report(change_meta(tab, context.shared_store(), laid))


def _phone() -> bool:
    """A phone's browser: what is not needed now is folded and drawn only when opened."""
    return folds.is_phone()


def setup_checklist(tab: Table) -> None:
    """A new game: how to lay out the box, above the first question until every line is ticked. On a phone, once
    the game has begun, folded and drawn only when opened (the next question comes first)."""
    lines = _layout(tab)
    ticked = _laid_out(tab)
    if not lines or len(ticked & set(range(len(lines)))) == len(lines):
        return
    if tab.session.log and _phone():
        with fold(tr("table.do.setup_title"), f"setup_fold_{tab.game_id}", ":material/checklist:") as box:
            if box.open:
                _checklist(tab, lines, ticked)
        return
    with st.expander(tr("table.do.setup_title"), expanded=True, icon=":material/checklist:"):
        _checklist(tab, lines, ticked)


def _checklist(tab: Table, lines: list[str], ticked: set[int]) -> None:
    """A box per line (ticked ones kept), and one tap for all."""
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
