"""Conservation checks run after every action of a playout: servants, jade, cards and tiles are
all accounted for, and every piece is where the rules allow it."""

from __future__ import annotations

from .state import GugongState, Player


def violations(state: GugongState) -> list[str]:
    out: list[str] = []
    for pl in state.players:
        out += _servants(state, pl) + _tracks(state, pl)
    out += _ports(state) + _jade(state) + _cards(state) + _tiles(state)
    if len(state.arrivals) != sum(1 for pl in state.players if pl.envoy == state.comp.palace_steps):
        out.append("palace: arrival order does not match the envoys in the palace")
    return out


def _servants(state: GugongState, pl: Player) -> list[str]:
    out: list[str] = []
    comp, seat = state.comp, pl.seat
    on_wall = sum(1 for s, size in state.wall if s == seat and size == 1)
    on_decrees = sum(1 for owners in state.decree_servants if seat in owners)
    on_boats = sum(b.servants for b in pl.boats)
    placed = pl.pool + pl.general + on_wall + on_decrees + on_boats + sum(pl.rewards.values())
    placed += len(pl.bonus_active)
    if placed != comp.servants:
        out.append(f"player {seat}: {placed} servants accounted for, expected {comp.servants}")
    if min(pl.pool, pl.general, on_wall, on_boats) < 0:
        out.append(f"player {seat}: a negative servant count")
    dd_wall = sum(1 for s, size in state.wall if s == seat and size > 1)
    dd_boat = sum(1 for b in pl.boats if b.dd)
    for place, count in {"wall": dd_wall, "boat": dd_boat}.items():
        if count != (1 if pl.dd == place else 0):
            out.append(f"player {seat}: double servant is '{pl.dd}' but {count} on the {place}")
    if any(b.places > comp.boat_capacity or b.places < 1 for b in pl.boats) or len(pl.boats) > comp.boats:
        out.append(f"player {seat}: boat over capacity, empty, or too many boats")
    return out


def _tracks(state: GugongState, pl: Player) -> list[str]:
    out: list[str] = []
    comp, seat = state.comp, pl.seat
    if not 0 <= pl.intrigue <= comp.intrigue_max or not 0 <= pl.envoy <= comp.palace_steps:
        out.append(f"player {seat}: intrigue or envoy off the track")
    if pl.vp < 0:
        out.append(f"player {seat}: negative VP")
    for reward, n in pl.rewards.items():
        if n > comp.reward_slots[reward]:
            out.append(f"player {seat}: {n} servants on the {reward} reward spaces")
    return out


def _ports(state: GugongState) -> list[str]:
    out: list[str] = []
    for route in range(state.comp.routes[state.n]):
        ports = [b.port for pl in state.players for b in pl.boats if b.route == route]
        if len(ports) != len(set(ports)) or any(not 1 <= p <= state.comp.ports for p in ports):
            out.append(f"route {route}: two boats in one port or a port off the canal")
    return out


def _jade(state: GugongState) -> list[str]:
    comp = state.comp
    jade = sum(state.jade_houses) + state.jade_supply + sum(pl.jade for pl in state.players)
    if jade != comp.jade_total + state.jade_extra or min([state.jade_supply, *state.jade_houses]) < 0:
        return [f"jade: {jade} accounted for, expected {comp.jade_total} + {state.jade_extra} substitutes"]
    return []


def _cards(state: GugongState) -> list[str]:
    cards = [c for c in state.board if c is not None] + state.deck + state.box
    for pl in state.players:
        cards += pl.hand + pl.discard
    expected = len(state.comp.cards)
    if len(cards) != expected or len(set(cards)) != len(cards):
        return [f"gift cards: {len(cards)} accounted for ({len(set(cards))} distinct), expected {expected}"]
    return []


def _tiles(state: GugongState) -> list[str]:
    comp = state.comp
    tiles = sum(state.bag.values()) + sum(state.tile_discard.values()) + sum(state.tile_box.values())
    tiles += sum(1 for t in state.cities if t is not None)
    for pl in state.players:
        tiles += len(pl.tiles) + len(pl.bonus_active) + len(pl.bonus_spent)
    tiles += sum(1 for f in state.stack if f["k"] == "bonus_tile")  # collected, about to be played or not
    expected = sum(comp.tiles.values()) + sum(comp.bonus_tiles.values())
    if tiles != expected or min([*state.bag.values(), 0]) < 0:
        return [f"travel tiles: {tiles} accounted for, expected {expected}"]
    return []
