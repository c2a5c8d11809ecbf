"""Decrees (gugong-de "6. Dekrete", p. 10-11): buying, immediate VP, persistent and morning benefits."""

from __future__ import annotations

from companion.core.actions import Action
from companion.core.steps import push

from .editions import EDITIONS
from .marks import mark
from .servants import DOUBLE, double_pays, gain, pay, pays_as_one
from .state import GugongState
from .steps import Events, event, step
from .tracks import add_vp, advance_envoy, move_intrigue

RULE_DECREE = "gugong-de: 6. Dekrete (S. 10)"
RULE_MORNING = "gugong-de: Morgenphase, Schritt 4: Dekretvorteile ausführen (S. 4)"


def owns(state: GugongState, seat: int, decree_id: str) -> bool:
    return any(d == decree_id and seat in state.decree_servants[slot] for slot, d in enumerate(state.decree_slots))


def owned(state: GugongState, seat: int) -> list[str]:
    return [d for slot, d in enumerate(state.decree_slots) if d and seat in state.decree_servants[slot]]


def cost(state: GugongState, seat: int, slot: int) -> int:
    """Printed cost + 1 per opponent servant on it, minus the level-2 decree discount."""
    d = state.comp.decrees[state.decree_slots[slot]]
    others = sum(1 for s in state.decree_servants[slot] if s != seat)
    discount = state.comp.act.discount if owns(state, seat, "decree_discount") else 0
    return max(0, d.cost + others - discount)


def available(state: GugongState, seat: int, slot: int) -> bool:
    """A decree lies there, this player has no servant above it yet, and a servant space is free."""
    return (state.decree_slots[slot] is not None and seat not in state.decree_servants[slot]
            and len(state.decree_servants[slot]) < state.comp.decree_spaces)


def options(state: GugongState, seat: int) -> list[dict]:
    pl = state.players[seat]
    out = []
    for slot in range(len(state.decree_slots)):
        if not available(state, seat, slot):
            continue  # each decree benefit only once per player
        c = cost(state, seat, slot)
        # pay c (the double servant may stand in for 2, or 1) and place 1 regular servant above the decree
        if pl.pool >= c + 1:
            out.append({"slot": slot, "dd": False})
        if c > 0 and double_pays(pl, c, pays_as_one(state)) and pl.pool >= c - min(c, DOUBLE) + 1:
            out.append({"slot": slot, "dd": True})
    return out


def perform(state: GugongState, seat: int, opt: dict) -> Events:
    pl = state.players[seat]
    slot = opt["slot"]
    printed = state.comp.decrees[state.decree_slots[slot]].cost_fact
    events = mark(state, pay(pl, cost(state, seat, slot), opt["dd"]), ("paid",), count=(printed,))
    pl.pool -= 1  # the servant above the decree (never the double servant)
    return events + take(state, seat, slot)


def take(state: GugongState, seat: int, slot: int) -> Events:
    """The servant is above the decree: its immediate VP (all levels but the last, which scores at the end)."""
    state.decree_servants[slot].append(seat)
    d = state.comp.decrees[state.decree_slots[slot]]
    events = [event("decree", player=seat, decree=d.id, slot=slot)]
    if d.level < state.comp.decree_levels:
        events += add_vp(state, seat, d.vp)
    return events


MORNING_FRAMES = {  # level-1 decrees: the frames of their morning benefit; each "darfst" may be declined (R6)
    "morning_intrigue": ({"k": "morning_may", "decree": "morning_intrigue"},),
    "morning_servant": ({"k": "morning_may", "decree": "morning_servant"},),
    "morning_envoy": ({"k": "morning_may", "decree": "morning_envoy"},),
    # only the boat that gets its 3rd servant from the decree may claim (gugong-de 543; ruling R10)
    "morning_canal": ({"k": "canal_place", "src": "general", "optional": True, "claim": "placed"},),
    "morning_swap": ({"k": "swap_card"},),
}
EDITION_1 = {  # the intrigue, servant and envoy benefits were taken without asking; any full boat could claim
    **MORNING_FRAMES,
    "morning_intrigue": ({"k": "morning_effect", "effect": "intrigue"},),
    "morning_servant": ({"k": "gain"},),  # how many: the box profile's morning_servants
    "morning_envoy": ({"k": "morning_effect", "effect": "envoy"},),
    "morning_canal": ({"k": "canal_place", "src": "general", "optional": True}, {"k": "claim"}),
}


def morning_benefits(state: GugongState, seat: int) -> None:
    """Level-1 decrees, in the order of the decree spaces."""
    gains = {"n": state.comp.act.morning_servants}
    table = MORNING_FRAMES if EDITIONS.has(state, "morning_benefits_asked") else EDITION_1
    frames = []
    for d in owned(state, seat):
        frames += [{**f, "p": seat, **(gains if f["k"] == "gain" else {})} for f in table.get(d, ())]
    push(state, *frames)


def morning_effect(state: GugongState, seat: int, decree_id: str) -> Events:
    """The benefit of a level-1 decree that moves a marker or gives a servant."""
    act = state.comp.act
    if decree_id == "morning_intrigue":
        return move_intrigue(state, seat, act.morning_intrigue_steps)
    if decree_id == "morning_envoy":
        return advance_envoy(state, seat, act.morning_envoy_steps)
    return gain(state, seat, act.morning_servants)


def _may_options(state: GugongState, frame: dict) -> list[Action]:
    """Take the benefit or let it lapse; nothing to ask when it cannot happen (track end, empty general supply)."""
    pl = state.players[frame["p"]]
    decree_id = frame["decree"]
    if decree_id == "morning_intrigue" and pl.intrigue >= state.comp.intrigue_max:
        return []
    if decree_id == "morning_servant" and not (pl.general > 0 or pl.dd == "general"):
        return []
    return [{"type": "decree_benefit"}, {"type": "skip"}]


@step("morning_may", RULE_MORNING, _may_options)
def _morning_may(state: GugongState, frame: dict, action: Action | None) -> Events:
    if not action or action["type"] == "skip":
        return []
    return morning_effect(state, frame["p"], frame["decree"])


@step("morning_effect", RULE_MORNING)
def _morning_effect(state: GugongState, frame: dict, action: Action | None) -> Events:
    """Edition 1: the intrigue or envoy benefit, taken without asking."""
    decree_id = "morning_intrigue" if frame["effect"] == "intrigue" else "morning_envoy"
    return morning_effect(state, frame["p"], decree_id)
