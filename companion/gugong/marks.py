"""Which box facts the numbers the engine reports rest on (companion.core.provenance).

An event parameter computed from a fact the box profile has not verified carries that fact's key
(`params["unverified"]`), so no screen, instruction or printout shows a placeholder as fact. The
fact groups below name what a number is computed from; core.provenance keeps only the unverified keys.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.core.actions import Event
from companion.core.provenance import tag, tag_event

from .state import GugongState

CARD_TABLE = ("gift_cards",)  # a card's printed value or action
DICE = ("dice_faces",)  # a fate die's face
MATCHES = ("gift_cards", "dice_faces")  # a discarded card matches a die by its printed value
MAP = ("map_cities", "map_roads")  # a city's number on the travel map
INCOME = ("day_income",)  # the servants beside the day marker
JADE_HOUSES = ("jade_houses",)  # a jade house's price
# what the board shows in every game: card values, jade houses, die faces, city numbers
BOARD = ("gift_cards", "jade_houses", "dice_faces", "map_cities", "map_roads")
# which facts the copies left of a chance step are counted from (the "×n" the table is shown)
CHANCE_COPIES = {
    "gugong.draw_tile": ("travel_tiles", "bonus_tiles"),
    "gugong.meng_reveal": ("meng.automa_cards",),
}


def of(state: GugongState, **sources: Iterable[str]) -> dict[str, Any]:
    """The "unverified" parameter for an event about to be made ({} when every fact behind it is verified)."""
    return tag({}, state.comp.profile, **sources)


def marked(state: GugongState, event: Event, **sources: Iterable[str]) -> Event:
    """`event` with the unverified facts behind the named parameters recorded (parameters it lacks are skipped)."""
    return tag_event(event, state.comp.profile, **sources)


def mark(state: GugongState, events: list[Event], codes: Iterable[str], **sources: Iterable[str]) -> list[Event]:
    """`marked` for each event whose code ends in one of `codes` ("paid" matches "gugong.event.paid")."""
    if not events or not any(sources.values()):
        return events
    ends = tuple(f".{c}" for c in codes)
    return [marked(state, e, **sources) if e.code.endswith(ends) else e for e in events]
