"""Per-game choosers: phone-first ways to answer a pending decision, in one explicit table.

`CHOOSERS[game](ask)` draws the question its own way (tap a card, then an official...) and
returns True, or returns False to leave it to the generic panel (buttons, or a list for long
option lists). A chooser holds no rules: it arranges the decision's own options, using the
engine's view for what it shows, and sends exactly one of them with `ask.send(option)`.
"""

from __future__ import annotations

import importlib
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


Chooser = Callable[[Ask], bool]
CHOOSERS: dict[str, Chooser] = {}

CHOOSERS["dragon"] = importlib.import_module(".dragon", __package__).choose
CHOOSERS["yinzi"] = importlib.import_module(".yinzi", __package__).choose
