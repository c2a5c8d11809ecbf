"""Meng's morning, night and the turn of the day, told to the table (gugong-de "Spielablauf (Solo)").

The engine's own morning and night steps run unchanged; these wrappers (swapped in by automa.override)
say, in order, what the table does with Meng's pieces: the start player via the medal, his decree
benefits, his servants; at night his fixed matches, the majority, his servants, his boats; at the start
of a day his discard pile becoming his gift cards. Frames the engine pushes for him are tagged with
"why" so a servant gain can say why it happens (income, decree, night).
"""

from __future__ import annotations

from companion.core.actions import Action

from ..decrees import owned
from ..frames import KINDS
from ..phases import matches
from .instructions import meng_of, say
from .state import SoloState

LEVEL_ONE = 1


def _tag(state: SoloState, before: int, why: str) -> None:
    """Mark Meng's frames pushed since the stack had `before` entries."""
    for frame in state.stack[before:]:
        if frame.get("p") == state.meng.seat:
            frame["why"] = why


# == morning (days 2-4) ===========================================================================
def morning_start(state: SoloState, frame: dict, action: Action | None) -> None:
    """Schritt 1: the medal's holder becomes start player; else the marker stays."""
    medal, seat = state.medal, state.meng.seat
    KINDS["morning_start"].resolve(state, frame, action)
    if medal is not None:
        say(state, "morning.medal_meng" if medal == seat else "morning.medal_you", day=state.day)
    else:
        say(state, "morning.keep_meng" if state.start == seat else "morning.keep_you", day=state.day)


def morning_decrees(state: SoloState, frame: dict, action: Action | None) -> None:
    """Schritt 4: Meng's level-1 decrees give him their benefits (the card swap: 1 VP instead)."""
    seat = state.meng.seat
    mine = [d for d in owned(state, seat) if state.comp.decrees[d].level == LEVEL_ONE]
    say(state, "morning.decrees" if mine else "morning.no_decrees", count=len(mine))
    before = len(state.stack)
    KINDS["morning_decrees"].resolve(state, frame, action)
    _tag(state, before, "decree")


def morning_effect(state: SoloState, frame: dict, action: Action | None) -> None:
    """A level-1 decree's intrigue or envoy step for Meng."""
    if frame["effect"] == "intrigue":
        say(state, "morning.decree_intrigue", steps=state.comp.act["morning_intrigue_steps"])
    else:
        say(state, "morning.decree_envoy")
    KINDS["morning_effect"].resolve(state, frame, action)


def income(state: SoloState, frame: dict, action: Action | None) -> None:
    """Schritt 5: the day marker moves on; Meng's new servants (told by `gain`)."""
    before = len(state.stack)
    KINDS["income"].resolve(state, frame, action)
    _tag(state, before, "income")


def gain(state: SoloState, frame: dict, action: Action | None) -> None:
    """Servants for Meng from his general supply onto his supply (his double servant never moves)."""
    pl = meng_of(state)
    n = int(frame["n"])
    got = min(n, pl.general)
    why = frame.get("why")
    if got and why == "income":
        say(state, "servants.income", count=got, day=state.day)
    elif got and why == "night":
        say(state, "servants.night", count=got)
    elif got and why == "decree":
        say(state, "servants.decree", count=got)
    elif got:
        say(state, "servants.other", count=got)
    if got < n:
        say(state, "servants.short", missing=n - got)
    KINDS["gain"].resolve(state, frame, action)


# == the start of a day: his discard pile becomes his gift cards ===================================
def flow(state: SoloState, frame: dict, action: Action | None) -> None:
    if state.phase == "day" and state.day > 1:
        say(state, "day.gift_cards", day=state.day, count=len(meng_of(state).discard))
    KINDS["flow"].resolve(state, frame, action)


# == night ==========================================================================================
def night(state: SoloState, frame: dict, action: Action | None) -> None:
    """gugong-de Nachtphase (Solo): the usual night, with Meng's matches fixed (SoloState.fixed_matches):
    his servants and the majority, then the boats."""
    seat, human = state.meng.seat, 1 - state.meng.seat
    count = matches(state, seat)
    fixed = int(state.comp.profile.value("meng.fixed_matches")[str(state.day)])
    if state.meng.night_rule == "as_if":
        say(state, "night.matches", count=count, day=state.day)
    else:
        say(state, "night.matches_at_least", count=count, fixed=fixed, day=state.day)
    theirs = matches(state, human)
    events = state.__dict__.setdefault("_events", [])
    seen = len(events)
    before = len(state.stack)
    KINDS["night_dice"].resolve(state, frame, action)
    _tag(state, before, "night")
    majority = [e for e in events[seen:] if e.code == "gugong.event.dice_majority"]
    if majority:
        tie, top = count == theirs, majority[0].params["matches"]
        if majority[0].params["player"] == seat:
            say(state, "night.majority_meng_tie" if tie else "night.majority_meng", matches=top, vp=state.comp.dice_vp)
        else:
            say(state, "night.majority_you_tie" if tie else "night.majority_you", matches=top, vp=state.comp.dice_vp)


def night_boats(state: SoloState, frame: dict, action: Action | None) -> None:
    """Nachtphase, Schritt 2: every boat moves 1 port; Meng's boats never wait for a reward (they are
    rewarded the moment they hold 3 servants), so moving gives him nothing."""
    pl = meng_of(state)
    before = [(b, b.port) for b in pl.boats]
    KINDS["night_boats"].resolve(state, frame, action)
    if not before:
        say(state, "night.no_boats")
    for boat, port in before:
        if any(b is boat for b in pl.boats):
            say(state, "night.boat_moves", route=boat.route + 1, from_port=port, port=boat.port,
                places=boat.places)
        else:
            say(state, "night.boat_lost", route=boat.route + 1, servants=boat.servants)
