"""5B II Arbeiteraktionen, Migration: at most four workers per worker action, migrants from the
lower migration area, and where unused workers go."""

from __future__ import annotations

from typing import Any

from companion.core import Event
from companion.core.steps import Frame, push

from . import components, progress
from .state import YinziState
from .steps import STEPS, decision

RULE_WORKER = "5B II Arbeiteraktionen"


def max_workers(state: YinziState) -> int:
    return components.of(state).max_workers


def start_worker_action(state: YinziState, p: int, action: str, n: int, from_lower: int) -> None:
    """The worker action's own step, with n workers (from_lower of them migrants)."""
    if action == "emperor":
        push(state, {"k": "emperor_box", "p": p, "n": n, "from_lower": from_lower})
    elif action == "war":
        push(state, {"k": "war_count", "p": p, "n": n, "from_lower": from_lower})
    else:
        push(state, {"k": f"work_{action}", "p": p, "left": n, "used": 0, "from_lower": from_lower,
                     "transport": 0, "used_f": []})


def release_unused(state: YinziState, p: int, unused: int, from_lower: int) -> list[Event]:
    """Unused workers go to the upper migration area; migrants taken this turn go back down
    instead (a player never sends workers up and takes them from below in one turn)."""
    if unused <= 0:
        return []
    pl = state.players[p]
    back = min(unused, from_lower)
    pl.migr_lower += back
    pl.migr_upper += unused - back
    return [STEPS.event("workers_to_migration", {"player": p, "upper": unused - back, "lower": back})]


def _options(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    p = frame["p"]
    pl = state.players[p]
    room = max_workers(state) - frame["n"]
    lower = range(min(pl.migr_lower, room) + 1)
    opts: list[dict[str, Any]] = [{"type": "migrants", "count": k} for k in lower]
    if frame["action"] == "emperor" and progress.cashable(state, p, "eager_migrants"):
        # eager migrants: workers may also come from the upper migration area (emperor's projects only)
        opts += [
            {"type": "migrants", "count": k, "upper": u}
            for k in lower
            for u in range(1, min(pl.migr_upper, room - k) + 1)
        ]
    return opts


@decision("migrants", RULE_WORKER, _options, lambda state, frame: {"workers": frame["n"]},
          decision_kind="yinzi.add_migrants")
def _migrants(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    p = frame["p"]
    k, u = action["count"], action.get("upper", 0)
    state.players[p].migr_lower -= k
    state.players[p].migr_upper -= u
    events = [progress.cash(state, p, "eager_migrants")] if u else []
    start_worker_action(state, p, frame["action"], frame["n"] + k + u, k)
    if k + u:
        events.append(STEPS.event("migrants_added", {"player": p, "count": k + u, "lower": k, "upper": u}))
    return events
