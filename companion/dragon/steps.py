"""The registry of In the Year of the Dragon's step kinds (companion.core.steps).

Each chapter module registers its steps here with `step`; frames are {"k": kind, "p": seat, ...}.
A decision's parameters are its frame's fields (without kind and seat) and the month.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.steps import Frame, Options, Resolve, Steps


def _month(state: Any, frame: Frame) -> dict[str, Any]:
    return {"month": state.month}


def _fields(state: Any, frame: Frame) -> dict[str, Any]:
    return {k: v for k, v in frame.items() if k not in ("k", "p")}


STEPS = Steps("dragon", params=_month)


def step(kind: str, rule: str, options: Options | None = None, **how: Any) -> Callable[[Resolve], Resolve]:
    """Register the decorated resolver for `kind` (a decision when it has options, else bookkeeping)."""
    if options is not None:
        how.setdefault("params", _fields)

    def register(resolve: Resolve) -> Resolve:
        return STEPS.step(kind, rule, options, **how)(resolve)

    return register
