"""The pending-decision stack: each frame asks one question; handlers register per frame kind.

A frame is a JSON dict {"k": kind, "p": player, ...}; the top of `state.frames` is asked now.
Handlers return an `Ask` (who, what, every legal option) and carry out a chosen option.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.core import Event

from .box import Box
from .state import YinziState

R = "yinzi-de"  # rulebook prefix for rule references


@dataclass
class Ask:
    player: int
    kind: str
    options: list[dict[str, Any]]
    rule: str
    weights: list[int] | None = None
    params: dict[str, Any] = field(default_factory=dict)


AskFn = Callable[[YinziState, Box, dict[str, Any]], Ask]
ActFn = Callable[[YinziState, Box, dict[str, Any], dict[str, Any]], list[Event]]
HANDLERS: dict[str, tuple[AskFn, ActFn]] = {}


def handler(kind: str, ask: AskFn):
    """Register `ask` and the decorated act function for frames of `kind`."""

    def wrap(act: ActFn) -> ActFn:
        HANDLERS[kind] = (ask, act)
        return act

    return wrap


def push(state: YinziState, *frames: dict[str, Any]) -> None:
    """Push frames so that the first one given is asked first."""
    for f in reversed(frames):
        state.frames.append(f)


def pop(state: YinziState, frame: dict[str, Any]) -> None:
    assert state.frames and state.frames[-1] is frame
    state.frames.pop()


def rule(section: str) -> str:
    return f"{R}: {section}"
