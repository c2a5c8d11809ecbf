"""The order of a solo game (gugong-de "Spielablauf (Solo)"): the multiplayer table with the dusk
between the day and the night, and Meng's gift cards told when a day begins.

    setup   -> as in Gùgōng (Meng's setup replaces the start player draw)    -> day
    day     -> Meng's discard pile becomes his gift cards; turns             -> dusk
    dusk    -> today's Automa cards, one by one (dusk.py)                    -> night
    night   -> Meng's fixed matches, the boats                               -> morning | end
    morning -> as in Gùgōng, told for Meng                                   -> day
"""

from __future__ import annotations

from dataclasses import replace

from companion.core.flow import Flow, Phase

from .. import flow
from .day import solo_day_begins
from .dusk import RULE_DUSK, dusk_begins, dusk_cards, dusk_ends
from .steps import SOLO_STEPS

KIND = "solo_flow"  # its own frame kind: the multiplayer "flow" step keeps the multiplayer table

DAY = replace(flow.DAY, begin=solo_day_begins, next="dusk")
DUSK = Phase("dusk", begin=dusk_begins, steps=dusk_cards, end=dusk_ends, next="night", rule=RULE_DUSK)

PHASES = (flow.SETUP, DAY, DUSK, flow.NIGHT, flow.MORNING, flow.END)
FLOW = Flow(SOLO_STEPS, PHASES, kind=KIND)
