"""What the table does in a solo game (companion.core.instructions).

Meng's instruction events ("meng.event.<code>", said by his steps) map 1:1 onto instructions
with the same code, for anyone at the table; their texts and ".undo" texts are in the meng
catalogs. The engine's events of the player at the table become Gùgōng's own instructions
(companion.gugong.instructions); the engine's events about Meng's pieces are left out, since
Meng's own instructions already say what to do with them.

Each Meng instruction says what it touches on the board (`MENG_TOUCHES`, as Gùgōng's `TOUCHES`): Meng's own
fields of the view and the shared board paths, so the solo board (`BOARD`: Gùgōng's board plus Meng's Automa
cards and his board's markers) is checked step by step like every other game's (tests/gugong/solo).
"""

from __future__ import annotations

from companion.core.actions import Event
from companion.core.instructions import Board, Instruction, Instructions

from ..instructions import BOARD as GUGONG_BOARD
from ..instructions import DOUBLE, GENERAL, SUPPLY
from ..instructions import INSTRUCTIONS as GUGONG
from ..servants import SERVANT_GAINS
from .setup import MENG_SEAT

MENG_CODES: tuple[str, ...] = (
    "canal.cannot", "canal.load_general", "canal.load_pool", "canal.new_boat_general", "canal.new_boat_pool",
    "correction.dusk_seen", "correction.lower_slot_seen",
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


MENG = "meng.event."
PAY = (SUPPLY, GENERAL)  # servants from his supply back to his general supply, or the other way
DECREES, DEPOT = "decrees.*.owners", "meng.markers.*"
# per Meng step: his own fields it touches, and the shared board paths ({name} from the step's parameters)
MENG_TOUCHES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "canal.load_general": (("boats", GENERAL), ()), "canal.load_pool": (("boats", SUPPLY), ()),
    "canal.new_boat_general": (("boats", GENERAL), ()), "canal.new_boat_pool": (("boats", SUPPLY), ()),
    "day.automa_card": ((), ("meng.deck", "meng.today")), "day.card_servants": (PAY, ()),
    "day.card_swap_vp": (("vp",), ()),
    "day.exchange": (("hand", "discard"), ("officials.{location}.card",)),
    "day.gift_cards": (("hand", "discard"), ()), "day.reshuffle": ((), ("meng.deck", "meng.earlier")),
    "day.trade": (("tiles", *PAY), ("piles.tiles_discarded",)), "decree.buy": (("vp", *PAY), (DECREES,)),
    "dusk.canal": (("boats", *PAY), ()), "dusk.end": ((), ("meng.today", "meng.earlier")),
    "dusk.intrigue": (("intrigue", *PAY), ()), "dusk.palace": (("envoy", "arrival", "vp", "intrigue", *PAY), ()),
    "dusk.trade": (("tiles", *PAY), ("piles.tiles_discarded",)),
    "dusk.travel": (PAY, ()), "dusk.wall": (PAY, ("wall.servants",)),
    "intrigue.day": (("intrigue",), ()), "intrigue.day_medal": (("intrigue",), ("medal",)),
    "jade.buy": (("jade", *PAY), ("jade.houses.{house}.left",)), "jade.buy_square": (("jade", *PAY), ("jade.supply",)),
    "morning.decree_canal": (("boats", *PAY), ()), "morning.decree_envoy": (("envoy", "arrival", "vp"), ()),
    "morning.decree_intrigue": (("intrigue",), ()),
    "morning.keep_meng": ((), ("start", "day")), "morning.keep_you": ((), ("start", "day")),
    "morning.medal_meng": ((), ("start", "medal", "day")), "morning.medal_you": ((), ("start", "medal", "day")),
    "night.boat_lost": (("boats", GENERAL), ()), "night.boat_moves": (("boats",), ()),
    "night.majority_meng": (("vp", "envoy", "arrival"), ()),
    "night.majority_meng_tie": (("vp", "envoy", "arrival"), ()),
    "night.majority_you": ((), ("players.*.vp", "players.*.envoy", "players.*.arrival")),
    "night.majority_you_tie": ((), ("players.*.vp", "players.*.envoy", "players.*.arrival")),
    "palace.day": (("envoy", "arrival", "vp"), ()),
    "port.card": (("boats", GENERAL, "rewards"), (DEPOT,)), "port.vp": (("boats", GENERAL, "rewards", "vp"), (DEPOT,)),
    "port.card_discard": (("discard",), ("piles.deck",)), "port.card_hand": (("hand",), ("piles.deck",)),
    "servants.decree": (PAY, ()), "servants.income": (PAY, ()), "servants.night": (PAY, ()),
    "servants.other": (PAY, ()),
    "setup.automa": ((), ("meng.deck",)), "setup.focus": ((), ("meng.focus",)),
    "setup.hard": (("hand", "rewards"), ("piles.deck", DEPOT)), "setup.sets": ((), ("players.*.hand",)),
    "setup.start": ((), ("start",)),
    "special.canal": (("boats", *PAY), ()), "special.decree": (("vp", *PAY), (DECREES,)),
    "special.intrigue": (("intrigue",), ()),
    "special.jade": (("jade",), ("jade.houses.{house}.left",)), "special.jade_square": (("jade",), ("jade.supply",)),
    "special.palace": (("envoy", "arrival", "vp", "intrigue"), ()),
    "special.wall": (PAY, ("wall.servants",)),
    "swap_vp": (("vp",), ()), "tile.dusk_vp": (("vp",), ()),
    "tile.jade_card": (("hand", "discard", "jade"), ("jade.supply",)),
    "tile.jade_pay": (("jade", *PAY), ("jade.supply",)), "tile.recover": (("hand", "discard"), ()),
    "travel.trade_jade": (("tiles", "jade"), ("piles.tiles_discarded", "jade.supply")),
    "wall.benefit_jade": (("intrigue", "jade"), ("jade.supply",)),
    "wall.benefit_servant1": (("intrigue", *PAY), ()),
    "wall.extra": (PAY, ("wall.servants",)), "wall.place": ((SUPPLY,), ("wall.servants",)),
    "wall.scored_meng": (("vp", "envoy", "arrival", GENERAL), ("wall.servants",)),
}
# what a travel tile Meng takes gives him at once (companion.gugong.travel_tiles.tile_effect); the other tiles'
# effects are steps of his own (tile.*, swap_vp, canal.*)
TILE_BONUS: dict[str, tuple[str, ...]] = {
    "envoy": ("envoy", "arrival", "vp"), "intrigue": ("intrigue",), "vp2": ("vp",), "wall": (GENERAL,),
    **{gain: (*PAY, DOUBLE) for gain in SERVANT_GAINS},
}
# Meng's steps that may leave the board as it was: what is not done, what comes next (his traveller's steps are
# moves of their own: travel.move), a marker already at the end of the intrigue track
MAY_STAY = ("canal.cannot", "day.card_action", "decree.cannot", "dusk.card", "dusk.skip", "dusk.start",
             "dusk.free_travel", "special.travel", "intrigue.day", "special.intrigue", "morning.decree_intrigue",
             "morning.decree_canal", "special.canal",
             "jade.cannot", "morning.decree_swap", "morning.decrees", "morning.no_decrees", "night.matches",
             "night.matches_at_least", "night.no_boats", "note.unexpected_card", "servants.short", "travel.no_tile",
             "wall.cannot", "wall.scored_you", "correction.dusk_seen", "correction.lower_slot_seen")
BOARD = Board(
    paths=(*GUGONG_BOARD.paths, "meng.focus", "meng.deck", "meng.today", "meng.earlier", "meng.markers.*"),
    unchanged=GUGONG_BOARD.unchanged | {MENG + code for code in MAY_STAY},
)


def touches(i: Instruction) -> tuple[str, ...]:
    """The board paths Meng's step `i` touches (Gùgōng's steps carry theirs already)."""
    code = i.code.removeprefix(MENG)
    own, shared = MENG_TOUCHES.get(code, ((), ()))
    if code == "travel.move":
        own, shared = ("traveller", "tiles", *TILE_BONUS.get(i.params["tile"], ())), ("cities.{city}.tile",)
        shared += ("wall.servants",) if i.params["tile"] == "wall" else ()
    where = {k: v for k, v in i.params.items() if isinstance(v, str | int)}
    return (*(f"players.{MENG_SEAT}.{f}" for f in own), *(path.format(**where) for path in shared))


def _meng(event: Event) -> list[Instruction]:
    return [Instruction(event.code, dict(event.params), None)]


def _at_the_table(event: Event) -> list[Instruction]:
    if event.params.get("player") == MENG_SEAT or event.code in TOLD_BY_MENG:
        return []
    return GUGONG([event])


INSTRUCTIONS = Instructions({
    **{code: _at_the_table for code in GUGONG.rules},
    **{f"meng.event.{code}": _meng for code in MENG_CODES},
}, touches)


def instructions(events: list[Event]) -> list[Instruction]:
    return INSTRUCTIONS(events)
