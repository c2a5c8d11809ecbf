"""What Meng does, told to the table: `say` emits translatable instructions (meng.*.json), plus the
rule references and small lookups every Meng module shares."""

from __future__ import annotations

from companion.core.actions import Event

from .state import SoloState

RULE_SETUP = "gugong-de: Spielaufbau (Solo)"
RULE_MORNING = "gugong-de: Spielablauf (Solo), Morgenphase"
RULE_DAY = "gugong-de: Spielablauf (Solo), Tagesphase"
RULE_DUSK = "gugong-de: Spielablauf (Solo), Dämmerungsphase"
RULE_NIGHT = "gugong-de: Spielablauf (Solo), Nachtphase"
RULE_ACTIONS = "gugong-de: Karten- und Ortsaktionen (Solo)"
RULE_TRAVEL = "gugong-de: Reisen (Solo)"
RULE_TILES = "gugong-de: Reisen (Solo), Reiseplättchen, Sonderfälle"
RULE_SPECIAL = "gugong-de: Spezielle Automakarten"
RULE_PORTS = "gugong-de: Der Kaiserkanal (Solo), Hafenbelohnungen"


def say(state: SoloState, code: str, **params) -> None:
    """An instruction for the table (translated from companion/i18n/catalog/meng.*.json)."""
    state.__dict__.setdefault("_events", []).append(Event(f"meng.event.{code}", params))


def event_count(state: SoloState) -> int:
    """How many events the current step has emitted so far (see `tell_wall_scoring`)."""
    return len(state.__dict__.setdefault("_events", []))


def tell_wall_scoring(state: SoloState, since: int, had_servants: bool) -> None:
    """When the Great Wall was scored since event `since` (by anyone's servant, at any time), say what that
    means for Meng's pieces: he won it, or his servants stay."""
    scored = [e for e in state.__dict__.get("_events", [])[since:] if e.code == "gugong.event.wall_scored"]
    if scored and scored[0].params["player"] == state.meng.seat:
        say(state, "wall.scored_meng", vp=state.comp.wall_vp)
    elif scored and had_servants:
        say(state, "wall.scored_you")


def on_wall(state: SoloState) -> bool:
    return any(seat == state.meng.seat for seat, _size in state.wall)


def meng_of(state: SoloState):
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

