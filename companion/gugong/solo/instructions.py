"""What the table does in a solo game (companion.core.instructions).

Meng's instruction events ("meng.event.<code>", said by his steps) map 1:1 onto instructions
with the same code, for anyone at the table; their texts and ".undo" texts are in the meng
catalogs. The engine's events of the player at the table become Gùgōng's own instructions
(companion.gugong.instructions); the engine's events about Meng's pieces are left out, since
Meng's own instructions already say what to do with them.
"""

from __future__ import annotations

from companion.core.actions import Event
from companion.core.instructions import Instruction, Instructions

from ..instructions import INSTRUCTIONS as GUGONG
from .setup import MENG_SEAT

MENG_CODES: tuple[str, ...] = (
    "canal.cannot", "canal.load_general", "canal.load_pool", "canal.new_boat_general", "canal.new_boat_pool",
    "day.automa_card", "day.card_action", "day.card_servants", "day.card_swap_vp", "day.exchange", "day.gift_cards",
    "day.reshuffle", "day.trade", "decree.buy", "decree.cannot", "dusk.canal", "dusk.card", "dusk.end",
    "dusk.free_travel",
    "dusk.intrigue", "dusk.palace", "dusk.skip", "dusk.start", "dusk.trade", "dusk.travel", "dusk.wall",
    "intrigue.day", "intrigue.day_medal", "jade.buy", "jade.buy_square", "jade.cannot", "morning.decree_canal",
    "morning.decree_envoy", "morning.decree_intrigue", "morning.decree_swap", "morning.decrees", "morning.keep_meng",
    "morning.keep_you", "morning.medal_meng", "morning.medal_you", "morning.no_decrees", "night.boat_lost",
    "night.boat_moves", "night.majority_meng", "night.majority_meng_tie", "night.majority_you",
    "night.majority_you_tie", "night.matches", "night.matches_at_least", "night.no_boats", "note.unexpected_card",
    "palace.day", "port.card", "port.card_discard", "port.card_hand", "port.vp", "servants.decree",
    "servants.income", "servants.night", "servants.other", "servants.short", "setup.automa", "setup.focus",
    "setup.hard", "setup.sets", "setup.start", "special.canal", "special.decree", "special.intrigue", "special.jade",
    "special.jade_square", "special.palace", "special.travel", "special.wall", "swap_vp", "tile.dusk_vp",
    "tile.jade_card", "tile.jade_pay", "tile.recover", "travel.move", "travel.no_tile", "travel.trade_jade",
    "wall.benefit_jade", "wall.benefit_servant1", "wall.cannot", "wall.extra", "wall.place", "wall.scored_meng",
    'wall.scored_you',
)
TOLD_BY_MENG = ("gugong.event.morning",)  # the start player and the medal: Meng's morning instructions say it


def _meng(event: Event) -> list[Instruction]:
    return [Instruction(event.code, dict(event.params), None)]


def _at_the_table(event: Event) -> list[Instruction]:
    if event.params.get("player") == MENG_SEAT or event.code in TOLD_BY_MENG:
        return []
    return GUGONG([event])


INSTRUCTIONS = Instructions({
    **{code: _at_the_table for code in GUGONG.rules},
    **{f"meng.event.{code}": _meng for code in MENG_CODES},
})


def instructions(events: list[Event]) -> list[Instruction]:
    return INSTRUCTIONS(events)
