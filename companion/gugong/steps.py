"""Gùgōng's one step registry (companion.core.steps): every frame kind of the game is registered here.

Each rulebook chapter registers its own steps with `@step(kind, rule, options, ...)`; a resolver
returns its events, built with `event(code, **params)` ("gugong.event.<code>"). The solo game
shares these kinds through `STEPS.variant` and lets Meng resolve some frames by his own rules.
"""

from __future__ import annotations

from typing import Any

from companion.core.actions import Event
from companion.core.steps import Events, Steps

STEPS = Steps("gugong")
step = STEPS.step

__all__ = ["STEPS", "Events", "event", "step"]


def event(code: str, **params: Any) -> Event:
    """An event of the game log, translated at the edge from the catalog key gugong.event.<code>."""
    return Event(f"gugong.event.{code}", params)
