"""Trading travel tiles in "zu jedem Zeitpunkt während des Spiels" (gugong-de Reisen; ruling R4).

Whenever a player is to decide something (a pending decision with a choice), the trades that player can
make are options of that decision too; after a trade the same question is asked again. The turn's own
steps (turn, act, turn_done) and the tile limit list the trades themselves; a single-option step that
the table takes at once, a chance step and Meng's steps get none. Edition 1 offered trades only on the
trading player's own turn.
"""

from __future__ import annotations

from companion.core.actions import Action
from companion.core.steps import ExtraOptions, Frame, Step, push

from .editions import EDITIONS
from .state import GugongState
from .steps import STEPS, Events
from .travel import offer_trade, trade_options

OWN_TRADES = frozenset({"turn", "act", "turn_done", "tile_limit", "trade_tiles"})  # list trades, or are one


def _applies(step: Step) -> bool:
    """A player's own decision (not a chance step, not one that lists the trades itself)."""
    return step.options is not None and not step.chance and step.kind not in OWN_TRADES


def _options(state: GugongState, frame: Frame, step: Step, listed: list[Action]) -> list[Action]:
    """The deciding player's trades, when the question is really asked (more than one option, or asked anyway)."""
    if EDITIONS.has(state, "trades_on_every_decision") and (len(listed) > 1 or (listed and step.ask_single)):
        return trade_options(state, frame["p"])
    return []


def _resolve(state: GugongState, frame: Frame, action: Action) -> Events | None:
    if action.get("type") != "trade":
        return None
    push(state, frame)  # the same question again after the trade
    offer_trade(state, frame["p"], action)
    return []


TRADES = ExtraOptions(_applies, _options, _resolve)
STEPS.offer(TRADES)  # declared once: every player decision of Gùgōng and of the solo game meets the trades
