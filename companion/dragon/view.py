"""The table mirror as plain data: everything a screen shows, read from the state (no rules are made here).

What a group would otherwise count by hand: the month and phase, what is done this month, the
turn order from the person track, the event track with the wall under it, the super event, the
card groups with their dragons and what joining each costs, each player's palaces and persons,
money, rice, rockets, privileges, person points, victory points per category, the person cards
still in hand, and the person tiles left on the board.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from . import action as action_phase
from . import super_events, wall
from .components import OLD, YOUNG, tile_id
from .engine import GAME
from .palaces import symbols
from .state import DragonState, Player

DONE_PHASES = ("scoring", "end", "over")  # the month's event tile lies turned over


def view(state: DragonState) -> dict[str, Any]:
    comp = state.comp
    order = state.order()
    decision = GAME.decision(state)
    acting = decision.player if decision is not None and decision.player >= 0 else None
    return {
        "game": "dragon",
        "month": state.month,
        # where the game stands, for a list of saved games: "Month 5" (the setup before month 1)
        "progress": {"key": "table.progress.dragon" if state.month else "table.progress.setup", "month": state.month},
        "months": comp.months,
        "phase": state.phase,
        "over": state.over,
        "month_phases": month_phases(state),
        "event": state.events[state.month - 1] if state.month else None,
        "event_track": event_track(state),
        **super_event(state),
        "great_wall": comp.great_wall,
        "wall": list(state.wall),
        "wall_length": comp.wall_length,
        "groups": groups(state),
        "turn_order": order,
        "acting": acting,
        "turn": acting,  # whose turn it is (the banner's): in Dragon the player who decides now
        "decision": None if decision is None else {
            "player": decision.player,
            "kind": decision.kind,
            "options": len(decision.options),
            "rule": decision.rule,
        },
        "players": [player_view(state, p, pl, order) for p, pl in enumerate(state.players)],
        "person_types": list(comp.types),
        "person_tiles": person_tiles(state),
        "person_tiles_left": dict(state.supply),
        "released": {t: n for t, n in state.released.items() if n},
        "small_privilege_cost": comp.small_cost,
        "large_privilege_cost": comp.large_cost,
        "action_gains": action_gains(state, acting) if acting is not None else {},
    }


def action_gains(state: DragonState, p: int) -> dict[str, int]:
    """What each counting action card would give player `p` now: its base plus his persons' symbols."""
    comp = state.comp
    return {card: comp.base[card] + symbols(state, p, kind) for card, kind in comp.multiplier.items()}


def month_phases(state: DragonState) -> list[dict[str, str]]:
    """This month's phases in order, each "done", "now" or "later" (the expansions' only when due)."""
    names = ["action", "person", "event"]
    names += ["wall_scoring"] if state.month and wall.scored_now(state) else []
    names += ["super_event"] if super_events.due_now(state) else []
    names += ["decay", "scoring"]
    if state.phase in ("end", "over"):
        now = len(names)
    elif state.phase in names:
        now = names.index(state.phase)
    else:
        now = -1  # the setup: no month has begun
    return [{"phase": n, "status": "done" if i < now else "now" if i == now else "later"} for i, n in
            enumerate(names)] if now >= 0 else []


def event_track(state: DragonState) -> list[dict[str, Any]]:
    """Each month's event tile, turned over once its month is scored, with the wall piece under it."""
    out = []
    for i, event in enumerate(state.events):
        m = i + 1
        done = m < state.month or (m == state.month and state.phase in DONE_PHASES)
        out.append({"month": m, "event": event, "done": done, "current": m == state.month and not done,
                    "wall": state.wall[i] if i < len(state.wall) else None})
    return out


def super_event(state: DragonState) -> dict[str, Any]:
    hidden = state.super_mode == "hidden" and state.super_event is None
    return {
        "super_mode": state.super_mode,
        "super_event": None if hidden else state.super_event,
        "super_event_hidden": hidden,
        "super_month": state.comp.super_month if state.super_mode != "none" else None,
    }


def groups(state: DragonState) -> list[dict[str, Any]]:
    """The card groups with the dragons on them (they stay until next month's cards are dealt)."""
    return [
        {"group": g + 1, "cards": list(cards), "dragons": list(state.dragons[g]),
         "cost": action_phase.join_cost(state, g)}
        for g, cards in enumerate(state.groups)
    ]


def _pending(state: DragonState, kind: str) -> set[int]:
    return {f["p"] for f in state.stack if f["k"] == kind}


def _done_in(state: DragonState, phase: str, kind: str, p: int) -> bool:
    """Has player `p` had his turn in `phase` of this month?"""
    names = [m["phase"] for m in month_phases(state) if m["status"] == "done"]
    if phase in names:
        return True
    return state.phase == phase and p not in _pending(state, kind)


def player_view(state: DragonState, p: int, pl: Player, order: list[int]) -> dict[str, Any]:
    types = state.comp.types
    hand = Counter(pl.hand)
    return {
        "name": pl.name,
        "seat": p,
        "turn_position": order.index(p) + 1,
        "yuan": pl.yuan,
        "rice": pl.rice,
        "fireworks": pl.fireworks,
        "small_privileges": pl.small_privileges,
        "large_privileges": pl.large_privileges,
        "person_points": pl.track,
        "vp": pl.vp,
        "scores": {c: sum(v) for c, v in pl.scores.items()},
        "palaces": [{"floors": pal.floors, "persons": list(pal.persons), "free": pal.free()} for pal in pl.palaces],
        "hand": [c for c in (*types, *sorted(set(hand) - set(types))) for _ in range(hand[c])],
        "cards_left": dict(hand),
        "wall_pieces_left": list(pl.wall_tiles),
        "wall_pieces_built": state.wall.count(p),
        "acted": _done_in(state, "action", "action", p),
        "person_played": _done_in(state, "person", "card", p),
    }


def person_tiles(state: DragonState) -> list[dict[str, Any]]:
    """Per person type in box order: younger and older tiles left on the board (None: none printed), released."""
    supply, released = state.supply, state.released
    out = []
    for kind in state.comp.types:
        young, old = tile_id(kind, YOUNG), tile_id(kind, OLD)
        out.append({"kind": kind, "young": supply.get(young, 0), "old": supply.get(old) if old in supply else None,
                    "released": released.get(young, 0) + released.get(old, 0)})
    return out
