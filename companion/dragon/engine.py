"""In the Year of the Dragon (2007/2017) with both expansions: the engine behind `GAME`.

The state holds a queue of pending steps. `_advance` carries out bookkeeping steps and any
decision with a single possible outcome, and stops at the next real choice; `decision` then
lists that choice's options. So the log holds only what the table actually decided or drew.
"""

from __future__ import annotations

from typing import Any

from companion.core import CHANCE, Action, Decision, Event, Game, RuleError, ScoreSheet

from . import events as _events  # noqa: F401  (registers its steps)
from . import month as _month  # noqa: F401
from . import super_events as _super  # noqa: F401
from .refusals import explain
from .rules import rules_for
from .scoring import sheet_for
from .setup import initial_state as _initial_state
from .setup import normalize_setup as _normalize_setup
from .state import DragonState, state_json
from .steps import AUTO, STEPS, Step, Task

AUTO_LIMIT = 10_000  # guards against a bookkeeping loop


def _options(state: DragonState, task: Task) -> tuple[Step, list[Action]]:
    step = STEPS[task["t"]]
    return step, step.options(state, task)


def _apply_step(state: DragonState, action: Action) -> list[Event]:
    task = state.tasks.pop(0)
    return STEPS[task["t"]].apply(state, task, action)


def advance(state: DragonState) -> list[Event]:
    """Run bookkeeping and forced steps until a real decision (or the end) is first in the queue."""
    events: list[Event] = []
    for _ in range(AUTO_LIMIT):
        if not state.tasks:
            return events
        task = state.tasks[0]
        kind = task["t"]
        if kind in AUTO:
            state.tasks.pop(0)
            events += AUTO[kind](state, task)
            continue
        _, options = _options(state, task)
        if len(options) > 1:
            return events
        if not options:  # nothing can be done (e.g. no palace left to lose a floor): the step lapses
            state.tasks.pop(0)
            continue
        events.append(Event("dragon.forced", {"step": kind, "player": task.get("p", CHANCE), "action": options[0]}))
        events += _apply_step(state, options[0])
    raise RuntimeError("dragon engine: bookkeeping did not settle")


class DragonGame(Game[DragonState]):
    name = "dragon"
    min_players = 2
    max_players = 5

    def normalize_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        return _normalize_setup(setup)

    def initial_state(self, setup: dict[str, Any]) -> DragonState:
        state = _initial_state(setup)
        advance(state)
        return state

    def decision(self, state: DragonState) -> Decision | None:
        if not state.tasks:
            return None
        task = state.tasks[0]
        step, options = _options(state, task)
        weights = step.weights(state, task, options) if step.weights else None
        params = {k: v for k, v in task.items() if k not in ("t", "p")}
        params["month"] = state.month
        player = CHANCE if step.chance else task["p"]
        return Decision(player, f"dragon.{step.kind}", tuple(options), params, weights, step.rule)

    def perform(self, state: DragonState, action: Action, decision: Decision) -> list[Event]:
        events = _apply_step(state, action)
        return events + advance(state)

    def explain_refusal(self, state: DragonState, action: Action, decision: Decision) -> RuleError:
        return explain(state, action, decision) or super().explain_refusal(state, action, decision)

    def to_json(self, state: DragonState) -> dict[str, Any]:
        return state_json(state)

    def score(self, state: DragonState) -> ScoreSheet:
        return sheet_for(state)

    def invariants(self, state: DragonState) -> list[str]:
        return invariants(state)

    def summary(self, state: DragonState) -> dict[str, Any]:
        return {
            "month": state.month,
            "phase": state.phase,
            "event": state.events[state.month - 1] if state.month else None,
            "super_event": state.super_event,
            "wall": len(state.wall),
            "order": [state.players[p].name for p in state.order()],
            "vp": {pl.name: pl.vp for pl in state.players},
            "over": state.over,
        }


def invariants(state: DragonState) -> list[str]:
    """Conservation and limits that must hold after every action."""
    r = rules_for(state.key)
    problems = []
    in_palaces: dict[str, int] = {}
    for p, pl in enumerate(state.players):
        for name in ("yuan", "rice", "fireworks", "small_privileges", "large_privileges"):
            if getattr(pl, name) < 0:
                problems.append(f"player {p} has negative {name}")
        for i, palace in enumerate(pl.palaces):
            if not 1 <= palace.floors <= r.max_floors:
                problems.append(f"player {p} palace {i} has {palace.floors} floors")
            if len(palace.persons) > palace.floors:
                problems.append(f"player {p} palace {i} holds {len(palace.persons)} persons on {palace.floors} floors")
            for t in palace.persons:
                in_palaces[t] = in_palaces.get(t, 0) + 1
        if sorted(pl.hand + pl.played) != list(r.hand):
            problems.append(f"player {p} person cards not conserved")
        if r.great_wall and len(pl.wall_tiles) + state.wall.count(p) != len(r.wall_tiles):
            problems.append(f"player {p} wall pieces not conserved")
    for task in state.tasks:  # a person taken from the board and not yet placed
        if task["t"] == "place":
            in_palaces[task["tile"]] = in_palaces.get(task["tile"], 0) + 1
    for t in r.tiles:
        total = state.supply[t] + in_palaces.get(t, 0) + state.released[t]
        if total != r.supply[t] or state.supply[t] < 0:
            problems.append(f"person tile {t} not conserved: {state.supply[t]} on the board, {total} in all")
    if len(state.wall) > r.wall_length:
        problems.append("wall longer than the event track")
    for pl in state.players:
        if sum(sum(v) for v in pl.scores.values()) != pl.vp:
            problems.append(f"{pl.name}: score sheet does not add up to the VP track")
    return problems


GAME = DragonGame()
