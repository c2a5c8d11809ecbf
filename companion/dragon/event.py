"""3. Phase: Ereignis. The month's event (peace, imperial tribute, drought, dragon festival, Mongol
invasion, contagion), the releases it forces, decided in person-track order, and then Verfall:
every uninhabited palace loses a floor.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core import Action, Event
from companion.core.steps import Frame, push

from .palaces import person_choices, release, release_all, release_frame, symbols
from .state import DragonState
from .steps import STEPS, step

RULE = "Jahr des Drachen: 3. Phase Ereignis"
RULE_DROUGHT = "Jahr des Drachen: 3. Phase Ereignis, Dürre"
RULE_DECAY = "Jahr des Drachen: 3. Phase Ereignis, Verfall"

# An event's effect: its events and the follow-up steps (releases), in person-track order
Outcome = tuple[list[Event], list[Frame | None]]


def _peace(state: DragonState) -> Outcome:
    return [], []


def _tribute(state: DragonState) -> Outcome:
    """Each pays 4 yuan; one person of his choice leaves for each yuan he cannot pay."""
    due = state.comp.tribute
    events, frames = [], []
    for p in state.order():
        pl = state.players[p]
        paid = min(due, pl.yuan)
        pl.yuan -= paid
        events.append(STEPS.event("tribute_paid", {"player": p, "paid": paid, "missing": due - paid}))
        frames.append(release_frame(state, p, due - paid, "imperial_tribute"))
    return events, frames


def _drought(state: DragonState) -> Outcome:
    """One rice per inhabited palace; each unfed palace loses one person (ruling D7)."""
    per_palace = state.comp.drought_rice
    events, frames = [], []
    for p in state.order():
        pl = state.players[p]
        inhabited = sum(1 for palace in pl.palaces if palace.persons) * per_palace
        paid = min(inhabited, pl.rice)
        pl.rice -= paid
        unfed = (inhabited - paid) // per_palace
        events.append(STEPS.event("rice_paid", {"player": p, "paid": paid, "unfed": unfed}))
        if unfed:
            frames.append({"k": "drought", "p": p, "n": unfed, "done": []})
    return events, frames


def _festival(state: DragonState) -> Outcome:
    return festival(state), []


def festival(state: DragonState) -> list[Event]:
    """6 VP for most rockets, 3 for second most (ties share); scorers hand back half, rounded up."""
    first_pts, second_pts = state.comp.festival_points
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
                events.append(STEPS.event("festival_scored", {"player": p, "points": points, "returned": back}))
    return events


def _invasion(state: DragonState) -> Outcome:
    """A victory point per helmet; the player(s) with the fewest helmets release a person."""
    order = state.order()
    helmets = [symbols(state, p, "warrior") for p in range(len(state.players))]
    for p in order:
        state.add_vp(p, "invasion", helmets[p])
    fewest = min(helmets)
    events = [STEPS.event("invasion", {"helmets": helmets, "fewest": fewest})]
    return events, [release_frame(state, p, 1, "mongol_invasion") for p in order if helmets[p] == fewest]


def _contagion(state: DragonState) -> Outcome:
    """Three persons leave, one fewer for each mortar on the player's healers."""
    frames = []
    for p in state.order():
        mortars = symbols(state, p, "healer")
        frames.append(release_frame(state, p, max(0, state.comp.contagion - mortars), "contagion"))
    return [], frames


EVENTS: dict[str, Callable[[DragonState], Outcome]] = {
    "peace": _peace,
    "imperial_tribute": _tribute,
    "drought": _drought,
    "dragon_festival": _festival,
    "mongol_invasion": _invasion,
    "contagion": _contagion,
}


def resolve_event(state: DragonState, event: str, repeat: bool = False) -> list[Event]:
    """Carry out an event; the releases it forces become steps in person-track order."""
    events = [STEPS.event("event_resolved", {"month": state.month, "event": event, "repeat": repeat})]
    more, frames = EVENTS[event](state)
    push(state, *(f for f in frames if f is not None))
    return events + more


@step("event", RULE)
def event(state: DragonState, frame: Frame, action: Action | None = None) -> list[Event]:
    return resolve_event(state, state.events[state.month - 1], frame.get("repeat", False))


# -- releases ------------------------------------------------------------------------------
def release_options(state: DragonState, frame: Frame) -> list[Action]:
    player = state.players[frame["p"]]
    if len(player.persons()) <= frame["n"]:
        return [{"type": "release_all"}]
    return [{"type": "release", "palace": i, "tile": t} for i, t in person_choices(player)]


@step("release", RULE, release_options)
def release_step(state: DragonState, frame: Frame, action: Action) -> list[Event]:
    p = frame["p"]
    if action["type"] == "release_all":
        return release_all(state, p, frame["why"])
    events = [release(state, p, action["palace"], action["tile"], frame["why"])]
    if frame["n"] > 1:
        push(state, {**frame, "n": frame["n"] - 1})
    return events


def drought_options(state: DragonState, frame: Frame) -> list[Action]:
    player = state.players[frame["p"]]
    inhabited = [i for i, palace in enumerate(player.palaces) if palace.persons and i not in frame["done"]]
    return [{"type": "unfed", "palace": i, "tile": t} for i, t in person_choices(player, inhabited)]


@step("drought", RULE_DROUGHT, drought_options)
def drought(state: DragonState, frame: Frame, action: Action) -> list[Event]:
    events = [release(state, frame["p"], action["palace"], action["tile"], "drought")]
    if frame["n"] > 1:
        push(state, {**frame, "n": frame["n"] - 1, "done": [*frame["done"], action["palace"]]})
    return events


# -- Verfall ------------------------------------------------------------------------------------
@step("decay", RULE_DECAY)
def decay(state: DragonState, frame: Frame | None = None, action: Action | None = None) -> list[Event]:
    """Every uninhabited palace loses a floor; a one-floor palace disappears."""
    events = []
    for p, player in enumerate(state.players):
        kept = []
        for i, palace in enumerate(player.palaces):
            if palace.persons:
                kept.append(palace)
                continue
            palace.floors -= 1
            if palace.floors > 0:
                kept.append(palace)
                events.append(STEPS.event("decay", {"player": p, "palace": i, "floors": palace.floors}))
            else:
                events.append(STEPS.event("palace_gone", {"player": p, "palace": i}))
        player.palaces = kept
    return events
