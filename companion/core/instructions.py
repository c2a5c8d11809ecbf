"""Table instructions: the physical steps an action implies, for the people at the table.

Every engine turns its events into instructions (`Manifest.instructions`): "Anna: put 2
servants from your supply into the general supply", "lay the card 7 at the Jade official".
An instruction is a translatable code with parameters and the seat whose hands do it (None:
anyone at the table). Each code has two texts in the catalogs: the step itself (`code`) and
how to take it back when the action is undone (`code + ".undo"`), so Undo can tell the table
what to put back, in reverse order.

Each instruction also says what it touches on the board (`touches`): paths into the game's
`view(state)`, such as "players.1.vp" or "officials.3.card". A game lists which paths of its
view are the public board (`Board`); `Board.changes` diffs two views and `Board.check` says which
changes no instruction names and which instructions name nothing that changed, so a test can
prove that the table is told every move of a step, and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .actions import Event

UNDO_SUFFIX = ".undo"


@dataclass(frozen=True)
class Instruction:
    code: str
    params: dict[str, Any] = field(default_factory=dict)
    seat: int | None = None  # whose hands (None: anyone at the table)
    # the board paths of the game's view this step changes (see Board); not part of the step's identity
    touches: tuple[str, ...] = field(default=(), compare=False)

    @property
    def undo_code(self) -> str:
        return self.code + UNDO_SUFFIX

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "params": self.params, "seat": self.seat}


Rule = Callable[[Event], Iterable[Instruction]]
Touches = Callable[[Instruction], Iterable[str]]


class Instructions:
    """A game's event → instruction table: one rule per event code; events without a rule imply
    nothing to do on the table (a score the app keeps, a phase that starts)."""

    def __init__(self, rules: dict[str, Rule] | None = None, touches: Touches | None = None) -> None:
        self.rules: dict[str, Rule] = dict(rules or {})
        self.touches = touches  # what each instruction touches on the board, by its code and parameters

    def rule(self, *codes: str) -> Callable[[Rule], Rule]:
        def register(fn: Rule) -> Rule:
            for code in codes:
                if code in self.rules:
                    raise ValueError(f"two instruction rules for {code!r}")
                self.rules[code] = fn
            return fn

        return register

    def __call__(self, events: Sequence[Event]) -> list[Instruction]:
        out: list[Instruction] = []
        for event in events:
            rule = self.rules.get(event.code)
            if rule is not None:
                out.extend(rule(event))
        return out if self.touches is None else [self.touching(i) for i in out]

    def touching(self, i: Instruction) -> Instruction:
        """`i` with the board paths it touches filled in (kept when its rule already said them)."""
        if i.touches or self.touches is None:
            return i
        return replace(i, touches=tuple(self.touches(i)))


def undo_steps(instructions: Sequence[Instruction]) -> list[Instruction]:
    """What to do on the table to take `instructions` back: their undo texts, last step first."""
    return list(reversed(instructions))


# -- what the board shows, and what a step changed on it ------------------------------------------------
@dataclass(frozen=True)
class Board:
    """The public board within a game's view: path patterns whose values are pieces, cards, markers or counts
    the table has in front of it ("players.*.vp"; "*" stands for any list index or key, "[location]" for any entry
    of a list named by its "location" value, so "officials.[location].card" reads "officials.Jade.card").
    `unchanged`: instruction codes whose step may leave the view as it was (cards back into the box, a die rolled
    to the face it already showed): the check does not call them needless.
    Everything else of the view (whose turn, costs worked out, a phase's name) is the app's, not the table's."""

    paths: tuple[str, ...]
    unchanged: frozenset[str] = frozenset()

    def read(self, view: dict[str, Any]) -> dict[str, Any]:
        """Each board path with its value, wildcards spelled out ("players.2.vp": 7)."""
        out: dict[str, Any] = {}
        for pattern in self.paths:
            _walk(view, pattern.split("."), [], out)
        return out

    def changes(self, before: dict[str, Any], after: dict[str, Any]) -> set[str]:
        """The board paths whose value differs between two views (a path only one of them has counts too,
        unless it holds nothing)."""
        a, b = self.read(before), self.read(after)
        return {k for k in a.keys() | b.keys() if _held(a.get(k)) != _held(b.get(k))}

    def check(self, changes: set[str], steps: Sequence[Instruction]) -> tuple[set[str], list[Instruction]]:
        """What the instructions leave out (changed paths none of them touches) and what they say needlessly
        (instructions none of whose paths changed: a path another step of the same action touches too may come
        back as it was, a boat moved left by a flood and right by a reward)."""
        touched = [p for i in steps for p in i.touches]
        unnamed = {c for c in changes if not any(_covers(t, c) for t in touched)}

        def said(n: int, i: Instruction) -> bool:
            if i.code in self.unchanged:
                return True
            others = [t for j in steps[:n] + steps[n + 1:] for t in j.touches]
            return any(any(_covers(t, c) for c in changes) or any(_covers(o, t) for o in others) for t in i.touches)

        return unnamed, [i for n, i in enumerate(steps) if not said(n, i)]


def _held(value: Any) -> Any:
    """A place with nothing on it reads the same however the view spells it: absent, None, [] or {}; a count
    of 0 in a dict likewise ({"produce": 0} holds what {} holds). A 0 on its own is a value (seat 0)."""
    if isinstance(value, dict):
        value = {k: v for k, v in value.items() if v != 0 or isinstance(v, bool)}
    return None if value is None or value == [] or value == {} else value


def _walk(node: Any, rest: list[str], at: list[str], out: dict[str, Any]) -> None:
    if not rest:
        out[".".join(at)] = node
        return
    head, tail = rest[0], rest[1:]
    if head.startswith("[") and isinstance(node, list):  # entries named by one of their fields
        for item in node:
            _walk(item, tail, [*at, str(item.get(head[1:-1]))], out)
    elif isinstance(node, dict):
        keys = list(node) if head == "*" else [head] if head in node else []
        for k in keys:
            _walk(node[k], tail, [*at, str(k)], out)
    elif isinstance(node, list):
        indices = range(len(node)) if head == "*" else [int(head)] if head.isdigit() and int(head) < len(node) else []
        for i in indices:
            _walk(node[i], tail, [*at, str(i)], out)


def _covers(touch: str, path: str) -> bool:
    """A touched path names a changed one when one lies within the other ("players.1" covers "players.1.vp");
    "*" in a touched path stands for any one part ("players.*.hand": every player's hand)."""
    t, p = touch.split("."), path.split(".")
    return all(a == "*" or a == b for a, b in zip(t, p, strict=False))
