"""Yinzi's one registry of step kinds (companion.core.steps) and the helpers its chapters share.

Every pending step is a frame {"k": kind, "p": seat, ...} on `state.stack`. A decision's code is
"yinzi.<kind>" unless its step names another (two kinds may ask the same question under
different rules). Each decision carries the round and the phase it belongs to.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.actions import Action, Event
from companion.core.steps import Frame, Options, Resolve, Step, Steps, push

from .state import YinziState

R = "yinzi-de"  # rulebook prefix for rule references


def rule(section: str) -> str:
    return f"{R}: {section}"


def _where(state: YinziState, frame: Frame) -> dict[str, Any]:
    return {"round": state.round, "phase": state.phase}


STEPS = Steps("yinzi", params=_where)


def no_params(state: YinziState, frame: Frame) -> dict[str, Any]:
    return {}


def decision(kind: str, section: str, options: Options, params: Callable[..., dict[str, Any]] = no_params,
             **how: Any) -> Callable[[Resolve], Resolve]:
    """Register the decorated resolver of a decision `kind` (the rule is a rulebook section)."""
    return STEPS.step(kind, rule(section), options, params=params, **how)


def bookkeeping(kind: str, section: str = "") -> Callable[[Callable[[YinziState], list[Event]]], Callable]:
    """Register a step the engine carries out on its own: one part of a phase (see flow.py).

    Progress discs placed before it are no longer "fresh": they may be cashed from now on.
    """

    def register(fn: Callable[[YinziState], list[Event]]) -> Callable[[YinziState], list[Event]]:
        def run(state: YinziState, frame: Frame, action: Action | None = None) -> list[Event]:
            state.progress_fresh = []
            return fn(state)

        run.__wrapped__ = fn  # type: ignore[attr-defined]  # the step index names the phase's own function
        STEPS.add(Step(kind, run, None, rule(section) if section else ""))
        return fn

    return register


def again(state: YinziState, frame: Frame, **changes: Any) -> Frame:
    """Keep a step pending: push a changed copy of its frame (frames are never changed in place)."""
    kept = {**frame, **changes}
    push(state, kept)
    return kept

