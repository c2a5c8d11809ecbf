"""Meng in the engine's own frames: which engine step he resolves by his rules instead (`override`).

Meng never gets a decision. His own steps are frames in setup.py, turn.py, ports.py, path.py and dusk.py
(automatic, except what the table turns up for him: his Automa card, his gift card, a card drawn for him
and, while the box profile lacks the map, the city his traveller reaches, which are chance steps). Engine
frames that name his seat (a port-reward claim, a wall benefit, a travel tile's effect...) and the
setup's start-player draw and the night are swapped here. Every step tells the table what to do
(instructions.py).
"""

from __future__ import annotations

from companion.core.actions import Action

from .. import wall
from ..frames import KINDS, Kind
from ..servants import gain
from ..tracks import gain_jade, move_intrigue
from . import choices
from .dusk import dusk_start, night
from .instructions import (
    RULE_ACTIONS,
    RULE_DAY,
    RULE_DUSK,
    RULE_NIGHT,
    RULE_PORTS,
    RULE_SETUP,
    RULE_TILES,
    meng_of,
    say,
)
from .path import jade_card, jade_pay, recover, swap_vp, tile_limit
from .ports import board_boat, claim
from .setup import solo_setup
from .state import SoloState
from .turn import turn


def _canal_place(state: SoloState, frame: dict, action: Action | None) -> None:
    """Travel tile / level-1 decree: a servant from his general supply onto his boat (or a new one)."""
    if meng_of(state).general >= 1 and choices.canal_target(state, meng_of(state)) is not None:
        board_boat(state, "general")


def _benefit(state: SoloState, frame: dict, action: Action | None) -> None:
    which = choices.wall_benefit(state, state.meng.seat)
    if which is None:
        return
    seat = state.meng.seat
    move_intrigue(state, seat, -state.comp.benefits[which])
    say(state, f"wall.benefit_{which}")
    if which == "jade":
        gain_jade(state, seat)
    else:
        gain(state, seat, 1)


def _wall_extra(state: SoloState, frame: dict, action: Action | None) -> None:
    say(state, "wall.extra")
    wall.place_from_general(state, state.meng.seat)


def _port_claim(state: SoloState, frame: dict, action: Action | None) -> None:
    claim(state, frame, None)


def _take_double(state: SoloState, frame: dict, action: Action | None) -> None:
    """Meng never uses his double servant (it marks his focus): always regular servants."""
    KINDS["take_double"].resolve(state, frame, {"type": "take_double", "double": False})


_MENG_KINDS: dict[str, Kind] = {
    "turn": Kind("meng_turn", turn, None, RULE_DAY),
    "tile_limit": Kind("meng_tile_limit", tile_limit, None, RULE_TILES),
    "swap_card": Kind("meng_swap", swap_vp, None, RULE_TILES),
    "tile_recover": Kind("meng_recover", recover, None, RULE_TILES),
    "tile_jade_card": Kind("meng_jade_card", jade_card, None, RULE_TILES),
    "tile_jade_pay": Kind("meng_jade_pay", jade_pay, None, RULE_TILES),
    "canal_place": Kind("meng_canal_place", _canal_place, None, RULE_PORTS),
    "claim": Kind("meng_port_claim", _port_claim, None, RULE_PORTS),
    "benefit": Kind("meng_benefit", _benefit, None, choices.RULE_BENEFIT),
    "wall_extra": Kind("meng_wall_extra", _wall_extra, None, RULE_ACTIONS),
    "take_double": Kind("meng_take_double", _take_double, None, RULE_ACTIONS),
}
_SETUP = Kind("meng_setup", solo_setup, None, RULE_SETUP)
_DUSK = Kind("meng_dusk", dusk_start, None, RULE_DUSK)
_NIGHT = Kind("meng_night", night, None, RULE_NIGHT)


def override(state: SoloState, frame: dict) -> Kind | None:
    """Meng's replacement for an engine frame, or None to run the engine's own."""
    name = frame["k"]
    if frame.get("p") == state.meng.seat:
        return _MENG_KINDS.get(name)
    if name == "setup_start":
        return _SETUP
    if name == "night_dice":
        return _NIGHT if frame.get("after_dusk") else _DUSK
    return None
