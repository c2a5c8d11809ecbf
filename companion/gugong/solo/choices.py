"""Meng's choice rules as small pure functions (gugong-de "Karten- und Ortsaktionen (Solo)").

Each function reads the table and returns what Meng does; none changes the state. The frames in
`automa.py` carry the choices out and tell the table what to do with his pieces.
"""

from __future__ import annotations

from ..canal import first_free_port, route_count
from ..components import Components
from ..decrees import available
from ..decrees import cost as decree_cost
from ..editions import EDITIONS
from ..jade import SQUARE, on_offer, price
from ..state import GugongState, Player

RULE_DECREE = "gugong-de: Dekrete (Solo), Wahl des Dekrets"
RULE_JADE = "gugong-de: Jade (Solo): den billigsten verfügbaren Jade"
RULE_CANAL = "gugong-de: Der Kaiserkanal (Solo)"
RULE_TRADE = "gugong-de: Reisen (Solo), Reiseplättchen eintauschen"


# -- decrees ------------------------------------------------------------------------------------
def decree_levels(day: int, top: int) -> list[int]:
    """Level = day (from day `top` on: the top level), then each lower level, then the higher ones."""
    target = min(day, top)
    return [*range(target, 0, -1), *range(target + 1, top + 1)]


def level_order(state: GugongState, seat: int, level: int, lower_slot: int) -> list[int]:
    """The two slots of a level, preferred first: the one the human has not taken (it is the cheaper);
    when both or neither carry an opponent's servant, the lower one (NL; DE says the same for 'neither')."""
    slots = state.comp.level_slots(level)
    taken = [any(s != seat for s in state.decree_servants[slot]) for slot in slots]
    if taken[0] != taken[1]:
        return [slots[1], slots[0]] if taken[0] else slots
    lower = slots[lower_slot]
    return [lower, slots[1 - lower_slot]]


def choose_decree(state: GugongState, seat: int, free: bool, lower_slot: int = 1) -> int | None:
    """The decree slot Meng takes, or None: the decree the criteria choose on each level in turn (the day's level,
    then lower, then higher) if he can pay it (its cost plus the servant placed on it, trading travel tiles for
    servants where that makes it affordable; a special card pays nothing); "Solange noch erwerbbar Dekrete
    ausliegen, die Meng noch nicht belegt hat, belegt er immer eins": else any other one he can pay."""
    levels = decree_levels(state.day, state.comp.decree_levels)
    ordered = [[s for s in level_order(state, seat, level, lower_slot) if available(state, seat, s)]
               for level in levels]
    # the chosen decree of each level first (gugong-nl 978, gugong-de 900; ruling M15)
    if EDITIONS.has(state, "meng_chosen_decree_first"):
        ordered = [[slots[0] for slots in ordered if slots], [s for slots in ordered for s in slots[1:]]]
    for slots in ordered:
        for slot in slots:
            if free or affordable(state, seat, decree_cost(state, seat, slot) + 1):
                return slot
    return None


def affordable(state: GugongState, seat: int, need: int) -> bool:
    """Can Meng pay `need` servants, trading travel tiles for servants where that makes it possible (edition 1:
    from his supply only)?"""
    pl = state.players[seat]
    if not EDITIONS.has(state, "meng_trades_by_day"):
        return need <= pl.pool
    return trades_needed(pl, need, state.comp.trades["servant"]) is not None


# -- jade ---------------------------------------------------------------------------------------
def cheapest_jade(state: GugongState, seat: int) -> tuple[int, int]:
    """(house, price) of the cheapest jade on offer; house -1 is the jade square (all houses empty)."""
    houses = on_offer(state)
    if houses == [SQUARE]:
        return SQUARE, price(state, seat, SQUARE)
    best = min(houses, key=lambda h: (price(state, seat, h), h))
    return best, price(state, seat, best)


# -- canal --------------------------------------------------------------------------------------
def canal_target(state: GugongState, pl: Player) -> dict | None:
    """An existing boat with room (the fullest first), else a new boat in the first free port, else None."""
    cap = state.comp.boat_capacity
    room = [i for i, b in enumerate(pl.boats) if b.places < cap]
    if room:
        return {"boat": max(room, key=lambda i: (pl.boats[i].places, -i))}
    if len(pl.boats) < state.comp.boats:
        for route in range(route_count(state)):
            if first_free_port(state, route) is not None:
                return {"route": route}
    return None


# -- wall scoring: the intrigue benefit ---------------------------------------------------------
def wall_benefit(state: GugongState, seat: int) -> str | None:
    """Jade when his marker can go back 7; else 1 servant when it can go back 1 and his general supply has one."""
    pl = state.players[seat]
    b = state.comp.benefits
    if pl.intrigue >= b["jade"]:
        return "jade"
    if pl.intrigue >= b["servant1"] and pl.general >= 1:
        return "servant1"
    return None


# -- trading travel tiles -----------------------------------------------------------------------
def tile_value(pl: Player) -> int:
    """Tiles as they count for trading: the 'double' tile counts 2."""
    doubles = pl.tiles.count("double")
    return len(pl.tiles) + doubles


def trades_needed(pl: Player, need: int, trade_cost: int = 2) -> int | None:
    """How many tiles-for-servant trades make `need` servants affordable: 0 when already affordable,
    None when even trading cannot (then Meng keeps his tiles and skips the action)."""
    deficit = need - pl.pool
    if deficit <= 0:
        return 0
    possible = min(tile_value(pl) // trade_cost, pl.general)
    return deficit if possible >= deficit else None


def doubles_for(pl: Player, need: int) -> int | None:
    """Double tiles to use for a trade of `need` tile values, regular tiles first; None if impossible."""
    doubles = pl.tiles.count("double")
    regular = len(pl.tiles) - doubles
    for k in range(min(doubles, need // 2) + 1):
        if regular >= need - 2 * k:
            return k
    return None


# -- travel along the red arrows ------------------------------------------------------------------
def path_verified(comp: Components) -> bool:
    return comp.profile.fact("meng.path").verified


def _nearest_tile(state: GugongState, start: int | None) -> int | None:
    with_tile = [c for c, t in enumerate(state.cities) if t is not None]
    if not with_tile:
        return None
    if start is None:
        return with_tile[0]
    nbrs = state.comp.neighbours()
    seen, frontier = {start}, [start]
    while frontier:  # breadth first: the nearest ring of cities, lowest number first
        found = sorted(c for c in frontier if state.cities[c] is not None and c != start)
        if found:
            return found[0]
        nxt = []
        for city in frontier:
            for nb in nbrs[city]:
                if nb not in seen:
                    seen.add(nb)
                    nxt.append(nb)
        frontier = nxt
    return with_tile[0]


def next_city(state: GugongState, seat: int) -> int | None:
    """Where Meng's traveller goes: the next city with a tile along the red arrows (from the bottom right,
    counter-clockwise, round and round); off the path, along the blue arrows back to it; if no city on the
    path has a tile, the nearest tile. None when no city has a tile."""
    path = [int(c) for c in state.comp.meng.path]
    blue = {int(k): int(v) for k, v in state.comp.meng.blue_arrows.items()}
    here = state.players[seat].traveller
    if here is not None and here not in path:
        seen = {here}
        city = blue.get(here)
        while city is not None and city not in path and city not in seen:
            if state.cities[city] is not None:
                return city
            seen.add(city)
            city = blue.get(city)
        if city is not None and city in path:
            if state.cities[city] is not None:
                return city
            here = city
    start = path.index(here) + 1 if here in path else 0  # off the path with no arrow back: from its start
    order = path[start:] + path[:start] if here is not None else path
    for city in order:
        if state.cities[city] is not None:
            return city
    return _nearest_tile(state, here)
