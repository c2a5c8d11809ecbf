"""The morning phase of days 2-4 (gugong-de "Phase 1: Die Morgenphase", p. 4).

1. The medal's holder becomes start player. 2. Empty cities get a new travel tile. 3. The fate
dice are rolled. 4. Level-1 decrees give their benefits, in player order. 5. Every player takes
the day's servants. Rolling a die and drawing a tile are chance steps (also used by the setup):
the table enters what it sees, or the app draws with a seeded RNG.
"""

from __future__ import annotations

from companion.core.actions import Action
from companion.core.steps import Frame, push

from . import decrees
from .corrections import income_options, income_seen
from .editions import EDITIONS
from .marks import DICE, INCOME, MAP, of
from .state import GugongState
from .steps import Events, event, step
from .table_entry import face_options, grow_faces, open_fact, take_tile, tile_options

RULE_MORNING = "gugong-de: Phase 1: Die Morgenphase (S. 4)"
RULE_DICE = "gugong-de: Morgenphase, Schritt 3: Die Schicksalswürfel werfen (S. 4)"
RULE_REFILL = "gugong-de: Morgenphase, Schritt 2: Die Karte auffüllen (S. 4)"


def new_day(state: GugongState) -> Events:
    state.day += 1
    return []


def morning_steps(state: GugongState) -> list[Frame]:
    return [{"k": "morning_start"}, {"k": "refill"}, *roll_dice(state), {"k": "morning_decrees"}, *read_income(state),
            {"k": "income"}]


def read_income(state: GugongState) -> list[Frame]:
    """Edition 4, table entry on, the income unverified: the table reads the day track before taking servants."""
    return [{"k": "income_read"}] if EDITIONS.has(state, "income_read") and open_fact(state, "day_income") else []


def roll_dice(state: GugongState) -> list[Frame]:
    return [{"k": "roll_die", "die": d} for d in range(len(state.dice))]


@step("morning_start", RULE_MORNING)
def _morning_start(state: GugongState, frame: dict, action: Action | None) -> Events:
    medal = state.medal is not None
    if medal:
        state.start = state.medal
        state.medal = None
    return [event("morning", day=state.day, start=state.start, medal=medal)]


def empty_cities(state: GugongState) -> list[int]:
    """Cities with neither a travel tile nor a traveller."""
    travellers = {pl.traveller for pl in state.players}
    return [c for c, t in enumerate(state.cities) if t is None and c not in travellers]


@step("refill", RULE_REFILL)
def _refill(state: GugongState, frame: dict, action: Action | None) -> Events:
    """One empty city after another gets a tile; when a city needs one and both draw piles are empty,
    the discard pile is shuffled into new piles first (gugong-de 127, gugong-nl 133)."""
    empty = empty_cities(state)
    if not EDITIONS.has(state, "tiles_reshuffled_when_needed"):
        push(state, *({"k": "draw_tile", "city": c} for c in empty))
        return []
    if not empty:
        return []
    events: Events = []
    if not any(state.bag.values()):
        if not any(state.tile_discard.values()):
            return []  # no tile anywhere: the cities stay empty
        events = reshuffle(state)
    push(state, {"k": "draw_tile", "city": empty[0]}, {"k": "refill"})
    return events


def reshuffle(state: GugongState) -> Events:
    """The traded-in tiles become the new draw piles."""
    state.bag = {t: state.bag.get(t, 0) + state.tile_discard.get(t, 0) for t in state.bag}
    state.tile_discard = {t: 0 for t in state.tile_discard}
    return [event("tiles_reshuffled")]


@step("morning_decrees", decrees.RULE_MORNING)
def _morning_decrees(state: GugongState, frame: dict, action: Action | None) -> None:
    for seat in reversed(state.order_from(state.start)):  # pushed last-first: they run in player order
        decrees.morning_benefits(state, seat)


@step("income", RULE_MORNING)
def _income(state: GugongState, frame: dict, action: Action | None) -> None:
    n = state.comp.income[state.day]
    push(state, *({"k": "gain", "p": s, "n": n, "facts": list(INCOME)} for s in state.order_from(state.start)))


def _read_options(state: GugongState, frame: dict) -> list[Action]:
    return income_options(state) if state.day in state.comp.income else []


def _read_params(state: GugongState, frame: dict) -> dict:
    return {"day": state.day}


@step("income_read", RULE_MORNING, _read_options, chance=True, hidden=True, ask_single=True, params=_read_params)
def _income_read(state: GugongState, frame: dict, action: Action | None) -> Events:
    """What the day track shows beside today (only the table can tell; the app never draws it)."""
    assert action is not None
    return income_seen(state, int(action["n"]))


# -- chance steps: a fate die, a travel tile for a city ----------------------------------------
def _die_options(state: GugongState, frame: dict) -> list[Action]:
    return [*({"type": "die", "face": f} for f in state.comp.dice_faces), *face_options(state)]


@step("roll_die", RULE_DICE, _die_options, chance=True)
def _roll(state: GugongState, frame: dict, action: Action | None) -> Events:
    assert action is not None
    seen = grow_faces(state, action["face"])
    state.dice[frame["die"]] = action["face"]
    return [*seen, event("die_rolled", die=frame["die"], face=action["face"], **of(state, face=DICE))]


def _tile_options(state: GugongState, frame: dict) -> list[Action]:
    return [*({"type": "tile", "tile": t} for t, n in state.bag.items() if n > 0), *tile_options(state)]


def _tile_weights(state: GugongState, frame: dict, options: list[Action]) -> tuple[int, ...]:
    return tuple(state.bag.get(o["tile"], 0) for o in options)


@step("draw_tile", RULE_REFILL, _tile_options, chance=True, weights=_tile_weights)
def _draw_tile(state: GugongState, frame: dict, action: Action | None) -> Events:
    assert action is not None
    events = take_tile(state, action["tile"])
    state.cities[frame["city"]] = action["tile"]
    events += [event("tile_laid", city=frame["city"], tile=action["tile"], **of(state, city=MAP))]
    ran_out = not any(state.bag.values()) and any(state.tile_discard.values())
    if not EDITIONS.has(state, "tiles_reshuffled_when_needed") and ran_out:
        events += reshuffle(state)  # edition 1: as soon as the piles ran out
    return events
