"""The table mirror as plain data for screens and printables (no rules here, only reading the state).

Everything a group would otherwise count by hand: the month and phase, whose turn it is, the card
groups with their dragons, each player's palaces, money, rice, rockets, privileges, person points
and victory points, the person cards still in each hand, and the person tiles left on the board.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .engine import GAME
from .state import DragonState


def table_view(state: DragonState) -> dict[str, Any]:
    r = state.rules
    decision = GAME.decision(state)
    order = state.order()
    hidden = state.super_mode == "hidden" and state.super_event is None
    return {
        "month": state.month,
        "months": r.months,
        "phase": state.phase,
        "event": state.events[state.month - 1] if state.month else None,
        "event_track": [{"month": i + 1, "event": e, "done": _done(state, i + 1)} for i, e in enumerate(state.events)],
        "super_event": None if hidden else state.super_event,
        "super_event_hidden": hidden,
        "super_month": r.super_month if state.super_mode != "none" else None,
        "great_wall": r.great_wall,
        "wall": list(state.wall),
        "groups": [{"cards": list(g), "dragons": list(d)} for g, d in zip(state.groups, state.dragons, strict=True)],
        "turn_order": order,
        "decision": None if decision is None else {
            "player": decision.player,
            "kind": decision.kind,
            "options": len(decision.options),
            "rule": decision.rule,
        },
        "players": [
            {
                "name": pl.name,
                "turn_position": order.index(p) + 1,
                "yuan": pl.yuan,
                "rice": pl.rice,
                "fireworks": pl.fireworks,
                "small_privileges": pl.small_privileges,
                "large_privileges": pl.large_privileges,
                "person_points": pl.track,
                "vp": pl.vp,
                "palaces": [{"floors": pal.floors, "persons": list(pal.persons)} for pal in pl.palaces],
                "cards_left": dict(Counter(pl.hand)),
                "wall_pieces_left": list(pl.wall_tiles),
                "wall_pieces_built": state.wall.count(p),
            }
            for p, pl in enumerate(state.players)
        ],
        "person_tiles_left": {t: n for t, n in state.supply.items()},
        "released": {t: n for t, n in state.released.items() if n},
        "large_privilege_cost": r.large_cost,
    }


def _done(state: DragonState, month: int) -> bool:
    """An event tile is turned over once its month's event has been carried out."""
    return month < state.month or (month == state.month and state.phase in ("scoring", "over"))
