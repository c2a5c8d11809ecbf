"""5 Spielablauf: the order of a game as a table. Setup (3), four rounds of phases A-F, the last
chance before scoring (7). Each phase lists its parts in order; each part is a step of the
chapter module named after it, run when the parts before it are done.

`state.phase` is the phase now running (decisions and the board name it).
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.flow import Flow, Phase
from companion.core.steps import Frame

from . import (
    administration,
    bonus,
    disasters,
    emperor,
    feeding,
    game_end,
    infra,
    late_shipping,
    round_end_discs,  # noqa: F401 (declares the disc on the round-end decisions: STEPS.offer)
    setup,
    taxation,
    turn,
    war,
)
from .state import YinziState
from .steps import STEPS, rule


def parts(*kinds: str) -> Callable[[YinziState], list[Frame]]:
    return lambda state: [{"k": kind} for kind in kinds]


FLOW = Flow(STEPS, [
    Phase("setup", parts(*setup.SETUP_STEPS), next="bonus", rule=rule(setup.RULE)),
    Phase("bonus", parts("bonus_round", "bonus_crop_refill"), next="actions", rule=rule(bonus.RULE_A)),
    Phase("actions", parts("action_cards", "action_turns"), next="feeding", rule=rule(turn.RULE_B)),
    Phase("feeding", parts("feeding"), next="war_glory", rule=rule(feeding.RULE_FEED)),
    Phase("war_glory", parts("war_progress", "war_glory"), next="disasters", rule=rule(war.RULE_WAR)),
    Phase("disasters", parts("disasters"), next="infrastructure", rule=rule(disasters.RULE_DISASTER)),
    Phase("infrastructure", parts("infrastructure", "infrastructure_personal"), next="emperor",
          rule=rule(infra.RULE_STEP)),
    Phase("emperor", parts("emperor_rewards"), next="taxation", rule=rule(emperor.RULE_REWARD)),
    Phase("taxation", parts("taxation"), next="late_shipping", rule=rule(taxation.RULE_TAX)),
    Phase("late_shipping", parts("late_shipping_round"), next="administration",
          rule=rule(late_shipping.RULE_LATE)),
    Phase("administration", parts("admin_exchange_rate", "admin_new_round"), next=administration.after_round,
          rule=rule(administration.RULE_ADMIN)),
    Phase("final", parts("final_chance"), next="over", rule=rule(game_end.RULE_FINAL)),
    Phase("over", begin=game_end.game_over),
])
PHASES = tuple(FLOW.phases)  # in order: what the board shows as the round order
ROUND = PHASES[PHASES.index("bonus"): PHASES.index("administration") + 1]  # the phases of one round
