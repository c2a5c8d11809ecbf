"""Table instructions: the physical steps an action implies, for the people at the table.

Every engine turns its events into instructions (`Manifest.instructions`): "Anna: put 2
servants from your supply into the general supply", "lay the card 7 at the Jade official".
An instruction is a translatable code with parameters and the seat whose hands do it (None:
anyone at the table). Each code has two texts in the catalogs: the step itself (`code`) and
how to take it back when the action is undone (`code + ".undo"`), so Undo can tell the table
what to put back, in reverse order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Event

UNDO_SUFFIX = ".undo"


@dataclass(frozen=True)
class Instruction:
    code: str
    params: dict[str, Any] = field(default_factory=dict)
    seat: int | None = None  # whose hands (None: anyone at the table)

    @property
    def undo_code(self) -> str:
        return self.code + UNDO_SUFFIX

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "params": self.params, "seat": self.seat}


Rule = Callable[[Event], Iterable[Instruction]]


class Instructions:
    """A game's event → instruction table: one rule per event code; events without a rule imply
    nothing to do on the table (a score the app keeps, a phase that starts)."""

    def __init__(self, rules: dict[str, Rule] | None = None) -> None:
        self.rules: dict[str, Rule] = dict(rules or {})

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
        return out


def undo_steps(instructions: Sequence[Instruction]) -> list[Instruction]:
    """What to do on the table to take `instructions` back: their undo texts, last step first."""
    return list(reversed(instructions))
