"""Bonus travel tiles (gugong-de "Bonus-Reiseplättchen", p. 20).

A bonus tile is played at once with 1 servant from the supply, for the rest of the day phase:
+1 to the value of the cards you exchange, or beside an official, where another player doing
that official's action pays you 1 VP (bonus_vp) or lets you follow with the same action
(bonus_follow). Not played, or at the end of the day, it lies face down by the player board.
From edition 3 on (ruling R7) it then joins the player's travel tiles at the end of the day phase:
it is traded like any tile and counts toward the limit of 6; before, it stayed beside the board.
"""

from __future__ import annotations

from companion.core.actions import Action
from companion.core.steps import push

from .editions import EDITIONS
from .state import GugongState
from .steps import Events, event, step
from .tracks import add_vp

RULE_BONUS = "gugong-de: Bonus-Reiseplättchen (S. 20)"
RULE_FOLLOW = "gugong-de: Bonus-Reiseplättchen, Aktion folgen (S. 20)"


def _bonus_options(state: GugongState, frame: dict) -> list[Action]:
    if state.players[frame["p"]].pool < state.comp.act.bonus_servants:
        return [{"type": "skip"}]  # resolved at once: the tile goes face down unplayed
    if frame["tile"] == "bonus_value":
        out: list[Action] = [{"type": "bonus", "loc": None}]
    else:
        out = [{"type": "bonus", "loc": loc} for loc in range(len(state.board))]
    return [*out, {"type": "skip"}]


@step("bonus_tile", RULE_BONUS, _bonus_options)
def _bonus(state: GugongState, frame: dict, action: Action | None) -> Events:
    pl = state.players[frame["p"]]
    if action is None or action["type"] == "skip":
        pl.bonus_spent.append(frame["tile"])  # not played: face down by the player board (ruling R7)
        return [event("bonus_kept", player=pl.seat, tile=frame["tile"])]  # the table turns it over: say so
    pl.pool -= state.comp.act.bonus_servants
    pl.bonus_active.append([frame["tile"], action["loc"]])
    return [event("bonus_played", player=pl.seat, tile=frame["tile"], location=action["loc"])]


def reactions(state: GugongState, seat: int, name: str) -> tuple[Events, list[dict]]:
    """Another player's bonus tiles beside the official of `name`: VP they take from `seat` now, and the
    follow-up frames of those who may follow after the action (in turn order from `seat`)."""
    loc = state.comp.locations.index(name)
    events: Events = []
    followers = []
    for other in state.order_from(seat)[1:]:
        for tile, at in state.players[other].bonus_active:
            if at != loc:
                continue
            if tile == "bonus_vp":
                events += add_vp(state, other, state.comp.act.bonus_vp)
                events += add_vp(state, seat, -state.comp.act.bonus_vp)
            elif tile == "bonus_follow":
                followers.append({"k": "follow", "p": other, "loc": name})
    return events, followers


def end_of_day(state: GugongState) -> Events:
    """Bonus tiles go face down by the player board, their servant to the general supply; from edition 3 on
    they join the travel tiles there (NL "bovenaan je Spelersbord"), so the tile limit is checked again."""
    events: Events = []
    joins = EDITIONS.has(state, "bonus_tiles_join_travel_tiles")
    for pl in state.players:
        if pl.bonus_active:  # from edition 3 on the table lays them with the travel tiles at once: said so
            events.append(event("bonus_returned", player=pl.seat, count=len(pl.bonus_active), **_joining(joins)))
        if joins and pl.bonus_spent:  # tiles kept unplayed this day join the travel tiles too
            events.append(event("bonus_joined", player=pl.seat, count=len(pl.bonus_spent)))
        for tile, _loc in pl.bonus_active:
            pl.bonus_spent.append(tile)
            pl.general += state.comp.act.bonus_servants
        pl.bonus_active = []
    if EDITIONS.has(state, "bonus_tiles_join_travel_tiles"):
        _join_travel_tiles(state)
    return events


def _joining(joins: bool) -> dict:
    """The event parameter telling that the bonus tiles go to the travel tiles (only edition 3 events carry it)."""
    return {"travel": True} if joins else {}


def _join_travel_tiles(state: GugongState) -> None:
    """Each player's bonus tiles of the day become travel tiles (they already lie face down where the table put
    them); a player now over the limit trades at once, in turn order from the start player."""
    limits = []
    for seat in state.order_from(state.start):
        pl = state.players[seat]
        if pl.bonus_spent:
            pl.tiles += pl.bonus_spent
            pl.bonus_spent = []
            limits.append({"k": "tile_limit", "p": seat})
    push(state, *limits)
