"""Which box facts the numbers the engine reports rest on (companion.core.provenance).

An event parameter computed from a fact the box profile has not verified carries that fact's key
(`params["unverified"]`), so no screen, instruction or printout shows a placeholder as fact. The
fact groups below name what a number is computed from; `tag` keeps only the unverified keys.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.core.actions import Event
from companion.core.provenance import tag

from .state import GugongState

CARD_TABLE = ("gift_cards",)  # a card's printed value or action
DICE = ("dice_faces",)  # a fate die's face
MATCHES = ("gift_cards", "dice_faces")  # a discarded card matches a die by its printed value
MAP = ("map_cities", "map_roads")  # a city's number on the travel map
INCOME = ("day_income",)  # the servants beside the day marker
JADE_HOUSES = ("jade_houses",)  # a jade house's price


def marked(state: GugongState, event: Event, **sources: Iterable[str]) -> Event:
    """`event` with the unverified facts behind the named parameters recorded (parameters it lacks are skipped)."""
    present = {name: tuple(keys) for name, keys in sources.items() if name in event.params and keys}
    if not present:
        return event
    params = tag(event.params, state.comp.profile, **present)
    return event if params is event.params else Event(event.code, params)


def mark(state: GugongState, events: Iterable[Event], codes: Iterable[str], **sources: Iterable[str]) -> list[Event]:
    """`marked` for each event whose code ends in one of `codes` ("paid" matches "gugong.event.paid")."""
    ends = tuple(f".{c}" for c in codes)
    return [marked(state, e, **sources) if e.code.endswith(ends) else e for e in events]
