"""The registry of In the Year of the Dragon's step kinds (companion.core.steps).

Each chapter module registers its steps here with `step`; frames are {"k": kind, "p": seat, ...}.
A decision's parameters are its frame's fields (without kind and seat) and the month.
"""

from __future__ import annotations

from typing import Any

from companion.core.steps import Frame, Idiom, Steps


def _month(state: Any, frame: Frame) -> dict[str, Any]:
    return {"month": state.month}


def _fields(state: Any, frame: Frame) -> dict[str, Any]:
    return {k: v for k, v in frame.items() if k not in ("k", "p")}


STEPS = Steps("dragon", params=_month, idiom=Idiom(events="dragon.", decision_params=_fields))
step = STEPS.step  # the one step decorator (companion.core.steps)
event = STEPS.event  # the one event factory: "dragon.<code>"
