"""Meng at the table: what he tells the table (`say`: a translatable instruction event, meng.*.json)
and small lookups every Meng module shares (his player, his cards by value, the Great Wall)."""

from __future__ import annotations

from companion.core.steps import Events, Idiom

from ..state import Player
from .state import SoloState

# Meng's instructions to the table about his pieces: events of the one factory (companion.core.steps.Idiom.event)
# under his own prefix, translated from companion/i18n/catalog/meng.*.json
MENG = Idiom(events="meng.event.")
say = MENG.event


def wall_scoring_told(state: SoloState, events: Events, had_servants: bool) -> Events:
    """When `events` scored the Great Wall (by anyone's servant, at any time), say what that means for
    Meng's pieces: he won it, or his servants stay."""
    scored = [e for e in events if e.code == "gugong.event.wall_scored"]
    if scored and scored[0].params["player"] == state.meng.seat:
        return [say("wall.scored_meng", vp=state.comp.wall_vp)]
    if scored and had_servants:
        return [say("wall.scored_you")]
    return []


def on_wall(state: SoloState) -> bool:
    return any(seat == state.meng.seat for seat, _size in state.wall)


def meng_of(state: SoloState) -> Player:
    return state.players[state.meng.seat]


def top_half(card: str) -> str:
    """What an Automa card's top half shows, for the table: a location code, or the special card (in words)."""
    return "meng.automa.special" if card == "special" else card


def card_value(state: SoloState, card: int | None) -> int | None:
    """Cards are named to the table by their printed value."""
    return None if card is None else state.comp.cards[card].value


def any_tile(state: SoloState) -> bool:
    """Meng follows his own path, not the roads: he can travel while any city has a tile."""
    return any(t is not None for t in state.cities)
