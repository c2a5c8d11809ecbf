"""7 Spielende und Schlusswertung: after the fourth round each player, in turn order, has a last chance
to sell food at the local market and fulfil own infrastructure tiles; then the pad (scoring.py)."""

from __future__ import annotations

from typing import Any

from companion.core import Event
from companion.core.steps import Frame, push

from . import goods, infra, local_market, readings
from .state import LOCAL_SELLABLE, YinziState
from .steps import STEPS, again, bookkeeping, decision

RULE_FINAL = "7 Spielende und Schlusswertung"


@bookkeeping("final_chance", RULE_FINAL)
def last_chance(state: YinziState) -> list[Event]:
    local_market.open_occasion(state, state.order)
    # edition 7: the markets' printed victory points are read before the final scoring counts the wares on them
    push(state, *({"k": "final", "p": p} for p in state.order), *readings.markets_scored(state))
    return [STEPS.event("final_opportunity", {})]


def game_over(state: YinziState) -> list[Event]:
    return [STEPS.event("game_over", {})]


def _options(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    p = frame["p"]
    opts: list[dict[str, Any]] = []
    if local_market.can_sell(state, p):
        opts += [{"type": "sell_local", "src": s["src"]} for s in goods.sources(state, p, LOCAL_SELLABLE)]
    return [*opts, *infra.personal_options(state, p), {"type": "done"}]


@decision("final", RULE_FINAL, _options, decision_kind="yinzi.final_opportunity")
def _final(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    frame = local_market.first_answer(state, frame)
    p = frame["p"]
    if action["type"] == "done":
        return []
    again(state, frame)
    if action["type"] == "sell_local":
        return [local_market.sell(state, p, action["src"], False)]
    infra.start_part(state, p, action["tile"])
    return []
