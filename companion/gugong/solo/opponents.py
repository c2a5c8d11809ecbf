"""Opponents for Meng in simulations: uniformly random, and a simple documented greedy player.

Greedy (one-step look-ahead): for each legal option, apply it and rate the resulting table from the
human's point of view; take the best option (ties: the first listed, so games stay reproducible). For
the exchange, whose worth shows only in the actions it unlocks, it also tries each of the human's next
choices and rates the best of them.
The rating estimates what the human would score if the game ended now:

    VP on the track + jade at the final-scoring ladder + palace arrival VP (or 2 per envoy step while
    not in the palace, since a player outside the palace cannot win) + 0.5 per servant in the supply
    + 0.3 per intrigue step + 1.5 per own servant on the wall + 1 per decree taken + 0.5 per travel
    tile + 0.8 per servant on boats.

It plays sensibly (it buys free exchanges, heads for the palace, takes jade) but never plans ahead,
which makes it a steady yardstick for Meng's difficulties, not a strong player.
"""

from __future__ import annotations

import random

from companion.core.actions import Action, Decision
from companion.core.game import apply
from companion.core.playout import random_policy

from ..state import GugongState

JADE_LADDER = (0, 1, 3, 6, 10, 15)


def rating(state: GugongState, seat: int) -> float:
    pl = state.players[seat]
    jade = JADE_LADDER[min(pl.jade, 5)] + 2 * max(0, pl.jade - 5)
    palace = (7, 5, 3, 2, 1)[state.arrivals.index(seat)] + 32 if seat in state.arrivals else 4 * pl.envoy
    wall = sum(size for s, size in state.wall if s == seat)
    decrees = sum(1 for owners in state.decree_servants if seat in owners)
    boats = sum(b.places for b in pl.boats)
    return (pl.vp + jade + palace + 0.5 * pl.pool + 0.3 * pl.intrigue + 1.5 * wall + decrees
            + 0.5 * len(pl.tiles) + 0.8 * boats)


def _value(state: GugongState, seat: int, option: Action, depth: int) -> float:
    """Rating after `option`; with depth 1, after the best follow-up choice of the same player too."""
    from .engine import GAME

    after, _ = apply(GAME, state, option)
    nxt = GAME.decision(after)
    if depth == 0 or nxt is None or nxt.player != seat:
        return rating(after, seat)
    return max(_value(after, seat, o, 0) for o in nxt.options)


def greedy_policy(state: GugongState, decision: Decision, rng: random.Random) -> Action:
    # the exchange only pays off through the actions that follow it: look one choice further there
    depth = 1 if decision.kind == "gugong.turn" else 0
    best, best_value = decision.options[0], float("-inf")
    for option in decision.options:
        value = _value(state, decision.player, option, depth)
        if value > best_value:
            best, best_value = option, value
    return best


OPPONENTS = {"random": random_policy, "greedy": greedy_policy}
