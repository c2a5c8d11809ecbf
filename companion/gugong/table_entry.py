""""Something else…": the table enters a component the box profile does not know (issue 15).

Every chance step whose fact is unverified also offers what the table may actually see: a gift card by
its value and action, a die face, a travel tile of a kind the model has none left of, a decree tile with
another printed cost. These options carry the key "seen"; the app never draws them (core.chance), only
the table enters them. The engine's model of the box then grows, keeping the counts of the box:

- a gift card: the card of that pile most like it takes its identity (38 cards stay 38);
- a travel tile: one tile of the kind with most left in the piles becomes that kind (32 stay 32);
- a die face or a decree's cost: the die gains the face, the tile takes the cost.

What was seen is kept in `state.seen` (JSON, so replays and digests see it) and the components of this
game are rebuilt from it; Box check offers to record it in the owner's profile ("seen at the table").
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from companion.core.actions import Action
from companion.core.profile import fact_schema

from .components import CARD_ACTIONS, Card, Components
from .editions import EDITIONS
from .state import GugongState
from .steps import Events, event

SEEN = "seen"


def is_seen(action: Action) -> bool:
    return SEEN in action


def open_fact(state: GugongState, key: str) -> bool:
    """The table may enter what it sees for this fact: the game allows it and the profile has not verified it."""
    return state.table_entry and not state.comp.profile.fact(key).checked


def held_cards_open(state: GugongState) -> bool:
    """The table enters the gift cards it holds (a start hand, a card drawn face down) as it sees them: the
    game allows "Something else…", or (edition 3) the card census is not a confirmed fact of the profile."""
    census = state.comp.profile.fact("gift_cards")
    return open_fact(state, "gift_cards") or (EDITIONS.has(state, "hands_entered") and not census.checked)


def _range(key: str, *path: str) -> range:
    """The whole numbers the fact's schema allows at `path` (e.g. gift_cards/items/properties/value)."""
    schema: dict[str, Any] = fact_schema("gugong", key)
    for part in path:
        schema = schema[part]
    return range(int(schema.get("minimum", 0)), int(schema.get("maximum", 9)) + 1)


def _note(state: GugongState, kind: str, **record: Any) -> None:
    seen = dict(state.seen)
    seen[kind] = [*seen.get(kind, []), record]
    state.seen = seen


# -- gift cards ------------------------------------------------------------------------------------
def card_options(state: GugongState, kind: str, held: bool = False) -> list[Action]:
    """Every card identity (value x action) the table may enter instead of one the model lists; `held`: for a
    card the table holds face down or was dealt (edition 3 offers them whenever the census is unverified)."""
    if not (held_cards_open(state) if held else open_fact(state, "gift_cards")):
        return []
    values = _range("gift_cards", "items", "properties", "value")
    return [{"type": kind, SEEN: {"value": v, "action": a}} for v in values for a in CARD_ACTIONS]


def _likeness(card: Card, value: int, action: str) -> tuple[int, int, int]:
    return (card.value != value, card.action != action, card.id)


def take_card(state: GugongState, pile: list[int], action: Action,
              among: list[int] | None = None) -> tuple[int, Events]:
    """The card the action names, or (a seen card) the card of `among` (default: the pile) that now carries
    what the table saw. The card leaves `pile`; the events tell what the model had expected in its place."""
    if not is_seen(action):
        pile.remove(action["card"])
        return action["card"], []
    value, what = int(action[SEEN]["value"]), str(action[SEEN]["action"])
    cards = state.comp.cards
    card = min((cards[c] for c in (pile if among is None else among)), key=lambda c: _likeness(c, value, what))
    pile.remove(card.id)
    if (card.value, card.action) == (value, what):
        return card.id, []
    seen = Card(card.id, value, card.set, what)
    state.comp = replace(state.comp, cards=tuple(seen if c.id == card.id else c for c in cards))
    _note(state, "cards", id=card.id, value=value, action=what, set=card.set)
    return card.id, [event("card_seen", card=card.id, value=value, action=what, set=card.set,
                           expected=card.value, expected_action=card.action)]


# -- fate dice ------------------------------------------------------------------------------------
def face_options(state: GugongState) -> list[Action]:
    if not open_fact(state, "dice_faces"):
        return []
    faces = state.comp.dice_faces
    return [{"type": "die", "face": f, SEEN: True} for f in _range("dice_faces", "items") if f not in faces]


def grow_faces(state: GugongState, face: int) -> Events:
    if face in state.comp.dice_faces:
        return []
    state.comp = replace(state.comp, dice_faces=tuple(sorted((*state.comp.dice_faces, face))))
    _note(state, "faces", face=face)
    return [event("face_seen", face=face)]


# -- travel tiles ----------------------------------------------------------------------------------
def tile_options(state: GugongState) -> list[Action]:
    """Tile kinds the model has none left of (weight 0: only the table enters them)."""
    if not open_fact(state, "travel_tiles"):
        return []
    return [{"type": "tile", "tile": t, SEEN: True} for t in state.comp.tiles if state.bag.get(t, 0) == 0]


def take_tile(state: GugongState, tile: str) -> Events:
    """Take `tile` from the piles; a kind none is left of takes the place of the kind with most left."""
    if state.bag.get(tile, 0) > 0:
        state.bag[tile] -= 1
        return []
    instead = max(state.bag, key=lambda k: (state.bag[k], -list(state.bag).index(k)))
    state.bag[instead] -= 1
    _note(state, "tiles", tile=tile, instead=instead)
    return [event("tile_seen", tile=tile, expected=instead)]


# -- decree tiles -----------------------------------------------------------------------------------
def decree_options(state: GugongState, pool: list[str]) -> list[Action]:
    """A decree tile of this level whose printed cost (and VP, if unverified) differ from the model's."""
    costs_open, vp_open = open_fact(state, "decree_costs"), open_fact(state, "decrees")
    out: list[Action] = []
    for d in pool:
        tile = state.comp.decrees[d]
        costs = _range("decree_costs", "properties", d) if costs_open and tile.cost_fact == "decree_costs" else ()
        vps = _range("decrees", "items", "properties", "vp") if vp_open else (tile.vp,)
        out += [{"type": "decree_tile", "decree": d, SEEN: {"cost": c, "vp": p}}
                for c in (costs or (tile.cost,)) for p in vps if (c, p) != (tile.cost, tile.vp)]
    return out


def print_decree(state: GugongState, action: Action) -> Events:
    """The decree tile as the table reads it: its printed cost and VP replace the model's."""
    if not is_seen(action):
        return []
    d, cost, vp = action["decree"], int(action[SEEN]["cost"]), int(action[SEEN]["vp"])
    tile = state.comp.decrees[d]
    decrees = {**state.comp.decrees, d: replace(tile, cost=cost, vp=vp)}
    state.comp = replace(state.comp, decrees=decrees)
    _note(state, "decrees", decree=d, cost=cost, vp=vp)
    return [event("decree_seen", decree=d, cost=cost, vp=vp, expected=tile.cost, expected_vp=tile.vp)]


def components_seen(comp: Components, seen: dict[str, Any]) -> dict[str, Any]:
    """What was seen, in the box profile's own fact keys (for "seen at the table")."""
    out: dict[str, Any] = {}
    if seen.get("cards"):
        out["gift_cards"] = [{"value": c.value, "set": c.set, "action": c.action} for c in comp.cards]
    if seen.get("faces"):
        out["dice_faces"] = list(comp.dice_faces)
    if seen.get("decrees"):
        out["decree_costs"] = {d: t.cost for d, t in comp.decrees.items() if t.cost_fact == "decree_costs"}
    if seen.get("tiles"):
        tiles = dict(comp.tiles)
        for record in seen["tiles"]:
            tiles[record["tile"]] = tiles.get(record["tile"], 0) + 1
            tiles[record["instead"]] = max(0, tiles.get(record["instead"], 0) - 1)
        out["travel_tiles"] = tiles
    return out


# (id of comp, seen) -> (comp, comp as that game knows it); holding comp keeps its id from naming another box
# (core.box keeps a bounded number of boxes: an evicted one's id may be reused)
_WITH_SEEN: dict[tuple[int, str], tuple[Components, Components]] = {}


def with_seen(comp: Components, seen: dict[str, Any] | None) -> Components:
    """`comp` as a game that recorded `seen` (state JSON "seen") knows it: for screens that hold only JSON."""
    if not seen:
        return comp
    key = (id(comp), json.dumps(seen, sort_keys=True))
    if key not in _WITH_SEEN:
        if len(_WITH_SEEN) > 256:  # a few games' worth; screens ask again for the same state many times
            _WITH_SEEN.clear()
        cards = list(comp.cards)
        for c in seen.get("cards", ()):
            cards[c["id"]] = Card(c["id"], c["value"], c["set"], c["action"])
        faces = tuple(sorted({*comp.dice_faces, *(f["face"] for f in seen.get("faces", ()))}))
        decrees = dict(comp.decrees)
        for d in seen.get("decrees", ()):
            decrees[d["decree"]] = replace(decrees[d["decree"]], cost=d["cost"], vp=d["vp"])
        grown = replace(comp, cards=tuple(cards), dice_faces=faces, decrees=decrees, **corrected(comp, seen))
        _WITH_SEEN[key] = (comp, grown)
    return _WITH_SEEN[key][1]


def corrected(comp: Components, seen: dict[str, Any]) -> dict[str, Any]:
    """The component fields a game's corrections changed (jade houses, day income; see corrections.py)."""
    out: dict[str, Any] = {}
    if seen.get("houses"):
        houses = list(comp.jade_houses)
        for r in seen["houses"]:
            houses[r["house"]] = (r["cost"], r["jade"])
        out["jade_houses"] = tuple(houses)
    if seen.get("income"):
        out["income"] = {**comp.income, **{r["day"]: r["n"] for r in seen["income"]}}
    return out
