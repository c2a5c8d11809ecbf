"""The tracks around the board: victory points, the intrigue track (with stacking), the palace
track of the envoys and jade from the jade square. Each change returns the events it caused."""

from __future__ import annotations

from .state import GugongState
from .steps import Events, event

RULE_INTRIGUE = "gugong-de: Intrige, Tie-Breaker (S. 9)"
RULE_PALACE = "gugong-de: Der Palast der himmlischen Reinheit (S. 10)"


def add_vp(state: GugongState, seat: int, n: int) -> Events:
    pl = state.players[seat]
    before = pl.vp
    pl.vp = max(0, pl.vp + n)  # the score track has no negative spaces (ruling R9)
    return [event("vp", player=seat, delta=pl.vp - before)] if pl.vp != before else []


def intrigue_key(state: GugongState, seat: int) -> tuple[int, int]:
    """Further along wins; on a shared space the marker on top wins (gugong-de Intrige, Tie-Breaker)."""
    pl = state.players[seat]
    return (pl.intrigue, pl.intrigue_seq)


def best_by_intrigue(state: GugongState, seats: list[int]) -> int:
    return max(seats, key=lambda s: intrigue_key(state, s))


def move_intrigue(state: GugongState, seat: int, steps: int) -> Events:
    """Move a marker (backwards for negative steps); a marker that lands goes on top of the stack."""
    pl = state.players[seat]
    target = max(0, min(state.comp.intrigue_max, pl.intrigue + steps))
    if target == pl.intrigue:
        return []  # at the end of the track: no further steps (and no landing)
    pl.intrigue = target
    state.seq += 1
    pl.intrigue_seq = state.seq
    return [event("intrigue", player=seat, space=target)]


def advance_envoy(state: GugongState, seat: int, steps: int) -> Events:
    """Envoy steps; the last step arrives in the palace, every step after that is VP instead."""
    pl = state.players[seat]
    events: Events = []
    for _ in range(steps):
        if pl.envoy < state.comp.palace_steps:
            pl.envoy += 1
            if pl.envoy == state.comp.palace_steps:
                state.arrivals.append(seat)
                events.append(event("palace_arrival", player=seat, order=len(state.arrivals)))
            else:
                events.append(event("envoy", player=seat, step=pl.envoy))
        else:
            events += add_vp(state, seat, state.comp.palace_overflow_vp)
    return events


def gain_jade(state: GugongState, seat: int) -> Events:
    """1 jade from the jade square; jade is unlimited (a substitute is used once it runs out)."""
    if state.jade_supply > 0:
        state.jade_supply -= 1
    else:
        state.jade_extra += 1
    state.players[seat].jade += 1
    return [event("jade", player=seat, house=None)]
