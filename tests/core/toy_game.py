"""A tiny dice game (Pig to 20) on the core contract: step stack, phase table, manifest.

It is also the "fourth game" of the architecture tests: registering `MANIFEST` is all it
takes for the CLI and the Home screen to offer it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from companion.core import Event, RuleError, ScoreRow, ScoreSheet, SetupError, rank_players
from companion.core.flow import Flow, Phase
from companion.core.game import StepGame
from companion.core.instructions import Instruction, Instructions
from companion.core.manifest import Manifest
from companion.core.steps import Stack, Steps, push

TARGET = 20
STEPS = Steps("pig")


@dataclass
class PigState:
    names: list[str]
    banked: list[int]
    turn_total: int = 0
    player: int = 0
    phase: str = ""
    history: list[int] = field(default_factory=list)
    stack: Stack = field(default_factory=Stack)


@STEPS.step("roll", "pig §1", lambda s, f: [{"type": "roll", "value": v} for v in range(1, 7)], chance=True)
def _roll(state: PigState, frame: dict, action: dict | None) -> list[Event]:
    assert action is not None
    state.history.append(action["value"])
    if action["value"] == 1:
        state.turn_total = 0
        state.player = (state.player + 1) % len(state.names)
        return [Event("pig.bust", {"player": state.player})]
    state.turn_total += action["value"]
    push(state, {"k": "roll_or_bank", "p": state.player})
    return [Event("pig.rolled", {"value": action["value"]})]


@STEPS.step("roll_or_bank", "pig §2", lambda s, f: [{"type": "again"}, {"type": "bank"}])
def _again_or_bank(state: PigState, frame: dict, action: dict | None) -> list[Event]:
    assert action is not None
    if action["type"] == "again":
        push(state, {"k": "roll"})
        return []
    state.banked[state.player] += state.turn_total
    state.turn_total = 0
    state.player = (state.player + 1) % len(state.names)
    return [Event("pig.banked", {})]


FLOW = Flow(STEPS, [
    Phase("turn", steps=lambda s: [{"k": "roll"}], next=lambda s: None if max(s.banked) >= TARGET else "turn",
          rule="pig §1"),
])


class Pig(StepGame[PigState]):
    name = "toy-pig"
    min_players = 2
    max_players = 4
    steps = STEPS
    target = TARGET

    def normalize_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        players = setup.get("players")
        if not isinstance(players, list) or not 2 <= len(players) <= 4:
            raise SetupError("bad_players", "Pig needs a list of 2 to 4 player names.")
        return {"players": [str(p) for p in players], "seed": int(setup.get("seed", 0))}

    def new_state(self, setup: dict[str, Any]) -> PigState:
        state = PigState(names=setup["players"], banked=[0] * len(setup["players"]))
        push(state, FLOW.start("turn"))
        return state

    def explain_refusal(self, state: PigState, action: dict, decision: Any) -> RuleError:
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
        return ScoreSheet(self.name, state.names, [ScoreRow("banked", totals)], totals, eligible, ranking, winners,
                          tiebreak, final=self.decision(state) is None)


GAME = Pig()
INSTRUCTIONS = Instructions()


@INSTRUCTIONS.rule("pig.rolled")
def _rolled(event: Event) -> list[Instruction]:
    return [Instruction("pig.do.leave_die", {"value": event.params["value"]})]


def _view(state: PigState) -> dict[str, Any]:
    return {"banked": list(state.banked), "turn_total": state.turn_total, "player": state.player}


MANIFEST = Manifest(name="toy-pig", engine=GAME, box="toy-pig", title="ui.game.toy-pig", view=_view,
                    instructions=INSTRUCTIONS)
