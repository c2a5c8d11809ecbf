"""Phase 3 (the month's event and the releases it forces), decay, the wall scoring, phase 4 and the end."""

from __future__ import annotations

from companion.core import Action, Event

from .palaces import decay, monk_points, person_choices, release, release_all, symbols
from .state import FINAL_COLUMN, DragonState
from .steps import R_DROUGHT, R_EVENT, Task, auto_step, decision_step, push_front


def release_task(state: DragonState, p: int, n: int, why: str) -> Task | None:
    if n <= 0 or not state.players[p].persons():
        return None
    return {"t": "release", "p": p, "n": n, "why": why}


def resolve_event(state: DragonState, event: str, repeat: bool = False) -> list[Event]:
    """Carry out an event; releases become tasks in person-track order (decided one by one)."""
    r = state.rules
    order = state.order()
    events = [Event("dragon.event_resolved", {"month": state.month, "event": event, "repeat": repeat})]
    pending: list[Task | None] = []
    if event == "imperial_tribute":
        for p in order:
            pl = state.players[p]
            paid = min(r.tribute, pl.yuan)
            pl.yuan -= paid
            events.append(Event("dragon.tribute_paid", {"player": p, "paid": paid, "missing": r.tribute - paid}))
            pending.append(release_task(state, p, r.tribute - paid, "imperial_tribute"))
    elif event == "drought":
        for p in order:
            pl = state.players[p]
            inhabited = sum(1 for palace in pl.palaces if palace.persons) * r.drought_rice
            paid = min(inhabited, pl.rice)
            pl.rice -= paid
            unfed = (inhabited - paid) // r.drought_rice
            events.append(Event("dragon.rice_paid", {"player": p, "paid": paid, "unfed": unfed}))
            if unfed:
                pending.append({"t": "drought", "p": p, "n": unfed, "done": []})
    elif event == "dragon_festival":
        events += festival(state)
    elif event == "mongol_invasion":
        helmets = [symbols(state, p, "warrior") for p in range(len(state.players))]
        for p in order:
            state.add_vp(p, "invasion", helmets[p])
        fewest = min(helmets)
        events.append(Event("dragon.invasion", {"helmets": helmets, "fewest": fewest}))
        pending += [release_task(state, p, 1, "mongol_invasion") for p in order if helmets[p] == fewest]
    elif event == "contagion":
        for p in order:
            mortars = symbols(state, p, "healer")
            pending.append(release_task(state, p, max(0, r.contagion - mortars), "contagion"))
    push_front(state, *(t for t in pending if t is not None))
    return events


def festival(state: DragonState) -> list[Event]:
    """6 VP for most rockets, 3 for second most (ties share); scorers hand back half, rounded up."""
    first_pts, second_pts = state.rules.festival_points
    counts = [pl.fireworks for pl in state.players]
    levels = sorted({c for c in counts if c > 0}, reverse=True)
    events = []
    for rank, points in ((0, first_pts), (1, second_pts)):
        if rank >= len(levels):
            break
        for p in state.order():
            if counts[p] == levels[rank]:
                back = (counts[p] + 1) // 2
                state.add_vp(p, "festival", points)
                state.players[p].fireworks -= back
                events.append(Event("dragon.festival_scored", {"player": p, "points": points, "returned": back}))
    return events


def event_run(state: DragonState, task: Task) -> list[Event]:
    state.phase = "event"
    return resolve_event(state, state.events[state.month - 1], task.get("repeat", False))


auto_step("event", event_run)


# -- releases ------------------------------------------------------------------------------
def release_options(state: DragonState, task: Task) -> list[Action]:
    player = state.players[task["p"]]
    if len(player.persons()) <= task["n"]:
        return [{"type": "release_all"}]
    return [{"type": "release", "palace": i, "tile": t} for i, t in person_choices(player)]


def release_apply(state: DragonState, task: Task, action: Action) -> list[Event]:
    p = task["p"]
    if action["type"] == "release_all":
        return release_all(state, p, task["why"])
    events = [release(state, p, action["palace"], action["tile"], task["why"])]
    if task["n"] > 1:
        push_front(state, {**task, "n": task["n"] - 1})
    return events


decision_step("release", R_EVENT, release_options, release_apply)


def drought_options(state: DragonState, task: Task) -> list[Action]:
    player = state.players[task["p"]]
    inhabited = [i for i, palace in enumerate(player.palaces) if palace.persons and i not in task["done"]]
    return [{"type": "unfed", "palace": i, "tile": t} for i, t in person_choices(player, inhabited)]


def drought_apply(state: DragonState, task: Task, action: Action) -> list[Event]:
    events = [release(state, task["p"], action["palace"], action["tile"], "drought")]
    if task["n"] > 1:
        push_front(state, {**task, "n": task["n"] - 1, "done": [*task["done"], action["palace"]]})
    return events


decision_step("drought", R_DROUGHT, drought_options, drought_apply)


# -- the Great Wall scoring ------------------------------------------------------------------
def wall_scoring(state: DragonState, needed: int, column: int | None = None) -> list[Event]:
    pieces = [state.wall.count(p) for p in range(len(state.players))]
    reached = len(state.wall) >= needed
    events = [Event("dragon.wall_scored", {"length": len(state.wall), "needed": needed, "reached": reached})]
    if reached:
        for p, n in enumerate(pieces):
            state.add_vp(p, "wall", n, column)
        return events
    fewest = min(pieces)
    order = state.order()
    push_front(state, *(t for p in order if pieces[p] == fewest if (t := release_task(state, p, 1, "wall"))))
    return events


def wall_check(state: DragonState, task: Task) -> list[Event]:
    if state.events[state.month - 1] != "mongol_invasion":
        return []
    return wall_scoring(state, state.month)


auto_step("wall_check", wall_check)
auto_step("wall_final", lambda state, task: wall_scoring(state, state.rules.wall_length, FINAL_COLUMN))


# -- decay, phase 4, end of the game ---------------------------------------------------------
auto_step("decay", lambda state, task: decay(state))


def round_score(state: DragonState, task: Task) -> list[Event]:
    r = state.rules
    state.phase = "scoring"
    events = []
    for p, pl in enumerate(state.players):
        state.add_vp(p, "palaces", len(pl.palaces) * r.palace_point)
        state.add_vp(p, "court_ladies", symbols(state, p, "court_lady"))
        state.add_vp(p, "privileges", pl.small_privileges * r.small_dragons + pl.large_privileges * r.large_dragons)
        events.append(Event("dragon.round_scored", {"player": p, "vp": pl.vp}))
    return events


auto_step("round_score", round_score)


def month_end(state: DragonState, task: Task) -> list[Event]:
    if state.month < state.rules.months:
        push_front(state, {"t": "month_start"})
        return []
    push_front(state, *([{"t": "wall_final"}] if state.rules.great_wall else []), {"t": "final_score"})
    return []


auto_step("month_end", month_end)


def final_points(state: DragonState, p: int) -> dict[str, int]:
    r = state.rules
    pl = state.players[p]
    money = pl.yuan + r.sell_price * (pl.rice + pl.fireworks)
    return {
        "persons": r.per_person * len(pl.persons()),
        "monks": monk_points(state, p),
        "money": money // r.yuan_per_point,
    }


def final_score(state: DragonState, task: Task) -> list[Event]:
    events = []
    for p in range(len(state.players)):
        for category, points in final_points(state, p).items():
            state.add_vp(p, category, points, FINAL_COLUMN)
        events.append(Event("dragon.final_scored", {"player": p, "vp": state.players[p].vp}))
    state.over = True
    state.phase = "over"
    return events


auto_step("final_score", final_score)
