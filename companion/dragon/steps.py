"""The step registry: every pending task kind is either bookkeeping (AUTO) or a decision (STEPS).

Each concept module (setup, month, events, super_events) registers its own steps here, so the
engine only dispatches and no module needs to know the others' internals.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.core import Action, Event

from .state import DragonState

Task = dict[str, Any]
Options = Callable[[DragonState, Task], list[Action]]
Apply = Callable[[DragonState, Task, Action], list[Event]]
Auto = Callable[[DragonState, Task], list[Event]]


@dataclass(frozen=True)
class Step:
    kind: str  # decision kind suffix: "dragon.<kind>"
    rule: str
    options: Options
    apply: Apply
    chance: bool = False
    weights: Callable[[DragonState, Task, list[Action]], tuple[int, ...]] | None = None


STEPS: dict[str, Step] = {}
AUTO: dict[str, Auto] = {}


def decision_step(kind: str, rule: str, options: Options, apply: Apply, **kw: Any) -> None:
    STEPS[kind] = Step(kind, rule, options, apply, **kw)


def auto_step(kind: str, run: Auto) -> None:
    AUTO[kind] = run


def push_front(state: DragonState, *tasks: Task) -> None:
    """Run these tasks next, in the given order, before anything already pending."""
    state.tasks[0:0] = list(tasks)


# Rulebook passages (German 2017 rules, shared/rules/year-of-the-dragon-rules-de.txt).
R_SETUP = "Jahr des Drachen: Spielvorbereitung"
R_OPENING = "Jahr des Drachen: Vor dem eigentlichen Spiel"
R_ACTION = "Jahr des Drachen: 1. Phase Aktion"
R_BUILD = "Jahr des Drachen: 1. Phase Aktion, Bau"
R_PRIVILEGE = "Jahr des Drachen: 1. Phase Aktion, Privileg"
R_PERSON = "Jahr des Drachen: 2. Phase Person"
R_EVENT = "Jahr des Drachen: 3. Phase Ereignis"
R_TRIBUTE = "Jahr des Drachen: 3. Phase Ereignis, Kaisertribut"
R_DROUGHT = "Jahr des Drachen: 3. Phase Ereignis, Dürre"
R_INVASION = "Jahr des Drachen: 3. Phase Ereignis, Mongolensturm"
R_CONTAGION = "Jahr des Drachen: 3. Phase Ereignis, Krankheit"
R_WALL = "Jahr des Drachen, Erweiterung I: Die chinesische Mauer"
R_SUPER = "Jahr des Drachen, Erweiterung II: Die Super-Ereignisse"
