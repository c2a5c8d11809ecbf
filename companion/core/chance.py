"""The app's own randomness: a seeded pick among a chance decision's options.

The app draws only what a table would also draw blind from a shuffled pile or roll, and then tells the
table which component it is. A chance step whose outcome the table already holds face down or has dealt
(a start hand, the top card of a face-down pile drawn into a hand, a tile kept hidden) is `hidden`: only
the table enters it, whoever rolls and draws otherwise (`app_may_draw`).

Each pick is seeded from (game, seed, position in the log), never from a running RNG
object, so resolving a chance step gives the same outcome however the game got there,
and a replay never needs the RNG at all: outcomes are in the log.
"""

from __future__ import annotations

import random

from .actions import Action, Decision


def rng_for(game: str, seed: int | str, step: int) -> random.Random:
    return random.Random(f"{game}|{seed}|{step}")


SEEN = "seen"  # an option only the table enters: what it saw that the box profile does not list


def app_may_draw(decision: Decision | None) -> bool:
    """The pending decision is a chance step the app may draw for the table (not one the table holds)."""
    return decision is not None and decision.is_chance and not decision.hidden


def pick(decision: Decision, rng: random.Random) -> Action:
    """One option, weighted for chance decisions (e.g. by copies left in a deck). Options the table
    enters ("seen", listed after the others) are never drawn: the app draws from its model of the box."""
    options = decision.options
    if decision.weights is not None:
        return rng.choices(options, weights=decision.weights, k=1)[0]
    drawable = sum(1 for o in options if SEEN not in o)
    return options[rng.randrange(drawable)]
