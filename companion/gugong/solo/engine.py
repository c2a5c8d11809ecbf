"""Solo Gùgōng against Meng: `GAME`, the engine "gugong-solo" (gugong-de "SOLO VARIANT").

The same engine as multiplayer Gùgōng (same steps, actions and save format) on the 2-player
board, with Meng in seat 1. Meng never decides anything: his steps are automatic frames
(companion/gugong/solo/steps.py routes the engine's frames to his rules); what the table turns
up for him is a chance step. The phase table adds the dusk (solo/flow.py).

Setup: {"players": ["Anna"], "difficulty": "easy|normal|hard", "night_rule": "as_if|at_least",
"focus": null or a location, "sets": "4/5|2/3|1/2", "seed": 0, "profile": {"overrides": {...}}}.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from companion.core.actions import Action, Decision
from companion.core.errors import RuleError
from companion.core.flow import Flow

from .. import setup as board
from ..end_table import EndTable
from ..engine import Gugong
from . import deck
from .flow import FLOW
from .setup import DIFFICULTIES, MENG_SEAT, NIGHT_RULES, normalize_setup, two_seats
from .state import MengState, SoloState
from .steps import SOLO_STEPS

__all__ = ["DIFFICULTIES", "GAME", "MENG_SEAT", "NIGHT_RULES", "GugongSolo"]


class GugongSolo(Gugong):
    name = "gugong-solo"
    min_players = 1
    max_players = 1
    steps = SOLO_STEPS
    flow: ClassVar[Flow] = FLOW

    def normalize_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        return normalize_setup(setup)

    def new_state(self, setup: dict[str, Any]) -> SoloState:
        meng = MengState(seat=MENG_SEAT, difficulty=setup["difficulty"], night_rule=setup["night_rule"],
                         focus=setup["focus"], sets=setup["sets"])
        state = SoloState.from_base(board.table(two_seats(setup)), meng)
        state.stack.append(self.flow.start("setup"))
        return state

    def decision(self, state: SoloState) -> Decision | None:
        d = super().decision(state)
        if d is not None and d.player == state.meng.seat:  # every Meng step must have a rule
            raise AssertionError(f"Meng has no Automa rule for {d.kind}")
        return d

    def explain_refusal(self, state: SoloState, action: Action, decision: Decision) -> RuleError:
        if decision.kind == "gugong.meng_reveal" and deck.special_spent(state.meng, str(action.get("card"))):
            specials = int(state.comp.meng.difficulty_special_cards[state.meng.difficulty])
            return RuleError("meng.error.one_special", f"Meng's deck holds {specials} special Automa card(s) in this "
                             "game and none is left until the deck is reshuffled: enter the location the card shows.",
                             rule=decision.rule, n=specials)
        if decision.kind.startswith("gugong.meng_") and action.get("type") not in {o["type"] for o in decision.options}:
            return RuleError("meng.error.meng_step", "Meng's step comes first: enter what the table turns up for him "
                             f"({decision.kind}).", rule=decision.rule, step=decision.kind)
        return super().explain_refusal(state, action, decision)

    def invariants(self, state: SoloState) -> list[str]:
        out = super().invariants(state)
        m = state.meng
        cards = state.comp.meng.automa_cards
        specials = int(state.comp.meng.difficulty_special_cards[m.difficulty])
        expected = int(sum(cards.values())) - (int(cards["special"]) - specials)
        if m.deck and m.automa_total != expected:
            out.append(f"Automa cards: {m.automa_total} accounted for, expected {expected}")
        if min([*m.deck.values(), *m.earlier.values(), 0]) < 0:
            out.append("Automa cards: a negative count")
        pl = state.players[m.seat]
        if pl.dd != "locked" or any(b.places >= state.comp.boat_capacity for b in pl.boats):
            out.append("Meng: his double servant left the focus, or a full boat was not rewarded")
        if sum(pl.rewards.values()):
            out.append("Meng: his own servants on port-reward spaces (he uses neutral markers)")
        return out

    def end_table(self, state: SoloState) -> EndTable:
        table = super().end_table(state)
        m = state.meng
        markers = m.markers["card"] + min(m.markers["vp"], state.comp.reward_slots["vp"])
        players = list(table.players)
        players[m.seat] = replace(players[m.seat], meng=True, port_servants=markers)
        return replace(table, players=players)

    def summary(self, state: SoloState) -> dict[str, Any]:
        out = super().summary(state)
        m = state.meng
        out.update({"difficulty": m.difficulty, "focus": m.focus, "automa_deck": sum(m.deck.values()),
                    "port_rewards": m.claims})
        return out


GAME = GugongSolo()
