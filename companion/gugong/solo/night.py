"""Meng's night (gugong-de "Spielablauf (Solo), Nachtphase"): the usual night, with Meng's matches fixed by
the day (as if he had 1/2/3/4 matches; the Dutch rules: at least that many), told to the table: his
servants and the majority, then his boats."""

from __future__ import annotations

from companion.core.actions import Action

from ..marks import MATCHES, marked
from ..night import matches, score_matches
from ..steps import STEPS, Events
from .meng import meng_of, say
from .morning import tag
from .state import SoloState

RULE_NIGHT = "gugong-de: Spielablauf (Solo), Nachtphase"


def fixed_matches(state: SoloState) -> int:
    return int(state.comp.meng.fixed_matches[str(state.day)])


def meng_matches(state: SoloState, counted: int) -> int:
    """gugong-de Nachtphase (Solo): Meng counts as having the day's fixed matches (NL rule: at least that)."""
    fixed = fixed_matches(state)
    return fixed if state.meng.night_rule == "as_if" else max(fixed, counted)


def night(state: SoloState, frame: dict, action: Action | None) -> Events:
    seat, human = state.meng.seat, 1 - state.meng.seat
    count = meng_matches(state, matches(state, seat))
    rests_on = () if state.meng.night_rule == "as_if" else MATCHES  # "at least": the larger of the day and his cards
    if state.meng.night_rule == "as_if":
        events = [say("night.matches", count=count, day=state.day)]
    else:
        told = say("night.matches_at_least", count=count, fixed=fixed_matches(state), day=state.day)
        events = [marked(state, told, count=rests_on)]
    theirs = matches(state, human)
    counts = {s: count if s == seat else theirs for s in range(state.n)}
    before = len(state.stack)
    scored = score_matches(state, counts, {seat: rests_on, human: MATCHES})
    tag(state, before, "night")
    events += scored
    majority = [e for e in scored if e.code == "gugong.event.dice_majority"]
    if majority:
        tie, top, vp = count == theirs, majority[0].params["matches"], state.comp.dice_vp
        mine = majority[0].params["player"] == seat
        code = ("night.majority_meng" if mine else "night.majority_you") + ("_tie" if tie else "")
        events.append(marked(state, say(code, matches=top, vp=vp), matches=MATCHES))  # the larger of both counts
    return events


def night_boats(state: SoloState, frame: dict, action: Action | None) -> Events:
    """Nachtphase, Schritt 2: every boat moves 1 port; Meng's boats never wait for a reward (they are
    rewarded the moment they hold 3 servants), so moving gives him nothing."""
    pl = meng_of(state)
    before = [(b, b.port) for b in pl.boats]
    events = list(STEPS.kinds["night_boats"].resolve(state, frame, action) or ())
    if not before:
        events.append(say("night.no_boats"))
    for boat, port in before:
        if any(b is boat for b in pl.boats):
            events.append(say("night.boat_moves", route=boat.route, from_port=port, port=boat.port,
                              places=boat.places))
        else:
            events.append(say("night.boat_lost", route=boat.route, servants=boat.servants))
    return events
