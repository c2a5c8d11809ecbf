"""Travel (gugong-de "1. Reisen", p. 6-7): the traveller, collecting travel tiles and trading them in.

Movement: the first move places the traveller on any city with a tile; later moves follow the
roads to the next city with a tile, passing over empty cities and other travellers. While the
map in the box profile is unverified, any city with a tile is accepted (the table checks the
roads) so a game can always be tracked. A player's trade asks which tiles go to the discard
pile (ruling R5); Meng's direct trades give up his oldest tiles.
"""

from __future__ import annotations

from itertools import combinations

from companion.core.actions import Action
from companion.core.steps import push

from .corrections import city_tile_options, city_tile_seen
from .decrees import owns
from .marks import MAP, of
from .servants import grant, pay, pay_variants
from .state import GugongState
from .steps import Events, event, step
from .tracks import add_vp
from .travel_tiles import tile_effect

RULE_TRAVEL = "gugong-de: 1. Reisen (S. 6)"
RULE_TRADE = "gugong-de: Reisen, Reiseplättchen eintauschen (S. 6)"
DOUBLE_TILE = "double"  # the tile that counts as 2 when trading in
DOUBLE_TILE_COUNTS = 2


def destinations(state: GugongState, seat: int) -> list[int]:
    pl = state.players[seat]
    with_tile = [c for c, t in enumerate(state.cities) if t is not None]
    if pl.traveller is None or not state.comp.map_verified:
        return with_tile
    nbrs = state.comp.neighbours()
    seen, frontier, found = {pl.traveller}, [pl.traveller], set()
    while frontier:
        city = frontier.pop()
        for nb in nbrs[city]:
            if nb in seen:
                continue
            seen.add(nb)
            if state.cities[nb] is not None:
                found.add(nb)  # the first city with a tile along this road: stop here
            else:
                frontier.append(nb)  # empty or another traveller: pass over it
    return sorted(found)


def travel_cost(state: GugongState, seat: int) -> int:
    act = state.comp.act
    return act.travel_b_cost - (act.discount if owns(state, seat, "travel_discount") else 0)


def options(state: GugongState, seat: int) -> list[dict]:
    if not destinations(state, seat):
        return []
    return [{"opt": "A"}] + [{"opt": "B", "dd": dd} for dd in pay_variants(state, seat, travel_cost(state, seat))]


def perform(state: GugongState, seat: int, opt: dict) -> Events:
    if opt["opt"] == "B":
        push(state, {"k": "travel_move", "p": seat}, {"k": "travel_move", "p": seat})
        return pay(state.players[seat], travel_cost(state, seat), opt["dd"])
    push(state, {"k": "travel_move", "p": seat})
    return []


def _move_options(state: GugongState, frame: dict) -> list[Action]:
    cities = destinations(state, frame["p"])
    return [*({"type": "move", "city": c} for c in cities), *city_tile_options(state, cities)]


@step("travel_move", RULE_TRAVEL, _move_options)
def _move(state: GugongState, frame: dict, action: Action | None) -> Events:
    assert action is not None
    seat, city = frame["p"], action["city"]
    pl = state.players[seat]
    seen = city_tile_seen(state, city, action["seen"]["tile"]) if "seen" in action else []
    tile = state.cities[city]
    assert tile is not None
    state.cities[city] = None
    pl.traveller = city
    events = [*seen, event("travel", player=seat, city=city, tile=tile, **of(state, city=MAP))]
    if tile.startswith("bonus_"):
        push(state, {"k": "bonus_tile", "p": seat, "tile": tile})
        return events
    pl.tiles.append(tile)
    push(state, {"k": "tile_limit", "p": seat})
    return events + tile_effect(state, seat, tile)


# -- trading tiles in (servant, VP or jade; the "double" tile counts 2) -------------------------
def trade_options(state: GugongState, seat: int) -> list[Action]:
    """What to trade for, and how many "counts as 2" tiles to give (which other tiles: `trade_tiles`)."""
    pl = state.players[seat]
    if not pl.tiles:
        return []
    doubles = pl.tiles.count(DOUBLE_TILE)
    regular = len(pl.tiles) - doubles
    out: list[Action] = []
    for reward, need in state.comp.trades.items():
        if reward == "servant" and not (pl.general > 0 or pl.dd == "general"):
            continue
        for k in range(min(doubles, need // DOUBLE_TILE_COUNTS) + 1):
            if regular >= need - DOUBLE_TILE_COUNTS * k:
                out.append({"type": "trade", "for": reward, "doubles": k})
    return out


def tile_combinations(state: GugongState, seat: int, action: Action) -> list[list[str]]:
    """Every distinct multiset of held regular tile types a trade can give up, in sorted order (ruling R5)."""
    regular = sorted(t for t in state.players[seat].tiles if t != DOUBLE_TILE)
    need = state.comp.trades[action["for"]] - DOUBLE_TILE_COUNTS * action["doubles"]
    return [list(c) for c in sorted(set(combinations(regular, need)))]


def offer_trade(state: GugongState, seat: int, action: Action) -> None:
    """A player's trade: first ask which tiles go to the discard pile (asked only when there is a choice)."""
    push(state, {"k": "trade_tiles", "p": seat, "for": action["for"], "doubles": action["doubles"]})


def _trade_tiles_options(state: GugongState, frame: dict) -> list[Action]:
    return [{"type": "give_tiles", "tiles": c} for c in tile_combinations(state, frame["p"], frame)]


@step("trade_tiles", RULE_TRADE, _trade_tiles_options)
def _trade_tiles(state: GugongState, frame: dict, action: Action | None) -> Events:
    assert action is not None
    trade_in = {"type": "trade", "for": frame["for"], "doubles": frame["doubles"]}
    return trade(state, frame["p"], trade_in, action["tiles"])


def trade(state: GugongState, seat: int, action: Action, tiles: list[str] | None = None) -> Events:
    """Give up the "doubles" tiles and `tiles` (None: the oldest regular ones, for Meng), then take the reward."""
    pl = state.players[seat]
    if tiles is None:
        need = state.comp.trades[action["for"]] - DOUBLE_TILE_COUNTS * action["doubles"]
        tiles = [t for t in pl.tiles if t != DOUBLE_TILE][:need]
    given = [DOUBLE_TILE] * action["doubles"] + list(tiles)
    for t in given:
        pl.tiles.remove(t)  # the earliest-collected tile of that type: face down, they are all alike
        state.tile_discard[t] = state.tile_discard.get(t, 0) + 1
    events = [event("trade", player=seat, reward=action["for"], tiles=given)]
    if action["for"] == "vp":
        return events + add_vp(state, seat, state.comp.trade_vp)
    return events + grant(state, seat, action["for"])


def _limit_options(state: GugongState, frame: dict) -> list[Action]:
    if len(state.players[frame["p"]].tiles) <= state.comp.tile_limit:
        return []
    return trade_options(state, frame["p"])


@step("tile_limit", RULE_TRADE, _limit_options)
def _limit(state: GugongState, frame: dict, action: Action | None) -> None:
    assert action is not None
    push(state, {"k": "tile_limit", "p": frame["p"]})
    offer_trade(state, frame["p"], action)
