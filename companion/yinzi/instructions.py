"""What the table does with its hands for each event (companion.core.instructions)."""

from __future__ import annotations

from companion.core.instructions import Instructions

INSTRUCTIONS = Instructions()


def instructions(events):  # type: ignore[no-untyped-def]
    return INSTRUCTIONS(events)
