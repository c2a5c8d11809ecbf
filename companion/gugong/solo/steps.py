"""The solo game's step registry: Gùgōng's steps, with some frames resolved by Meng's Automa rules.

Meng never gets a decision. His own steps are frames registered in setup.py, day.py, travel.py,
canal.py, locations.py and dusk.py (automatic, except what the table turns up for him: his Automa
card, his gift card, a card drawn for him and, while the box profile lacks the map, the city his
traveller reaches, which are chance steps). `route` sends the engine's frames that name his seat
(a port-reward claim, a wall benefit, a travel tile's effect...) and the setup's start-player draw
and the night to Meng's rules; the morning, the night's boats and anything that may complete the
Great Wall keep the engine's own steps, wrapped so they tell the table what to do for Meng.
"""

from __future__ import annotations

from dataclasses import replace

from companion.core.actions import Action
from companion.core.steps import Resolve, Step

from .. import flow  # noqa: F401 (every engine step registered, with the trades, before TOLD copies some)
from ..steps import STEPS, Events
from . import canal, day, dusk, locations, morning, night, setup, travel, wall  # noqa: F401 (register their steps)
from .state import SoloState

RULE_ACTIONS = "gugong-de: Karten- und Ortsaktionen (Solo)"


def _take_double(state: SoloState, frame: dict, action: Action | None) -> Events:
    """Meng never uses his double servant (it marks his focus): always regular servants."""
    return STEPS.kinds["take_double"].resolve(state, frame, {"type": "take_double", "double": False}) or []


def _meng(kind: str, resolve: Resolve, rule: str) -> Step:
    """A step Meng resolves by his rules without being asked."""
    return Step(kind, resolve, None, rule)


# frames with Meng's seat: his own rules (kinds not listed run as for any player)
MENG_STEPS: dict[str, Step] = {
    "turn": _meng("meng_turn", day.turn, day.RULE_DAY),
    "tile_limit": _meng("meng_tile_limit", travel.tile_limit, travel.RULE_TILES),
    "swap_card": _meng("meng_swap", travel.swap_vp, travel.RULE_TILES),
    "tile_recover": _meng("meng_recover", travel.recover, travel.RULE_TILES),
    "tile_jade_card": _meng("meng_jade_card", travel.jade_card, travel.RULE_TILES),
    "tile_jade_pay": _meng("meng_jade_pay", travel.jade_pay, travel.RULE_TILES),
    "canal_place": _meng("meng_canal_place", canal.place_from_general, canal.RULE_PORTS),
    "claim": _meng("meng_port_claim", canal.port_claim, canal.RULE_PORTS),
    "benefit": _meng("meng_benefit", wall.benefit, "gugong-de: Chinesische Mauer (Solo), Wertung der Mauer"),
    "wall_extra": _meng("meng_wall_extra", wall.wall_extra, RULE_ACTIONS),
    "take_double": _meng("meng_take_double", _take_double, RULE_ACTIONS),
    "gain": _meng("meng_gain", morning.gain, morning.RULE_MORNING),
    "morning_effect": _meng("meng_morning_effect", morning.morning_effect, morning.RULE_MORNING),
    "morning_may": _meng("meng_morning_may", morning.morning_may, morning.RULE_MORNING),
    "tile_wall": _meng("meng_tile_wall", travel.tile_wall, travel.RULE_TILES),
}
# the engine's steps for everyone, told to the table (the start player draw and the night are Meng's)
TOLD: dict[str, Step] = {
    "setup_start": _meng("meng_setup", setup.solo_setup, setup.RULE_SETUP),
    "night_dice": _meng("meng_night", night.night, night.RULE_NIGHT),
    "morning_start": _meng("meng_morning_start", morning.morning_start, morning.RULE_MORNING),
    "morning_decrees": _meng("meng_morning_decrees", morning.morning_decrees, morning.RULE_MORNING),
    "income": _meng("meng_income", morning.income, morning.RULE_MORNING),
    "night_boats": _meng("meng_night_boats", night.night_boats, night.RULE_NIGHT),
    "wall_check": replace(STEPS.kinds["wall_check"], resolve=wall.told(STEPS.kinds["wall_check"].resolve)),
    # the human's travel tile "wall" scores the Wall at once (the decision keeps its kind and options)
    "travel_move": replace(STEPS.kinds["travel_move"], resolve=wall.told(STEPS.kinds["travel_move"].resolve)),
    "tile_wall": replace(STEPS.kinds["tile_wall"], resolve=wall.told(STEPS.kinds["tile_wall"].resolve)),
}


def route(state: SoloState, frame: dict) -> Step | None:
    """Meng's step for an engine frame, or the engine's own (told to the table, with the player's trades)."""
    if frame.get("p") == state.meng.seat:
        return MENG_STEPS.get(frame["k"])
    return TOLD.get(frame["k"])


SOLO_STEPS = STEPS.variant("gugong-solo", route=route, routed={
    **{f"{kind} (Meng's seat: {step.kind})": step for kind, step in MENG_STEPS.items()},
    **{f"{kind} (told to the table: {step.kind})": step for kind, step in TOLD.items()},
})
