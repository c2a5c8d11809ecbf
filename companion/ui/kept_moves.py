""""Do this on the table", kept with the game: which of the engine's instructions the table still has to do.

The list lives in the game's meta (`KEY`), written by `dispatch` in the same store write that saves a step (and
by a tick, as a setting), so a reload or a second phone on the same game shows the same lines still to do. It is
stored compact and without words: a line is the log position of its step and the index of the instruction in that
step's `manifest.instructions(events)` (the words are made in the reader's language when shown); a put-back line
(an undone step, no longer in the log) keeps the instruction itself (code, parameters, seat).

How lines come and go (the turn logic) is described in `on_table`'s module doc; it lives here, without Streamlit,
so `dispatch` runs it on the step it saves. A meta without the list (a save from before) starts with none.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..core import Session
from ..core.instructions import Instruction
from ..core.registry import manifest

KEY = "on_table"  # the game's meta: the pending table moves
WALK_FROM = 3  # this many lines or more, for two or more hands, from one change are walked one at a time
LOOK_BACK = 64  # steps compared from the end when finding what changed
KEEP_AT_MOST = 120  # lines kept for a table that never ticks and whose turns never come round (the oldest go)


@dataclass
class Line:
    """One line the table still has to do (or, done, struck through in a walk)."""

    step: int  # the log position (0-based) of the step it came from
    j: int  # its index in that step's instructions
    seat: int | None  # whose hands
    batch: int  # the change that brought it (the newest change's lines are marked new)
    owner: int | None  # whose next turn clears it (a line for the whole table: the next player asked)
    kind: str | None = None  # the question that opened the owner's run it came in (None: outside their runs)
    done: bool = False
    back: dict[str, Any] | None = None  # a put-back line: the undone step's instruction (code, params, seat)

    @property
    def ident(self) -> tuple[int, int, bool, int]:
        """What a tick names: the same line on every device that shows it."""
        return self.step, self.j, self.back is not None, self.batch


@dataclass
class Kept:
    n: int = 0  # the log length the list was made for
    lines: list[Line] = field(default_factory=list)
    batch: int = 1
    asker: int | None = None  # the player asked last (chance steps do not count)
    run_kind: str | None = None  # the question that opened their run
    last_kind: str | None = None  # the question pending at the last look (a chance step's too)
    opened: dict[int, dict[str, int]] = field(default_factory=dict)  # seat -> question -> runs opened with it
    walk: int | None = None  # the batch walked one step at a time
    undid: bool = False  # the last change took steps back
    ticked: bool = False  # lines were ticked since the last change


# -- stored form ---------------------------------------------------------------------------------
def _plain(value: Any) -> Any:
    """JSON's own form (tuples as lists), so a stored instruction compares equal to a made one."""
    return json.loads(json.dumps(value, default=str))


def encode(kept: Kept) -> dict[str, Any]:
    lines = [{"s": x.step, "j": x.j, "w": x.seat, "b": x.batch, "o": x.owner, "k": x.kind, "d": int(x.done),
              **({"i": x.back} if x.back is not None else {})} for x in kept.lines]
    return {"n": kept.n, "batch": kept.batch, "asker": kept.asker, "run": kept.run_kind, "last": kept.last_kind,
            "opened": {str(s): dict(k) for s, k in kept.opened.items()}, "walk": kept.walk,
            "undid": int(kept.undid), "ticked": int(kept.ticked), "lines": lines}


def _seat(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _line(d: Any) -> Line | None:
    if not isinstance(d, dict) or _seat(d.get("s")) is None or _seat(d.get("j")) is None:
        return None
    back = d.get("i")
    back = back if isinstance(back, dict) and isinstance(back.get("code"), str) else None
    kind = d.get("k") if isinstance(d.get("k"), str) else None
    return Line(d["s"], d["j"], _seat(d.get("w")), _seat(d.get("b")) or 0, _seat(d.get("o")), kind,
                bool(d.get("d")), back)


def decode(data: Any, log_length: int) -> Kept:
    """The stored list; nothing usable (a save from before, a damaged meta) is an empty list at this position."""
    if not isinstance(data, dict) or not isinstance(data.get("lines"), list):
        return Kept(n=log_length)
    lines = [x for x in map(_line, data["lines"]) if x is not None and (x.back is not None or x.step < log_length)]
    opened: dict[int, dict[str, int]] = {}
    for s, kinds in (data.get("opened") or {}).items() if isinstance(data.get("opened"), dict) else ():
        if str(s).lstrip("-").isdigit() and isinstance(kinds, dict):
            opened[int(s)] = {str(k): int(v) for k, v in kinds.items() if isinstance(v, int)}
    text = [data.get(k) if isinstance(data.get(k), str) else None for k in ("run", "last")]
    return Kept(_seat(data.get("n")) if _seat(data.get("n")) is not None else log_length, lines,
                _seat(data.get("batch")) or 1, _seat(data.get("asker")), text[0], text[1], opened,
                _seat(data.get("walk")), bool(data.get("undid")), bool(data.get("ticked")))


def instruction(line: Line, events: list[list[Any]], game: str,
                memo: dict[int, list[Instruction]] | None = None) -> Instruction | None:
    """The engine's instruction a line stands for (None when the log no longer has it); `memo`: each step's
    instructions made once for many lines."""
    if line.back is not None:
        b = line.back
        return Instruction(b["code"], dict(b.get("params") or {}), _seat(b.get("seat")))
    if line.step >= len(events):
        return None
    memo = {} if memo is None else memo
    if line.step not in memo:
        memo[line.step] = manifest(game).instructions(events[line.step])
    made = memo[line.step]
    return made[line.j] if line.j < len(made) else None


# -- what changed --------------------------------------------------------------------------------
def _common(before: list[list[Any]], now: list[list[Any]], n: int) -> int:
    """How many steps the two logs share from the start (the recent ones compared, older assumed equal)."""
    k = min(len(before), len(now), n)
    floor = max(0, k - LOOK_BACK)
    while k > floor and not (before[k - 1] is now[k - 1] or before[k - 1] == now[k - 1]):
        k -= 1
    return k


def _made(game: str, first: int, steps: list[list[Any]]) -> list[tuple[int, int, Instruction]]:
    make = manifest(game).instructions
    return [(first + s, j, i) for s, events in enumerate(steps) for j, i in enumerate(make(events))]


# -- turns ---------------------------------------------------------------------------------------
def _asked(kept: Kept, session: Session, clear: bool) -> None:
    """The player asked now: a new run of theirs clears what their previous turn left (see on_table's doc)."""
    decision = session.decision
    last, kept.last_kind = kept.last_kind, decision.kind if decision is not None else None
    if decision is None or decision.is_chance:
        return
    again = decision.kind == kept.run_kind and last != decision.kind  # the same player's next turn (solo)
    if decision.player == kept.asker and not again:
        return
    seat, kind = decision.player, decision.kind
    kept.asker, kept.run_kind = seat, kind
    if not clear:
        return
    opened = kept.opened.setdefault(seat, {})
    opened[kind] = opened.get(kind, 0) + 1
    turn = all(opened[kind] > n for k, n in opened.items() if k != kind)
    kept.lines = [x for x in kept.lines if x.batch == kept.batch  # what this change brought stays
                  or not (x.owner == seat and (turn or x.kind is None or x.kind == kind))]
    for x in kept.lines:  # lines for the whole table go with the next player asked
        if x.owner is None:
            x.owner, x.kind = seat, kind


def _owner(kept: Kept, seat: int | None, before: tuple[int | None, str | None]) -> tuple[int | None, str | None]:
    """Whose turn a new line belongs to, and the run it came in (a line for the whole table, or for a seat never
    asked so far, e.g. Meng's: the player asked now or next)."""
    if seat is None or seat not in kept.opened:
        return kept.asker, kept.run_kind
    if seat == before[0]:
        return seat, before[1]
    return seat, kept.run_kind if seat == kept.asker else None


# -- the list ------------------------------------------------------------------------------------
def _take_back(kept: Kept, game: str, k: int, gone: list[list[Any]]) -> None:
    """Steps k.. were undone: their lines leave the list; what they moved is to be put back (last first)."""
    kept.lines = [x for x in kept.lines if x.back is not None or x.step < k]
    for n, j, ins in reversed(_made(game, k, gone)):
        owner, kind = _owner(kept, ins.seat, (kept.asker, kept.run_kind))
        kept.lines.append(Line(n, j, ins.seat, kept.batch, owner, kind, back=_plain(ins.to_dict())))


def _add(kept: Kept, game: str, k: int, added: list[list[Any]], before: tuple[int | None, str | None]) -> None:
    made = _made(game, k, added)
    redone = {(n, json.dumps(_plain(i.to_dict()), sort_keys=True)) for n, _, i in made}
    # a redo before the table put the step back: nothing to put back
    kept.lines = [x for x in kept.lines if not (x.back is not None and not x.done
                                                and (x.step, json.dumps(x.back, sort_keys=True)) in redone)]
    for n, j, ins in made:
        owner, kind = _owner(kept, ins.seat, before)
        kept.lines.append(Line(n, j, ins.seat, kept.batch, owner, kind))
    batch = [x for x in kept.lines if x.batch == kept.batch and x.back is None]  # a joined change's too
    if len(batch) >= WALK_FROM and len({x.seat for x in batch}) >= 2:
        kept.walk = kept.batch


def tidy(kept: Kept) -> None:
    """Done lines go (a walk keeps its own until all are done, struck through); the list stays bounded."""
    walking = kept.walk is not None and any(x.batch == kept.walk and not x.done for x in kept.lines)
    if not walking:
        kept.walk = None
    kept.lines = [x for x in kept.lines if not x.done or (walking and x.batch == kept.walk)][-KEEP_AT_MOST:]


def advance(data: Any, before: list[list[Any]], session: Session, joined: bool = False) -> dict[str, Any]:
    """The stored list after the change from the step lists `before` to `session` (a step, undo, redo, a
    whole run of the app's draws): what the step write saves with the game. `joined`: this step goes on the
    change of the step saved just before it (one tap saved as several steps, e.g. Meng's whole turn)."""
    kept = decode(data, len(before))
    now = session.events
    k = _common(before, now, kept.n)
    gone, added = before[k:], now[k:]
    game = session.game.name
    kept.n, kept.undid, kept.ticked = len(now), bool(gone), False
    kept.batch += 0 if joined else 1
    start = (kept.asker, kept.run_kind)
    if gone:
        _take_back(kept, game, k, gone)
    _asked(kept, session, clear=not gone)  # an undo goes back to someone's question: no new turn
    if added:
        _add(kept, game, k, added, start)
    tidy(kept)
    return encode(kept)


# -- ticking -------------------------------------------------------------------------------------
def tick(data: Any, log_length: int, idents: list[tuple[int, int, bool, int]]) -> dict[str, Any]:
    """The stored list with these lines done (lines another device added since are not touched)."""
    kept = decode(data, log_length)
    wanted = {tuple(i) for i in idents}
    for x in kept.lines:
        if x.ident in wanted:
            x.done = True
    kept.ticked = True
    tidy(kept)
    return encode(kept)
