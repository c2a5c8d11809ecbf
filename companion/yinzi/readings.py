"""The table reads a printed number of its box where the game first uses it (issue 22, edition 7).

Like the exchange track (companion.yinzi.corrections, ruling 41), three more printed numbers are placeholders
until the owner checks them, and each is read at the table, one place at a time, just before the game uses it
(docs/rulings/yinzi.md 42-44):

- the capacity printed under a boat-track field (`boat.capacities`): the start field at the setup, and each
  field a player's cylinder reaches that was not read yet in this game (5B Boote bauen);
- the copper printed under a crop-track field (`crops.track_costs`): every field not read yet, at the start of
  a round's bonus phase (5A), before anyone may buy a crop tile for it;
- the victory points printed on a foreign market (`foreign_markets.vp`): each market holding a ware, before the
  final scoring (7).

The model's number is the first option; another number is what the table saw ("seen", never drawn by the app).
A reading is an action of the log, so it replays, undoes and redoes with the game; a number that differs
replaces that place's value for the rest of the game (`state.overrides`, status "seen at the table"); every
reading is kept in `state.seen` (the Box check records it place by place: companion.yinzi.seen_items).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from companion.core import Event
from companion.core.actions import Action
from companion.core.profile import fact_schema
from companion.core.steps import Frame

from . import components
from .editions import EDITIONS
from .state import YinziState
from .steps import STEPS, decision
from .table_entry import SEEN, open_fact

FIX = "box_read"  # the edition with these readings (editions.py)


@dataclass(frozen=True)
class Reading:
    step: str  # the decision's kind (yinzi.<step>)
    fact: str  # the box fact read
    place: str  # the frame's and the record's key of the place read: a field from 1, or a market's key
    unit: str  # the option's type, and the record's key of the number read
    event: str  # the event when the table's number differs from the model's


BOAT = Reading("boat_read", components.BOATS, "field", "capacity", "capacity_seen")
CROP_COST = Reading("crop_cost_read", components.CROP_COSTS, "field", "cost", "crop_cost_seen")
MARKET_VP = Reading("market_vp_read", components.MARKET_VP, "nation", "vp", "market_vp_seen")
READINGS = {r.step: r for r in (BOAT, CROP_COST, MARKET_VP)}


# -- when a place is read ------------------------------------------------------------------------------
def ask(state: YinziState, reading: Reading, places: Iterable[Any]) -> list[Frame]:
    """The readings of `places` still to be made (edition 7, table entry, fact unchecked; each place once)."""
    if not EDITIONS.has(state, FIX) or not open_fact(state, reading.fact):
        return []
    done = places_read(state, reading) | {f[reading.place] for f in state.stack if f.get("k") == reading.step}
    out: list[Frame] = []
    for place in places:
        if place not in done:
            done.add(place)
            out.append({"k": reading.step, reading.place: place})
    return out


def places_read(state: YinziState, reading: Reading) -> set[Any]:
    return {r[reading.place] for r in state.seen.get(reading.fact, [])}


def boat_fields(state: YinziState, fields: Iterable[int]) -> list[Frame]:
    return ask(state, BOAT, fields)


def crop_fields(state: YinziState) -> list[Frame]:
    """Every crop-track field (from 1), read before the first bonus choice may buy a tile from it."""
    return ask(state, CROP_COST, range(1, len(components.of(state).crop_costs) + 1))


def markets_scored(state: YinziState) -> list[Frame]:
    """The foreign markets (and general markets) that hold a ware, read before the final scoring counts them."""
    return ask(state, MARKET_VP, [m for m, owners in state.foreign.items() if owners])


# -- the decision ----------------------------------------------------------------------------------------
def model(state: YinziState, reading: Reading, place: Any) -> int:
    value = components.of(state).profile.value(reading.fact)
    return int(value[place - 1] if isinstance(value, list) else value[place])


def _numbers(reading: Reading, place: Any) -> range:
    schema = fact_schema(components.GAME, reading.fact)
    items = schema["items"] if "items" in schema else schema["properties"][place]
    return range(int(items.get("minimum", 1)), int(items.get("maximum", 100)) + 1)


def _options(state: YinziState, frame: Frame) -> list[Action]:
    """The model's number first, every other number the box may print there after it."""
    reading = READINGS[frame["k"]]
    place = frame[reading.place]
    first = model(state, reading, place)
    others = ({"type": reading.unit, "n": n, SEEN: {reading.unit: n}} for n in _numbers(reading, place) if n != first)
    return [{"type": reading.unit, "n": first}, *others]


def _params(state: YinziState, frame: Frame) -> dict[str, Any]:
    reading = READINGS[frame["k"]]
    return {"round": state.round, "phase": state.phase, reading.place: frame[reading.place]}


def _weights(state: YinziState, frame: Frame, options: list[Action]) -> tuple[int, ...]:
    """Only the table reads its box: the model's number 1, what only the table enters 0 (never drawn)."""
    return tuple(0 if SEEN in o else 1 for o in options)


def _read(state: YinziState, frame: Frame, action: Action | None) -> list[Event]:
    assert action is not None
    reading = READINGS[frame["k"]]
    return seen(state, reading, frame[reading.place], int(action["n"]))


HOW = {"chance": True, "hidden": True, "ask_single": True, "weights": _weights, "params": _params}
decision(BOAT.step, "5B Boote bauen", _options, **HOW)(_read)
decision(CROP_COST.step, "5A Einen Bonus und die Position in der Spielreihenfolge wählen", _options, **HOW)(_read)
decision(MARKET_VP.step, "7 Spielende und Schlusswertung", _options, **HOW)(_read)


def seen(state: YinziState, reading: Reading, place: Any, n: int) -> list[Event]:
    """The table read `n` at `place`: kept as read; a number other than the model's is the box's from now on."""
    first = model(state, reading, place)
    records = dict(state.seen)
    records[reading.fact] = [*records.get(reading.fact, []), {reading.place: place, reading.unit: n}]
    state.seen = records
    if n == first:
        return []
    value = components.of(state).profile.value(reading.fact)
    value = [*value[:place - 1], n, *value[place:]] if isinstance(value, list) else {**value, place: n}
    state.overrides = {**state.overrides, reading.fact: value}
    return [STEPS.event(reading.event, {reading.place: place, reading.unit: n, "expected": first})]
