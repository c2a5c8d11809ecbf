"""5B Fortschritte wählen: discs in the progress box, placed by the action or the bonus and cashed
(taken back) for their effect on a later turn."""

from __future__ import annotations

from collections.abc import Sequence

from companion.core import Event

from . import components
from .state import PROGRESS_AREAS, YinziState
from .steps import STEPS


def area_of(state: YinziState, field: str) -> str:
    for area, fields in components.of(state).progress.fields.items():
        if field in fields:
            return area
    raise KeyError(field)


def free_fields(state: YinziState, exclude_areas: Sequence[str] = ()) -> list[str]:
    fields = components.of(state).progress.fields
    out: list[str] = []
    for area in PROGRESS_AREAS:
        if area not in exclude_areas:
            out += [f for f in fields[area] if f not in state.progress]
    return out


def place(state: YinziState, p: int, field: str) -> list[Event]:
    state.players[p].discs -= 1
    state.progress[field] = p
    state.progress_fresh.append(field)
    return [STEPS.event("progress_placed", {"player": p, "field": field})]


def cashable(state: YinziState, p: int, field: str) -> bool:
    """A progress disc may be used on a later turn than the one it was placed (RULES-Y 5B Fortschritte)."""
    return state.progress.get(field) == p and field not in state.progress_fresh


def cash(state: YinziState, p: int, field: str) -> Event:
    del state.progress[field]
    state.players[p].discs += 1
    return STEPS.event("progress_cashed", {"player": p, "field": field})
