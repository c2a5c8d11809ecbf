"""Yinzi's one registry of step kinds (companion.core.steps) and the helpers its chapters share.

Every pending step is a frame {"k": kind, "p": seat, ...} on `state.stack`. A decision's code is
"yinzi.<kind>" unless its step names another (two kinds may ask the same question under
different rules). Each decision carries the round and the phase it belongs to.
"""

from __future__ import annotations

from typing import Any

from companion.core.steps import Frame, Idiom, Steps, push

from .state import YinziState

R = "yinzi-de"  # rulebook prefix for rule references


def rule(section: str) -> str:
    return f"{R}: {section}"


def _where(state: YinziState, frame: Frame) -> dict[str, Any]:
    return {"round": state.round, "phase": state.phase}


def no_params(state: YinziState, frame: Frame) -> dict[str, Any]:
    return {}


def _discs_settle(state: YinziState) -> None:
    """Progress discs placed before a bookkeeping step are no longer "fresh": they may be cashed from now on."""
    state.progress_fresh = []


STEPS = Steps("yinzi", params=_where, idiom=Idiom(book=R, events="yinzi.", decision_params=no_params,
                                                  before_bookkeeping=_discs_settle))
step = STEPS.step  # the one step decorator (companion.core.steps); a rule is a section of yinzi-de
decision = STEPS.step  # the name the chapters use for a step with options
bookkeeping = STEPS.bookkeeping  # a step the engine carries out on its own: one part of a phase (flow.py)
event = STEPS.event  # the one event factory: "yinzi.<code>"


def again(state: YinziState, frame: Frame, **changes: Any) -> Frame:
    """Keep a step pending: push a changed copy of its frame (frames are never changed in place)."""
    kept = {**frame, **changes}
    push(state, kept)
    return kept

