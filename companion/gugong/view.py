"""Everything a Gùgōng screen shows, as plain data (`view(state)`); screens only render it.

Card ids come with their printed values, locations and tiles as codes (the screens name them),
seats as numbers (0 = first player). `verified` says which shown values rest on confirmed box
facts, so a screen can mark placeholders.
"""

from __future__ import annotations

from typing import Any

from . import canal, decrees, jade, wall
from .day import payments
from .gift_cards import exchange_is_free
from .state import GugongState, Player
from .table_entry import components_seen
from .travel import travel_cost


def view(state: GugongState) -> dict[str, Any]:
    comp = state.comp
    return {
        "game": "gugong",
        "names": list(state.names),
        "day": state.day,
        "days": comp.days,
        "phase": state.phase,
        "start": state.start,
        "order": state.order_from(state.start),
        # whose turn it is, also while another player answers a question inside it (Ben's Great Wall benefit in
        # Anna's turn is still Anna's turn); the screens' banner reads it here
        "turn": state.turn if state.phase == "day" else None,
        "medal": state.medal,
        "players": [_player(state, pl) for pl in state.players],
        "officials": _officials(state),
        "intrigue": _intrigue_stacks(state),
        "palace": {"steps": comp.palace_steps, "arrivals": list(state.arrivals)},
        "wall": _wall(state),
        "decrees": _decrees(state),
        "cities": _cities(state),
        "canal": _canal(state),
        "dice": list(state.dice),
        "jade": _jade(state),
        "piles": {"deck": len(state.deck), "tiles": sum(state.bag.values()),
                  "tiles_discarded": sum(state.tile_discard.values())},
        "verified": _verified(state),
        "seen_facts": components_seen(comp, state.seen),  # what the table entered, in profile facts
        # where the game stands, for a list of saved games: "Day 2 · day phase"
        "progress": {"key": "table.progress.gugong", "day": state.day, "phase": f"table.phase.gugong.{state.phase}"},
    }


def _cards(state: GugongState, ids: list[int]) -> list[dict[str, Any]]:
    """Cards lowest first, each with its printed value and card action (a chooser shows both on the card)."""
    cards = state.comp.cards
    return [{"card": c, "value": cards[c].value, "action": cards[c].action}
            for c in sorted(ids, key=lambda c: cards[c].value)]


def _player(state: GugongState, pl: Player) -> dict[str, Any]:
    return {
        "seat": pl.seat,
        "name": state.names[pl.seat],
        "vp": pl.vp,
        "servants": {"supply": pl.pool, "general": pl.general},
        "double": pl.dd,
        "hand": _cards(state, pl.hand),
        "discard": _cards(state, pl.discard),
        "intrigue": pl.intrigue,
        "envoy": pl.envoy,
        "arrival": state.arrivals.index(pl.seat) + 1 if pl.seat in state.arrivals else None,
        "jade": pl.jade,
        "tiles": list(pl.tiles),
        "traveller": pl.traveller,
        "travel_cost": travel_cost(state, pl.seat),
        "boats": [{"route": b.route, "port": b.port, "servants": b.servants, "double": b.dd, "places": b.places}
                  for b in pl.boats],
        "rewards": dict(pl.rewards),
        "bonus": [{"tile": t, "location": None if at is None else state.comp.locations[at]}
                  for t, at in pl.bonus_active],
        "bonus_spent": len(pl.bonus_spent),
        "decrees": decrees.owned(state, pl.seat),
        "wall": wall.strength(state).get(pl.seat, 0),
    }


def _officials(state: GugongState) -> list[dict[str, Any]]:
    """Each official's card and, for the player whose turn it is, what exchanging each hand card there costs."""
    seat = state.turn if state.phase == "day" else None
    out = []
    for loc, name in enumerate(state.comp.locations):
        card = state.board[loc]
        entry: dict[str, Any] = {"location": name, "card": card,
                                 "value": None if card is None else state.comp.cards[card].value,
                                 "action": None if card is None else state.comp.cards[card].action}
        if seat is not None and card is not None:
            entry["exchange"] = [_exchange_cost(state, seat, c, loc) for c in state.players[seat].hand]
        out.append(entry)
    return out


def _exchange_cost(state: GugongState, seat: int, card: int, loc: int) -> dict[str, Any]:
    if exchange_is_free(state, seat, card, loc):
        return {"card": card, "free": True}
    ways = list(dict.fromkeys(p["how"] for p in payments(state, seat, card)))
    return {"card": card, "free": False, "servants": state.comp.act.exchange_servants, "ways": ways}


def _intrigue_stacks(state: GugongState) -> dict[str, Any]:
    """The markers on each occupied space of the intrigue track, bottom first (the top one wins ties)."""
    spaces: dict[int, list[int]] = {}
    for pl in sorted(state.players, key=lambda p: p.intrigue_seq):
        spaces.setdefault(pl.intrigue, []).append(pl.seat)
    return {"length": state.comp.intrigue_max, "stacks": [[space, seats] for space, seats in sorted(spaces.items())]}


def _wall(state: GugongState) -> dict[str, Any]:
    strength = wall.strength(state)
    return {"servants": [list(e) for e in state.wall], "total": wall.total(state),
            "complete_at": state.comp.wall_size[state.n], "strength": [strength.get(s, 0) for s in range(state.n)],
            "leader": wall.majority(state)}


def _decrees(state: GugongState) -> list[dict[str, Any]]:
    return [{"slot": slot, "level": state.comp.decree_level(slot), "decree": d,
             "owners": list(state.decree_servants[slot]), "spaces": state.comp.decree_spaces}
            for slot, d in enumerate(state.decree_slots)]


def _cities(state: GugongState) -> list[dict[str, Any]]:
    travellers: dict[int, list[int]] = {}
    for pl in state.players:
        if pl.traveller is not None:
            travellers.setdefault(pl.traveller, []).append(pl.seat)
    return [{"city": c, "tile": t, "travellers": travellers.get(c, [])} for c, t in enumerate(state.cities)]


def _canal(state: GugongState) -> dict[str, Any]:
    boats = [{"seat": pl.seat, "route": b.route, "port": b.port, "servants": b.servants, "double": b.dd,
              "full": b.places >= state.comp.boat_capacity} for pl in state.players for b in pl.boats]
    return {"routes": canal.route_count(state), "ports": state.comp.ports, "capacity": state.comp.boat_capacity,
            "boats": sorted(boats, key=lambda b: (b["route"], b["port"]))}


def _jade(state: GugongState) -> dict[str, Any]:
    houses = [{"house": h + 1, "price": state.comp.jade_houses[h][0], "left": left}
              for h, left in enumerate(state.jade_houses)]
    return {"houses": houses, "square_price": state.comp.jade_square_price, "supply": state.jade_supply,
            "on_offer": [h + 1 if h >= 0 else 0 for h in jade.on_offer(state)]}


def _verified(state: GugongState) -> dict[str, bool]:
    fact = state.comp.profile.fact
    return {"cards": fact("gift_cards").verified, "jade_houses": fact("jade_houses").verified,
            "dice": fact("dice_faces").verified, "map": state.comp.map_verified}
