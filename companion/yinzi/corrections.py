"""The table corrects a Yinzi box fact where the game first uses it (issue 22): the exchange track's rates.

The copper per silver printed above each die field (`exchange.rates`) is a placeholder until the owner checks
it. From edition 6, with table entry on and the rates unchecked, the table reads the track where the die
stands before the rate is used: once at the setup (the start field, 3 Spielaufbau C) and each time the die
moves to a field not read yet in this game (5F I). The model's number is the first option; another number
is what the table saw ("seen", never drawn by the app). The reading is an action of the log, so it replays,
undoes and redoes with the game; a number that differs replaces that field's rate for the rest of the game
(`state.overrides`, status "seen at the table") and every reading is kept in `state.seen` (the Box check
records it field by field: companion.yinzi.seen_items). docs/rulings/yinzi.md 41.
"""

from __future__ import annotations

from companion.core import Event
from companion.core.actions import Action
from companion.core.profile import fact_schema
from companion.core.steps import Frame

from . import components
from .editions import EDITIONS
from .state import YinziState
from .steps import STEPS, decision
from .table_entry import SEEN, open_fact

RATES = components.RATES
READ = "rate_read"


def read_rate(state: YinziState) -> list[Frame]:
    """The reading of the die's field, when it is asked (edition 6, table entry, rates unchecked, not yet read)."""
    if not EDITIONS.has(state, READ) or not open_fact(state, RATES):
        return []
    return [] if state.die in fields_read(state) else [{"k": READ}]


def fields_read(state: YinziState) -> set[int]:
    return {int(r["field"]) for r in state.seen.get(RATES, [])}


def _numbers() -> range:
    items = fact_schema(components.GAME, RATES)["items"]
    return range(int(items.get("minimum", 1)), int(items.get("maximum", 100)) + 1)


def _options(state: YinziState, frame: Frame) -> list[Action]:
    """The model's rate first, every other number the track may show after it."""
    model = components.of(state).rate(state.die)
    others = ({"type": "rate", "n": n, SEEN: {"rate": n}} for n in _numbers() if n != model)
    return [{"type": "rate", "n": model}, *others]


def _params(state: YinziState, frame: Frame) -> dict:
    return {"round": state.round, "phase": state.phase, "field": state.die}


def _weights(state: YinziState, frame: Frame, options: list[Action]) -> tuple[int, ...]:
    """Only the table reads the track: the model's number 1, what only the table enters 0 (never drawn)."""
    return tuple(0 if SEEN in o else 1 for o in options)


@decision(READ, "5F I Kupfer-Silber-Tauschverhältnis festlegen", _options, params=_params, chance=True,
          hidden=True, ask_single=True, weights=_weights)
def _rate_read(state: YinziState, frame: Frame, action: Action | None) -> list[Event]:
    """What the track shows above the die (only the table can tell; the app never draws it)."""
    assert action is not None
    return rate_seen(state, int(action["n"]))


def rate_seen(state: YinziState, n: int) -> list[Event]:
    """The table read `n` above the die's field: kept as read; a number other than the model's is the rate."""
    field, rates = state.die, list(components.of(state).rates)
    model = rates[field - 1]
    seen = dict(state.seen)
    seen[RATES] = [*seen.get(RATES, []), {"field": field, "rate": n}]
    state.seen = seen
    if n == model:
        return []
    rates[field - 1] = n
    state.overrides = {**state.overrides, RATES: rates}
    return [STEPS.event("rate_seen", {"field": field, "rate": n, "expected": model})]
