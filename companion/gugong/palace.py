"""The Palace of Heavenly Purity (gugong-de "5. Der Palast der himmlischen Reinheit", p. 10): envoy steps."""

from __future__ import annotations

from .servants import pay, pay_variants
from .state import GugongState
from .steps import Events
from .tracks import advance_envoy, move_intrigue

RULE_PALACE = "gugong-de: 5. Der Palast der himmlischen Reinheit (S. 10)"


def options(state: GugongState, seat: int) -> list[dict]:
    cost = state.comp.act.palace_b_cost
    return [{"opt": "A"}] + [{"opt": "B", "dd": dd} for dd in pay_variants(state, seat, cost)]


def perform(state: GugongState, seat: int, opt: dict) -> Events:
    act = state.comp.act
    if opt["opt"] == "A":
        return advance_envoy(state, seat, act.palace_a_steps)
    events = pay(state.players[seat], act.palace_b_cost, opt["dd"])
    events += advance_envoy(state, seat, act.palace_b_steps)
    return events + move_intrigue(state, seat, act.palace_b_intrigue)
