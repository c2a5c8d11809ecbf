"""Trading travel tiles in "zu jedem Zeitpunkt während des Spiels" (gugong-de Reisen; ruling R4).

Whenever a player is to decide something (a pending decision with a choice), the trades that player can
make are options of that decision too; after a trade the same question is asked again. The turn's own
steps (turn, act, turn_done) and the tile limit list the trades themselves; a single-option step that
the table takes at once, a chance step and Meng's steps get none. Edition 1 offered trades only on the
trading player's own turn.
"""

from __future__ import annotations

from dataclasses import replace

from companion.core.actions import Action
from companion.core.steps import Frame, Step, push

from .editions import EDITIONS
from .state import GugongState
from .steps import STEPS, Events
from .travel import offer_trade, trade_options

OWN_TRADES = frozenset({"turn", "act", "turn_done", "tile_limit", "trade_tiles"})  # list trades, or are one
_WITH_TRADES: dict[int, Step] = {}  # id of a step -> the step with trades
_WRAPPED: set[int] = set()  # ids of steps that are already with trades


def with_trades(step: Step) -> Step:
    """`step` with the deciding player's trades added to its options (cached per step)."""
    found = _WITH_TRADES.get(id(step))
    if found is not None:
        return found
    base_options, base_resolve = step.options, step.resolve
    assert base_options is not None

    def options(state: GugongState, frame: Frame) -> list[Action]:
        out = base_options(state, frame)
        if EDITIONS.has(state, "trades_on_every_decision") and (len(out) > 1 or (out and step.ask_single)):
            out = out + trade_options(state, frame["p"])
        return out

    def resolve(state: GugongState, frame: Frame, action: Action | None) -> Events | None:
        if action is not None and action.get("type") == "trade":
            push(state, frame)  # the same question again after the trade
            offer_trade(state, frame["p"], action)
            return []
        return base_resolve(state, frame, action)

    resolve.__wrapped__ = base_resolve  # type: ignore[attr-defined]  # the chapter's resolver, for the step index
    wrapped = replace(step, options=options, resolve=resolve)
    _WITH_TRADES[id(step)] = wrapped
    _WRAPPED.add(id(wrapped))
    return wrapped


def trading(step: Step) -> Step:
    """The step as a player meets it: with trades when it is a player's own decision."""
    if step.options is None or step.chance or step.kind in OWN_TRADES or id(step) in _WRAPPED:
        return step
    return with_trades(step)


def offer_everywhere() -> None:
    """Every player decision registered so far meets the trades (called once all chapters have registered)."""
    for kind, step in list(STEPS.kinds.items()):
        STEPS.kinds[kind] = trading(step)
