"""The table corrects a box fact where the game uses it (issue 22): not a chance step, a fact it reads.

With table entry on and the fact unverified, the decision that uses a printed fact also offers what the
table may see instead ("The box shows something else…"). Such an option carries the key "seen" (as at
chance steps, table_entry.py): the app never picks it, only the table enters it. It is an action of the log
like any other, so a correction replays, undoes and redoes with the game:

- a jade house's jade fields or its price: offered with the jade location action; the
  decision is asked again with the corrected houses (docs/rulings/gugong.md R30);
- a decree tile's printed cost: offered where a decree is bought; asked again with the corrected cost;
- a travel tile's effect: the move to a city names the tile the table finds there;
- a day's income: from edition 4 the morning asks what the day track shows before anyone takes servants.

What was corrected is kept in `state.seen` (JSON: replays and digests see it) and the game's components
are rebuilt from it (`corrected`), for this game only; Box check may record it (part A of issue 22).
"""

from __future__ import annotations

from dataclasses import replace

from companion.core.actions import Action

from .state import GugongState
from .steps import Events, event
from .table_entry import SEEN, _note, _range, open_fact, take_tile

JADE_SEEN = "jade_house_seen"  # the jade fields printed on a house
PRICE_SEEN = "jade_price_seen"  # the servants a house's jade costs
DECREE_SEEN = "decree_cost_seen"  # a decree tile's printed cost
CORRECTIONS = (JADE_SEEN, PRICE_SEEN, DECREE_SEEN)


def is_correction(action: Action) -> bool:
    return action.get("type") in CORRECTIONS


# -- jade houses ------------------------------------------------------------------------------------
def jade_options(state: GugongState) -> list[Action]:
    """Every other number of jade fields printed on a house, and every other price, while the houses are
    unverified (the jade a house holds now follows from its fields and the jade taken from it)."""
    if not open_fact(state, "jade_houses"):
        return []
    out: list[Action] = []
    for h, (_cost, fields) in enumerate(state.comp.jade_houses):
        taken = fields - state.jade_houses[h]
        out += [{"type": JADE_SEEN, "house": h, SEEN: {"jade": n}}
                for n in _range("jade_houses", "items", "properties", "jade")
                if n != fields and max(0, n - taken) - state.jade_houses[h] <= state.jade_supply]
    for h, (cost, _fields) in enumerate(state.comp.jade_houses):
        out += [{"type": PRICE_SEEN, "house": h, SEEN: {"cost": c}}
                for c in _range("jade_houses", "items", "properties", "cost") if c != cost]
    return out


def _jade_seen(state: GugongState, action: Action) -> Events:
    """The house has `jade` fields: what is left in it is its fields less the jade taken from it (never below
    none); the difference comes from or goes back to the jade supply."""
    h, printed = action["house"], int(action[SEEN]["jade"])
    cost, fields = state.comp.jade_houses[h]
    left = state.jade_houses[h]
    now = max(0, printed - (fields - left))
    state.jade_supply += left - now
    state.jade_houses[h] = now
    _set_house(state, h, cost, printed)
    return [event("jade_house_seen", number=h + 1, jade=printed, left=now, expected=fields)]


def _price_seen(state: GugongState, action: Action) -> Events:
    h, cost = action["house"], int(action[SEEN]["cost"])
    before, fields = state.comp.jade_houses[h]
    _set_house(state, h, cost, fields)
    return [event("jade_price_seen", number=h + 1, cost=cost, expected=before)]


def _set_house(state: GugongState, house: int, cost: int, fields: int) -> None:
    houses = list(state.comp.jade_houses)
    houses[house] = (cost, fields)
    state.comp = replace(state.comp, jade_houses=tuple(houses))
    _note(state, "houses", house=house, cost=cost, jade=fields)


# -- decree costs -----------------------------------------------------------------------------------
def decree_options(state: GugongState) -> list[Action]:
    """Every other printed cost of each decree tile on the board whose cost is unverified."""
    if not open_fact(state, "decree_costs"):
        return []
    out: list[Action] = []
    for d in state.decree_slots:
        tile = state.comp.decrees.get(d) if d else None
        if tile is None or tile.cost_fact != "decree_costs":
            continue
        out += [{"type": DECREE_SEEN, "decree": d, SEEN: {"cost": c}}
                for c in _range("decree_costs", "properties", d) if c != tile.cost]
    return out


def _decree_seen(state: GugongState, action: Action) -> Events:
    d, cost = action["decree"], int(action[SEEN]["cost"])
    tile = state.comp.decrees[d]
    state.comp = replace(state.comp, decrees={**state.comp.decrees, d: replace(tile, cost=cost)})
    _note(state, "decrees", decree=d, cost=cost, vp=tile.vp)
    return [event("decree_seen", decree=d, cost=cost, vp=tile.vp, expected=tile.cost, expected_vp=tile.vp)]


def offered(state: GugongState, location: str) -> list[Action]:
    """The corrections of the printed facts a location's action reads (jade houses, decree costs)."""
    if location == "jade":
        return jade_options(state)
    return decree_options(state) if location == "decree" else []


def correct(state: GugongState, action: Action) -> Events:
    """Apply a correction option (the caller asks its decision again)."""
    if action["type"] == JADE_SEEN:
        return _jade_seen(state, action)
    if action["type"] == PRICE_SEEN:
        return _price_seen(state, action)
    return _decree_seen(state, action)


# -- travel tiles -----------------------------------------------------------------------------------
def city_tile_options(state: GugongState, cities: list[int]) -> list[Action]:
    """A move to a city whose tile the table finds to be another kind than the model put there."""
    if not open_fact(state, "travel_tiles"):
        return []
    kinds = list(state.bag)
    return [{"type": "move", "city": c, SEEN: {"tile": t}} for c in cities for t in kinds if t != state.cities[c]]


def city_tile_seen(state: GugongState, city: int, tile: str) -> Events:
    """The tile at `city` is `tile`: the model's tile goes back to the piles and `tile` comes out of them."""
    expected = state.cities[city]
    assert expected is not None
    state.bag[expected] = state.bag.get(expected, 0) + 1
    events = take_tile(state, tile)
    state.cities[city] = tile
    return [*events, event("city_tile_seen", city=city, tile=tile, expected_tile=expected)]


# -- the day's income -------------------------------------------------------------------------------
def income_options(state: GugongState) -> list[Action]:
    """What the day track shows beside today: the model's number first, every other number after it."""
    model = state.comp.income[state.day]
    others = [n for n in _range("day_income", "additionalProperties") if n != model]
    return [{"type": "income", "n": model}, *({"type": "income", "n": n, SEEN: True} for n in others)]


def income_seen(state: GugongState, n: int) -> Events:
    """The table read the day track: today's income is `n` (for every player, Meng too)."""
    day, model = state.day, state.comp.income[state.day]
    _note(state, "income", day=day, n=n)
    if n == model:
        return []
    state.comp = replace(state.comp, income={**state.comp.income, day: n})
    return [event("income_seen", day=day, count=n, expected=model)]
