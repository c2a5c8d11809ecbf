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


def meng_of(state: SoloState):
    return state.players[state.meng.seat]


def card_value(state: SoloState, card: int | None) -> int | None:
    """Cards are named to the table by their printed value."""
    return None if card is None else state.comp.cards[card].value


def any_tile(state: SoloState) -> bool:
    """Meng follows his own path, not the roads: he can travel while any city has a tile."""
    return any(t is not None for t in state.cities)

