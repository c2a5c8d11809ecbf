"""A tiny dice game (Pig to 20) that exercises every part of the core contract."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from companion.core import CHANCE, Decision, Event, Game, RuleError, ScoreRow, ScoreSheet, SetupError, rank_players


@dataclass
class PigState:
    names: list[str]
    banked: list[int]
    turn_total: int = 0
    player: int = 0
    awaiting_roll: bool = True
    history: list[int] = field(default_factory=list)


class Pig(Game[PigState]):
    name = "toy-pig"
    min_players = 2
    max_players = 4
    target = 20

    def normalize_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        players = setup.get("players")
        if not isinstance(players, list) or not 2 <= len(players) <= 4:
            raise SetupError("bad_players", "Pig needs a list of 2 to 4 player names.")
        return {"players": [str(p) for p in players], "seed": int(setup.get("seed", 0))}

    def initial_state(self, setup: dict[str, Any]) -> PigState:
        return PigState(names=setup["players"], banked=[0] * len(setup["players"]))

    def decision(self, state: PigState) -> Decision | None:
        if max(state.banked) >= self.target:
            return None
        if state.awaiting_roll:
            return Decision(CHANCE, "pig.roll", tuple({"type": "roll", "value": v} for v in range(1, 7)))
        return Decision(state.player, "pig.roll_or_bank", ({"type": "again"}, {"type": "bank"}), rule="pig §2")

    def perform(self, state: PigState, action: dict, decision: Decision) -> list[Event]:
        if action["type"] == "roll":
            state.history.append(action["value"])
            if action["value"] == 1:
                state.turn_total = 0
                state.player = (state.player + 1) % len(state.names)
                return [Event("pig.bust", {"player": state.player})]
            state.turn_total += action["value"]
            state.awaiting_roll = False
            return [Event("pig.rolled", {"value": action["value"]})]
        if action["type"] == "again":
            state.awaiting_roll = True
            return []
        state.banked[state.player] += state.turn_total
        state.turn_total = 0
        state.player = (state.player + 1) % len(state.names)
        state.awaiting_roll = True
        return [Event("pig.banked", {})]

    def explain_refusal(self, state: PigState, action: dict, decision: Decision) -> RuleError:
        if action.get("type") == "bank" and decision.is_chance:
            return RuleError("pig.must_roll", "Roll the die first.", rule="pig §1")
        return super().explain_refusal(state, action, decision)

    def to_json(self, state: PigState) -> dict[str, Any]:
        return asdict(state)

    def invariants(self, state: PigState) -> list[str]:
        return [] if all(b >= 0 for b in state.banked) else ["negative bank"]

    def score(self, state: PigState) -> ScoreSheet:
        totals = [float(b) for b in state.banked]
        eligible = [True] * len(totals)
        ranking, winners, tiebreak = rank_players(totals, eligible)
        return ScoreSheet(
            self.name,
            state.names,
            [ScoreRow("banked", totals)],
            totals,
            eligible,
            ranking,
            winners,
            tiebreak,
            final=self.decision(state) is None,
        )


GAME = Pig()
