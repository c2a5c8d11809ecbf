"""The order of play (Spielverlauf) as a table: the setup, the opening persons, then twelve months of
four phases (Aktion, Person, Ereignis with Verfall, Wertung), with the expansions' Mauer-Wertung after
a Mongol invasion and the super event in month 7; after month 12 the final scoring (Spielende).
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.flow import Flow, Phase
from companion.core.steps import Frame

from . import action, event, opening, person, scoring, setup, super_events, wall
from .state import DragonState
from .steps import STEPS


def _one(kind: str) -> Callable[[DragonState], list[Frame]]:
    """A phase made of one bookkeeping step."""
    return lambda state: [{"k": kind}]


def _after_event(state: DragonState) -> str:
    return "wall_scoring" if wall.scored_now(state) else _after_wall(state)


def _after_wall(state: DragonState) -> str:
    return "super_event" if super_events.due_now(state) else "decay"


def _after_scoring(state: DragonState) -> str:
    return "action" if state.month < state.comp.months else "end"


def _end_frames(state: DragonState) -> list[Frame]:
    """After month 12: the third Mauer-Wertung (with the wall), then the final scoring."""
    return ([{"k": "wall_final"}] if state.comp.great_wall else []) + [{"k": "final_score"}]


FLOW = Flow(STEPS, [
    Phase("setup", steps=setup.phase_frames, next="opening", rule=setup.RULE),
    Phase("opening", steps=opening.phase_frames, next="action", rule=opening.RULE),
    Phase("action", begin=action.new_month, steps=action.phase_frames, next="person", rule=action.RULE),
    Phase("person", begin=person.phase_begins, steps=person.phase_frames, next="event", rule=person.RULE),
    Phase("event", steps=_one("event"), next=_after_event, rule=event.RULE),
    Phase("wall_scoring", steps=_one("wall_scoring"), next=_after_wall, rule=wall.RULE),
    Phase("super_event", steps=super_events.phase_frames, next="decay", rule=super_events.RULE),
    Phase("decay", steps=_one("decay"), next="scoring", rule=event.RULE_DECAY),
    Phase("scoring", steps=_one("round_score"), next=_after_scoring, rule=scoring.RULE),
    Phase("end", steps=_end_frames, next="over", rule=scoring.RULE_END),
    Phase("over", next=None, rule=scoring.RULE_END),
])
