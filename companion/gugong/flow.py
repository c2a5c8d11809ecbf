"""The order of a game of Gùgōng (gugong-de "Spielablauf", p. 4; "Spielende", p. 14), as a table.

    setup   -> the setup's chance steps                              -> day
    day     -> hands from yesterday's discard pile; turns            -> night
    night   -> the dice matches, the boats                           -> morning (days 1-3) | end
    morning -> the next day: start player, tiles, dice, decrees, servants -> day
    end     -> day 4 is over: final scoring (companion.gugong.scoring)
"""

from __future__ import annotations

from companion.core.flow import Flow, Phase

from . import trades  # noqa: F401 (declares the trades on every player decision: STEPS.offer)
from .day import RULE_DAY, day_begins, first_turn
from .morning import RULE_MORNING, morning_steps, new_day
from .night import RULE_NIGHT, after_night, night_steps
from .setup import RULE_SETUP, setup_steps
from .state import GugongState
from .steps import STEPS, Events, event

RULE_END = "gugong-de: Spielende (S. 14)"


def game_ends(state: GugongState) -> Events:
    return [event("game_end")]  # nothing more is pushed: the game is over, final scoring follows


SETUP = Phase("setup", steps=setup_steps, next="day", rule=RULE_SETUP)
DAY = Phase("day", begin=day_begins, steps=first_turn, next="night", rule=RULE_DAY)
NIGHT = Phase("night", steps=night_steps, next=after_night, rule=RULE_NIGHT)
MORNING = Phase("morning", begin=new_day, steps=morning_steps, next="day", rule=RULE_MORNING)
END = Phase("end", begin=game_ends, next=None, rule=RULE_END)

PHASES = (SETUP, DAY, NIGHT, MORNING, END)
FLOW = Flow(STEPS, PHASES)
