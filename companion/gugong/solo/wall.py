"""Meng and the Great Wall (gugong-de "Chinesische Mauer (Solo)"): his servants, his intrigue benefit when
the wall is scored, the level-2 decree's extra servant, and what a scoring means for his pieces."""

from __future__ import annotations

from collections.abc import Callable

from companion.core.actions import Action
from companion.core.steps import push

from .. import wall
from ..decrees import owns
from ..servants import grant
from ..steps import Events
from ..tracks import move_intrigue
from . import choices
from .canal import from_general
from .meng import meng_of, on_wall, say, wall_scoring_told
from .state import SoloState
from .travel import afford, day_trades

Resolve = Callable[[SoloState, dict, Action | None], Events | None]


def day_wall(state: SoloState) -> Events:
    """Option A: one servant from his supply onto the wall (tiles traded for it if he has none)."""
    traded = afford(state, 1, trading=day_trades(state))
    if traded is None:
        return [say("wall.cannot")]
    return [*traded, say("wall.place", count=1), *wall.perform(state, state.meng.seat, {"opt": "A", "dd": False})]


def special_wall(state: SoloState) -> Events:
    """Two servants from his general supply (else his supply), without paying."""
    seat, pl = state.meng.seat, meng_of(state)
    placed = 0
    for _ in range(state.comp.meng_act.special_wall_servants):
        src = from_general(state)
        if src is None:
            break
        if src == "general":
            pl.general -= 1
        else:
            pl.pool -= 1
        state.wall.append([seat, 1])
        placed += 1
    later = []
    if owns(state, seat, "wall_extra") and pl.general >= 1:
        later.append({"k": "wall_extra", "p": seat})
    push(state, *later, {"k": "wall_check"})
    return [say("special.wall", count=placed) if placed else say("wall.cannot")]


def benefit(state: SoloState, frame: dict, action: Action | None) -> Events:
    """His intrigue benefit when the wall is scored (choices.wall_benefit)."""
    which = choices.wall_benefit(state, state.meng.seat)
    if which is None:
        return []
    seat = state.meng.seat
    events = move_intrigue(state, seat, -state.comp.benefits[which])
    events.append(say(f"wall.benefit_{which}", steps=state.comp.benefits[which]))
    return events + grant(state, seat, which)


def wall_extra(state: SoloState, frame: dict, action: Action | None) -> Events:
    """The level-2 decree's extra servant, from his general supply: nothing to place when it is empty."""
    placed = wall.place_from_general(state, state.meng.seat)
    return [say("wall.extra"), *placed] if placed else []


def told(resolve: Resolve) -> Resolve:
    """An engine step that may complete the Great Wall (anyone's wall placement, a travel tile), telling the
    table what the scoring means for Meng."""

    def resolve_told(state: SoloState, frame: dict, action: Action | None) -> Events:
        had = on_wall(state)
        events = list(resolve(state, frame, action) or ())
        return events + wall_scoring_told(state, events, had)

    return resolve_told
