"""The order of phases as data (cf. boardgame.io's phases with onBegin and next).

A game lists its phases in a table. The flow frame {"k": "flow", "next": name} starts that
phase: `state.phase` becomes its name, its `begin` runs (bookkeeping that opens the phase,
returning its events), its `steps` are pushed, and under them the frame {"k": "flow",
"after": name}. When that frame comes up, the phase has ended: its `end` runs, and its `next`
(a name, or a function of the state evaluated then) says which phase starts; None ends the game.

    FLOW = Flow(STEPS, [
        Phase("setup", steps=setup_steps, next="day", rule=RULE_SETUP),
        Phase("day", begin=day_begins, steps=first_turn, next="night", rule=RULE_DAY),
        Phase("night", steps=night_steps, next=lambda s: "morning" if s.day < 4 else "end"),
        Phase("morning", begin=new_day, steps=morning_steps, next="day"),
        Phase("end", begin=final_scoring_begins, next=None),
    ])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .steps import Events, Frame, Steps, push

FLOW = "flow"


@dataclass(frozen=True)
class Phase:
    name: str
    steps: Callable[[Any], list[Frame]] | None = None  # the frames the phase consists of, in order
    next: str | Callable[[Any], str | None] | None = None  # the phase after this one (None: the game ends)
    begin: Callable[[Any], Events | None] | None = None  # bookkeeping when the phase starts
    end: Callable[[Any], Events | None] | None = None  # bookkeeping when its steps are done
    rule: str = ""

    def following(self, state: Any) -> str | None:
        return self.next(state) if callable(self.next) else self.next


class Flow:
    """A game's phase table, registered as the bookkeeping step "flow" of its `Steps`."""

    def __init__(self, steps: Steps, phases: Sequence[Phase], kind: str = FLOW) -> None:
        self.phases = {p.name: p for p in phases}
        if len(self.phases) != len(phases):
            raise ValueError(f"{steps.game}: two phases share a name")
        self.kind = kind
        rule = phases[0].rule if phases else ""
        steps.step(kind, rule)(self.run)

    def start(self, phase: str) -> Frame:
        """The frame that starts `phase` (a new game's stack holds the one for its first phase)."""
        return {"k": self.kind, "next": phase}

    def run(self, state: Any, frame: Frame, action: Any = None) -> Events:
        """Start the phase the frame names, or the one after the phase that just ended."""
        events: Events = []
        if "after" in frame:
            ended = self.phases[frame["after"]]
            events += ended.end(state) or () if ended.end else ()
            name = ended.following(state)
        else:
            name = frame["next"]
        if name is None:
            return events  # the game is over
        phase = self.phases[name]
        state.phase = phase.name
        events += phase.begin(state) or () if phase.begin else ()
        push(state, *(phase.steps(state) if phase.steps else ()), {"k": self.kind, "after": phase.name})
        return events
