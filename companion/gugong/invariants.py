"""Conservation checks run after every action of a playout (the issue's property-test invariants)."""

from __future__ import annotations

from .state import GugongState


def violations(state: GugongState) -> list[str]:
    out: list[str] = []
    comp = state.comp
    for pl in state.players:
        seat = pl.seat
        on_wall = sum(1 for s, size in state.wall if s == seat and size == 1)
        on_decrees = sum(1 for owners in state.decree_servants if seat in owners)
        on_boats = sum(b.servants for b in pl.boats)
        placed = pl.pool + pl.general + on_wall + on_decrees + on_boats + sum(pl.rewards.values())
        placed += len(pl.bonus_active)
        if placed != comp.servants:
            out.append(f"player {seat}: {placed} servants accounted for, expected {comp.servants}")
        if min(pl.pool, pl.general, on_wall, on_boats) < 0:
            out.append(f"player {seat}: a negative servant count")
        dd_wall = sum(1 for s, size in state.wall if s == seat and size == 2)
        dd_boat = sum(1 for b in pl.boats if b.dd)
        where = {"wall": dd_wall, "boat": dd_boat}
        for place, count in where.items():
            if count != (1 if pl.dd == place else 0):
                out.append(f"player {seat}: double servant is '{pl.dd}' but {count} on the {place}")
        if any(b.places > comp.boat_capacity or b.places < 1 for b in pl.boats) or len(pl.boats) > comp.boats:
            out.append(f"player {seat}: boat over capacity, empty, or too many boats")
        if not 0 <= pl.intrigue <= comp.intrigue_max or not 0 <= pl.envoy <= comp.palace_steps:
            out.append(f"player {seat}: intrigue or envoy off the track")
        if pl.vp < 0:
            out.append(f"player {seat}: negative VP")
        for reward, n in pl.rewards.items():
            if n > comp.reward_slots[reward]:
                out.append(f"player {seat}: {n} servants on the {reward} reward spaces")
    for route in range(comp.routes[state.n]):
        ports = [b.port for pl in state.players for b in pl.boats if b.route == route]
        if len(ports) != len(set(ports)) or any(not 1 <= p <= comp.ports for p in ports):
            out.append(f"route {route}: two boats in one port or a port off the canal")
    jade = sum(state.jade_houses) + state.jade_supply + sum(pl.jade for pl in state.players)
    if jade != comp.jade_total + state.jade_extra or min([state.jade_supply, *state.jade_houses]) < 0:
        out.append(f"jade: {jade} accounted for, expected {comp.jade_total} + {state.jade_extra} substitutes")
    cards = [c for c in state.board if c is not None] + state.deck + state.box
    for pl in state.players:
        cards += pl.hand + pl.discard
    if len(cards) != len(comp.cards) or len(set(cards)) != len(cards):
        out.append(f"gift cards: {len(cards)} accounted for ({len(set(cards))} distinct), expected {len(comp.cards)}")
    tiles = sum(state.bag.values()) + sum(state.tile_discard.values()) + sum(state.tile_box.values())
    tiles += sum(1 for t in state.cities if t is not None)
    for pl in state.players:
        tiles += len(pl.tiles) + len(pl.bonus_active) + len(pl.bonus_spent)
    tiles += sum(1 for f in state.stack if f["k"] == "bonus_tile")  # collected, about to be played or not
    expected = sum(comp.tiles.values()) + sum(comp.bonus_tiles.values())
    if tiles != expected or min([*state.bag.values(), 0]) < 0:
        out.append(f"travel tiles: {tiles} accounted for, expected {expected}")
    if len(state.arrivals) != sum(1 for pl in state.players if pl.envoy == comp.palace_steps):
        out.append("palace: arrival order does not match the envoys in the palace")
    return out
