"""Meng's morning (gugong-de "Spielablauf (Solo), Morgenphase"): the engine's own morning steps, told to the
table: the start player via the medal, his level-1 decrees and their benefits, his servants.

Frames the engine pushes for him are tagged with "why" so a servant gain can say why it happens
(income, decree, night).
"""

from __future__ import annotations

from companion.core.actions import Action

from ..decrees import owned
from ..marks import mark
from ..steps import STEPS, Events
from .meng import meng_of, say
from .state import SoloState

RULE_MORNING = "gugong-de: Spielablauf (Solo), Morgenphase"
LEVEL_ONE = 1


def tag(state: SoloState, before: int, why: str) -> None:
    """Mark Meng's frames pushed since the stack had `before` entries (new frames: the pushed ones are fresh)."""
    for i in range(before, len(state.stack)):
        if state.stack[i].get("p") == state.meng.seat:
            state.stack[i] = {**state.stack[i], "why": why}


def _base(state: SoloState, kind: str, frame: dict, action: Action | None) -> Events:
    return list(STEPS.kinds[kind].resolve(state, frame, action) or ())


def morning_start(state: SoloState, frame: dict, action: Action | None) -> Events:
    """Schritt 1: the medal's holder becomes start player; else the marker stays."""
    medal, seat = state.medal, state.meng.seat
    events = _base(state, "morning_start", frame, action)
    if medal is not None:
        return [*events, say("morning.medal_meng" if medal == seat else "morning.medal_you", day=state.day)]
    return [*events, say("morning.keep_meng" if state.start == seat else "morning.keep_you", day=state.day)]


def morning_decrees(state: SoloState, frame: dict, action: Action | None) -> Events:
    """Schritt 4: Meng's level-1 decrees give him their benefits (the card swap: 1 VP instead)."""
    seat = state.meng.seat
    mine = [d for d in owned(state, seat) if state.comp.decrees[d].level == LEVEL_ONE]
    events = [say("morning.decrees" if mine else "morning.no_decrees", count=len(mine))]
    before = len(state.stack)
    events += _base(state, "morning_decrees", frame, action)
    tag(state, before, "decree")
    return events


def morning_effect(state: SoloState, frame: dict, action: Action | None) -> Events:
    """A level-1 decree's intrigue or envoy step for Meng."""
    if frame["effect"] == "intrigue":
        told = say("morning.decree_intrigue", steps=state.comp.act.morning_intrigue_steps)
    else:
        told = say("morning.decree_envoy")
    return [told, *_base(state, "morning_effect", frame, action)]


def income(state: SoloState, frame: dict, action: Action | None) -> Events:
    """Schritt 5: the day marker moves on; Meng's new servants (told by `gain`)."""
    before = len(state.stack)
    events = _base(state, "income", frame, action)
    tag(state, before, "income")
    return events


def morning_may(state: SoloState, frame: dict, action: Action | None) -> Events:
    """A level-1 decree's intrigue step, envoy step or servant: Meng always takes it."""
    if frame["decree"] == "morning_servant":
        return gain(state, {**frame, "n": state.comp.act.morning_servants}, None)
    effect = "intrigue" if frame["decree"] == "morning_intrigue" else "envoy"
    return morning_effect(state, {**frame, "effect": effect}, None)


GAIN_TOLD = {"income": "servants.income", "night": "servants.night", "decree": "servants.decree"}


def gain(state: SoloState, frame: dict, action: Action | None) -> Events:
    """Servants for Meng from his general supply onto his supply (his double servant never moves)."""
    n = int(frame["n"])
    got = min(n, meng_of(state).general)
    events = []
    why = frame.get("why")
    if got:
        when = {"day": state.day} if why == "income" else {}
        events.append(say(GAIN_TOLD.get(why, "servants.other"), count=got, **when))
    if got < n:
        events.append(say("servants.short", missing=n - got))
    facts = frame.get("facts", ())  # the day's income, the night's matches
    told = mark(state, events, ("income", "night", "decree", "other", "short"), count=facts, missing=facts)
    return told + _base(state, "gain", frame, action)
