"""The question a chooser is given: the pending decision, its options in words, the game's view."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.core import Decision

from ..dispatch import Table


@dataclass(frozen=True)
class Ask:
    table: Table
    decision: Decision
    labels: list[str]  # each option in words, in the decision's order
    view: dict[str, Any]  # the game's manifest.view(state)
    lang: str
    names: list[str]
    version: int  # for widget keys
    send: Callable[[dict[str, Any]], None]  # dispatch one of the decision's options
