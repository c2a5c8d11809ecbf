"""The virtual-copper disc in the round-end phases (5B Fortschritte wählen, Y 512: a disc is cashed "Immer, wenn
er am Zug ist ... oder während der entsprechenden Spielphasen"; Y 530 "wenn benötigt"; Y 542 "Der Spieler gibt 2
Kupfermünzen aus").

From edition 4 on, every round-end decision in which the player may pay copper (feeding, infrastructure,
taxation, late shipping, the last chance before scoring) also offers the disc while it can help: at taxation
when silver is short, elsewhere while the local market has a cube to buy. Its 2 coins are spent first; what is
left when the player's part of the phase ends goes back to the bank, as at the end of a turn (ruling 22).
"""

from __future__ import annotations

from typing import Any

from companion.core import Event
from companion.core.steps import ExtraOptions, Frame, Step, push

from . import editions, exchange, progress
from .state import YinziState
from .steps import STEPS

FIX = "virtual_copper_round_end"
DISC = "virtual_copper"
CASH = {"type": "cash", "field": DISC}
VIRTUAL_COPPER = 2  # Y 542: "Der Spieler gibt 2 Kupfermünzen aus"
KINDS = ("feed", "tax", "late_shipping", "late_food", "personal", "fill_part", "fill", "final")


def _helps(state: YinziState, frame: Frame) -> bool:
    p = frame["p"]
    if frame["k"] == "tax":  # 2 coins more must buy a silver that is still due
        pl, rate = state.players[p], exchange.rate(state)
        return pl.silver < frame["due"] and (pl.copper + VIRTUAL_COPPER) // rate > pl.copper // rate
    return sum(state.local_market) > 0 and not state.occasion[p]["sold"]


def offered(state: YinziState, frame: Frame) -> bool:
    """The disc is an option of this round-end decision (not on a turn: there it is one of the turn's options)."""
    p = frame.get("p")
    return (isinstance(p, int) and state.phase != "actions" and editions.EDITIONS.has(state, FIX)
            and state.players[p].virtual_copper == 0 and progress.cashable(state, p, DISC) and _helps(state, frame))


def _part_over(state: YinziState, p: int) -> bool:
    top = state.stack[-1] if state.stack else None
    return top is None or top.get("p") != p or top.get("k") not in KINDS


def _options(state: YinziState, frame: Frame, step: Step, listed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [CASH] if offered(state, frame) else []


def _resolve(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event] | None:
    if action != CASH:
        return None
    push(state, frame)  # the same question again, with 2 copper more to spend
    events = [progress.cash(state, frame.get("p"), DISC)]
    exchange.gain_virtual_copper(state, frame.get("p"), VIRTUAL_COPPER)
    return events


def _after(state: YinziState, frame: Frame, events: list[Event]) -> list[Event]:
    """What is left of the disc's coins goes back to the bank when the player's part of the phase ends."""
    p = frame.get("p")
    if isinstance(p, int) and state.players[p].virtual_copper and _part_over(state, p):
        events += exchange.lapse_virtual_copper(state)
    return events


DISC_AT_ROUND_END = ExtraOptions(lambda step: step.kind in KINDS, _options, _resolve, _after)
STEPS.offer(DISC_AT_ROUND_END)  # declared once: the round-end decisions of KINDS meet the disc
