"""Per-game choosers: phone-first ways to answer a pending decision, in one explicit table.

`CHOOSERS[game](ask)` draws the question its own way (tap a card, then an official...) and
returns True, or returns False to leave it to the generic panel (buttons, or a list for long
option lists). A chooser holds no rules: it arranges the decision's own options, using the
engine's view for what it shows, and sends exactly one of them with `ask.send(option)`.
"""

from __future__ import annotations

from collections.abc import Callable

from . import dragon, gugong, yinzi
from .ask import Ask

Chooser = Callable[[Ask], bool]
CHOOSERS: dict[str, Chooser] = {
    "gugong": gugong.choose,
    "gugong-solo": gugong.choose,
    "dragon": dragon.choose,
    "yinzi": yinzi.choose,
}
