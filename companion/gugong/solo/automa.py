"""Meng in the engine's own frames: which engine step he resolves by his rules instead (`override`).

Meng never gets a decision. His own steps are frames in setup.py, turn.py, ports.py, path.py and dusk.py
(automatic, except what the table turns up for him: his Automa card, his gift card, a card drawn for him
and, while the box profile lacks the map, the city his traveller reaches, which are chance steps). Engine
frames that name his seat (a port-reward claim, a wall benefit, a travel tile's effect...) and the
setup's start-player draw and the night are swapped here; the morning, the night and the start of a
day keep the engine's own steps, wrapped so they tell the table what to do for Meng (cycle.py). Every
step tells the table what to do (instructions.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from companion.core.actions import Action

from .. import wall
from ..frames import KINDS, Kind
from ..servants import gain
from ..tracks import gain_jade, move_intrigue
from . import choices, cycle
from .dusk import dusk_start
from .instructions import (
    RULE_ACTIONS,
    RULE_DAY,
    RULE_DUSK,
    RULE_MORNING,
    RULE_NIGHT,
    RULE_PORTS,
    RULE_SETUP,
    RULE_TILES,
    event_count,
    meng_of,
    on_wall,
    say,
    tell_wall_scoring,
)
from .path import jade_card, jade_pay, recover, swap_vp, tile_limit
from .ports import board_boat, claim
from .setup import solo_setup
from .state import SoloState
from .turn import turn


def _canal_place(state: SoloState, frame: dict, action: Action | None) -> None:
    """Travel tile / level-1 decree: a servant from his general supply onto his boat (or a new one)."""
    if frame.get("why") == "decree":
        say(state, "morning.decree_canal")
    if meng_of(state).general >= 1 and choices.canal_target(state, meng_of(state)) is not None:
        board_boat(state, "general")
    else:
        say(state, "canal.cannot")


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


def _told_wall(resolve: Callable[[SoloState, dict, Action | None], None]):
    """An engine step that may complete the Great Wall (anyone's wall placement, a travel tile), telling the
    table what the scoring means for Meng."""

    def told(state: SoloState, frame: dict, action: Action | None) -> None:
        had, since = on_wall(state), event_count(state)
        resolve(state, frame, action)
        tell_wall_scoring(state, since, had)

    return told


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
    "gain": Kind("meng_gain", cycle.gain, None, RULE_MORNING),
    "morning_effect": Kind("meng_morning_effect", cycle.morning_effect, None, RULE_MORNING),
}
# engine steps for everyone that Meng's instructions wrap (morning, night, the start of a day)
_TOLD: dict[str, Kind] = {
    "morning_start": Kind("meng_morning_start", cycle.morning_start, None, RULE_MORNING),
    "morning_decrees": Kind("meng_morning_decrees", cycle.morning_decrees, None, RULE_MORNING),
    "income": Kind("meng_income", cycle.income, None, RULE_MORNING),
    "night_boats": Kind("meng_night_boats", cycle.night_boats, None, RULE_NIGHT),
    "flow": Kind("meng_flow", cycle.flow, None, RULE_DAY),
    "wall_check": replace(KINDS["wall_check"], resolve=_told_wall(KINDS["wall_check"].resolve)),
    # the human's travel tile "wall" scores the Wall at once (the decision keeps its kind and options)
    "travel_move": replace(KINDS["travel_move"], resolve=_told_wall(KINDS["travel_move"].resolve)),
}
_SETUP = Kind("meng_setup", solo_setup, None, RULE_SETUP)
_DUSK = Kind("meng_dusk", dusk_start, None, RULE_DUSK)
_NIGHT = Kind("meng_night", cycle.night, None, RULE_NIGHT)


def override(state: SoloState, frame: dict) -> Kind | None:
    """Meng's replacement for an engine frame, or None to run the engine's own."""
    name = frame["k"]
    if frame.get("p") == state.meng.seat:
        return _MENG_KINDS.get(name)
    if name == "setup_start":
        return _SETUP
    if name == "night_dice":
        return _NIGHT if frame.get("after_dusk") else _DUSK
    return _TOLD.get(name)
