"""Gùgōng's one step registry (companion.core.steps): every frame kind of the game is registered here.

Each rulebook chapter registers its own steps with `@step(kind, rule, options, ...)`; a resolver
returns its events, built with `event(code, **params)` ("gugong.event.<code>"). The solo game
shares these kinds through `STEPS.variant` and lets Meng resolve some frames by his own rules.
"""

from __future__ import annotations

from companion.core.steps import Events, Idiom, Steps

STEPS = Steps("gugong", idiom=Idiom(events="gugong.event."))
step = STEPS.step  # the one step decorator (companion.core.steps)
event = STEPS.event  # the one event factory: "gugong.event.<code>", translated at the edge

__all__ = ["STEPS", "Events", "event", "step"]
