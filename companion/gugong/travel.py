"""Travel (gugong-de "1. Reisen", p. 6-7): the traveller, travel tiles, trading tiles in, bonus tiles.

Movement: the first move places the traveller on any city with a tile; later moves follow the
roads to the next city with a tile, passing over empty cities and other travellers. While the
map in the box profile is unverified, any city with a tile is accepted (the table checks the
roads) so a game can always be tracked. A player's trade asks which tiles go to the discard
pile (ruling R5); Meng's direct trades give up his oldest tiles.
"""

from __future__ import annotations

from itertools import combinations

from companion.core.actions import Action

from . import wall
from .decrees import owns
from .frames import emit, kind, push
from .servants import gain, pay, pay_variants
from .state import GugongState
from .tracks import add_vp, advance_envoy, gain_jade, move_intrigue

RULE_TRAVEL = "gugong-de: 1. Reisen (S. 6)"
RULE_TILES = "gugong-de: Liste der Reiseplättchen (S. 7)"
RULE_TRADE = "gugong-de: Reisen, Reiseplättchen eintauschen (S. 6)"
RULE_BONUS = "gugong-de: Bonus-Reiseplättchen (S. 20)"


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
    return act["travel_b_cost"] - (act["discount"] if owns(state, seat, "travel_discount") else 0)


def options(state: GugongState, seat: int) -> list[dict]:
    if not destinations(state, seat):
        return []
    pl = state.players[seat]
    return [{"opt": "A"}] + [{"opt": "B", "dd": dd} for dd in pay_variants(pl, travel_cost(state, seat))]


def perform(state: GugongState, seat: int, opt: dict) -> None:
    if opt["opt"] == "B":
        pay(state.players[seat], travel_cost(state, seat), opt["dd"])
        push(state, {"k": "travel_move", "p": seat}, {"k": "travel_move", "p": seat})
    else:
        push(state, {"k": "travel_move", "p": seat})


def _move_options(state: GugongState, frame: dict) -> list[Action]:
    return [{"type": "move", "city": c} for c in destinations(state, frame["p"])]


@kind("travel_move", RULE_TRAVEL, _move_options)
def _move(state: GugongState, frame: dict, action: Action | None) -> None:
    assert action is not None
    seat, city = frame["p"], action["city"]
    pl = state.players[seat]
    tile = state.cities[city]
    assert tile is not None
    state.cities[city] = None
    pl.traveller = city
    emit(state, "travel", player=seat, city=city, tile=tile)
    if tile.startswith("bonus_"):
        push(state, {"k": "bonus_tile", "p": seat, "tile": tile})
        return
    pl.tiles.append(tile)
    push(state, {"k": "tile_limit", "p": seat})
    tile_effect(state, seat, tile)


def tile_effect(state: GugongState, seat: int, tile: str) -> None:
    pl = state.players[seat]
    if tile == "servant1":
        gain(state, seat, 1)
    elif tile == "servant2":
        gain(state, seat, 2)
    elif tile == "envoy":
        advance_envoy(state, seat, 1)
    elif tile == "intrigue":
        move_intrigue(state, seat, 1)
    elif tile == "vp2":
        add_vp(state, seat, state.comp.act["tile_vp"])
    elif tile == "jade_card":
        push(state, {"k": "tile_jade_card", "p": seat})
    elif tile == "swap":
        push(state, {"k": "swap_card", "p": seat})
    elif tile == "recover":
        push(state, {"k": "tile_recover", "p": seat})
    elif tile == "canal":
        push(state, {"k": "canal_place", "p": seat, "src": "general", "optional": False}, {"k": "claim", "p": seat})
    elif tile == "wall":
        if pl.general >= 1:
            wall.place_from_general(state, seat)
            wall.check(state)
    elif tile == "jade_pay":
        push(state, {"k": "tile_jade_pay", "p": seat})
    # "double" has no immediate effect: it counts as 2 tiles when trading in


def _jade_card_options(state: GugongState, frame: dict) -> list[Action]:
    pl = state.players[frame["p"]]
    out: list[Action] = [{"type": "discard_for_jade", "card": c} for c in pl.hand
                         if state.comp.cards[c].value >= state.comp.act["tile_jade_card_min"]]
    return [*out, {"type": "skip"}] if out else []


@kind("tile_jade_card", RULE_TILES, _jade_card_options)
def _jade_card(state: GugongState, frame: dict, action: Action | None) -> None:
    if action and action["type"] != "skip":
        pl = state.players[frame["p"]]
        pl.hand.remove(action["card"])
        pl.discard.append(action["card"])
        gain_jade(state, frame["p"])


def _jade_pay_options(state: GugongState, frame: dict) -> list[Action]:
    out: list[Action] = [{"type": "pay_for_jade", "dd": dd}
                         for dd in pay_variants(state.players[frame["p"]], state.comp.act["tile_jade_cost"])]
    return [*out, {"type": "skip"}] if out else []


@kind("tile_jade_pay", RULE_TILES, _jade_pay_options)
def _jade_pay(state: GugongState, frame: dict, action: Action | None) -> None:
    if action and action["type"] != "skip":
        pay(state.players[frame["p"]], state.comp.act["tile_jade_cost"], action["dd"])
        gain_jade(state, frame["p"])


def _recover_options(state: GugongState, frame: dict) -> list[Action]:
    return [{"type": "recover", "card": c} for c in state.players[frame["p"]].discard]


@kind("tile_recover", RULE_TILES, _recover_options)
def _recover(state: GugongState, frame: dict, action: Action | None) -> None:
    assert action is not None
    pl = state.players[frame["p"]]
    pl.discard.remove(action["card"])
    pl.hand.append(action["card"])


# -- trading tiles in: 2 -> 1 servant, 4 -> 2 VP, 6 -> 1 jade; the "double" tile counts 2 ------
def trade_options(state: GugongState, seat: int) -> list[Action]:
    """What to trade for, and how many "counts as 2" tiles to give (which other tiles: `trade_tiles`)."""
    pl = state.players[seat]
    doubles = pl.tiles.count("double")
    regular = len(pl.tiles) - doubles
    out: list[Action] = []
    for reward, need in state.comp.trades.items():
        if reward == "servant" and not (pl.general > 0 or pl.dd == "general"):
            continue
        for k in range(min(doubles, need // 2) + 1):
            if regular >= need - 2 * k:
                out.append({"type": "trade", "for": reward, "doubles": k})
    return out


def tile_combinations(state: GugongState, seat: int, action: Action) -> list[list[str]]:
    """Every distinct multiset of held regular tile types a trade can give up, in sorted order (ruling R5)."""
    regular = sorted(t for t in state.players[seat].tiles if t != "double")
    need = state.comp.trades[action["for"]] - 2 * action["doubles"]
    return [list(c) for c in sorted(set(combinations(regular, need)))]


def offer_trade(state: GugongState, seat: int, action: Action) -> None:
    """A player's trade: first ask which tiles go to the discard pile (asked only when there is a choice)."""
    push(state, {"k": "trade_tiles", "p": seat, "for": action["for"], "doubles": action["doubles"]})


def _trade_tiles_options(state: GugongState, frame: dict) -> list[Action]:
    return [{"type": "give_tiles", "tiles": c} for c in tile_combinations(state, frame["p"], frame)]


@kind("trade_tiles", RULE_TRADE, _trade_tiles_options)
def _trade_tiles(state: GugongState, frame: dict, action: Action | None) -> None:
    assert action is not None
    trade(state, frame["p"], {"type": "trade", "for": frame["for"], "doubles": frame["doubles"]}, action["tiles"])


def trade(state: GugongState, seat: int, action: Action, tiles: list[str] | None = None) -> None:
    """Give up the "doubles" tiles and `tiles` (None: the oldest regular ones, for Meng), then take the reward."""
    pl = state.players[seat]
    if tiles is None:
        need = state.comp.trades[action["for"]] - 2 * action["doubles"]
        tiles = [t for t in pl.tiles if t != "double"][:need]
    given = ["double"] * action["doubles"] + list(tiles)
    for t in given:
        pl.tiles.remove(t)  # the earliest-collected tile of that type: face down, they are all alike
        state.tile_discard[t] = state.tile_discard.get(t, 0) + 1
    emit(state, "trade", player=seat, reward=action["for"], tiles=given)
    if action["for"] == "servant":
        gain(state, seat, 1)
    elif action["for"] == "vp":
        add_vp(state, seat, state.comp.trade_vp)
    else:
        gain_jade(state, seat)


def _limit_options(state: GugongState, frame: dict) -> list[Action]:
    if len(state.players[frame["p"]].tiles) <= state.comp.tile_limit:
        return []
    return trade_options(state, frame["p"])


@kind("tile_limit", RULE_TRADE, _limit_options)
def _limit(state: GugongState, frame: dict, action: Action | None) -> None:
    assert action is not None
    push(state, {"k": "tile_limit", "p": frame["p"]})
    offer_trade(state, frame["p"], action)


# -- bonus tiles: played at once with 1 servant, for the rest of the day phase ---------------
def _bonus_options(state: GugongState, frame: dict) -> list[Action]:
    if state.players[frame["p"]].pool < 1:
        return [{"type": "skip"}]  # resolved at once: the tile goes face down unplayed
    if frame["tile"] == "bonus_value":
        out: list[Action] = [{"type": "bonus", "loc": None}]
    else:
        out = [{"type": "bonus", "loc": loc} for loc in range(len(state.board))]
    return [*out, {"type": "skip"}]


@kind("bonus_tile", RULE_BONUS, _bonus_options)
def _bonus(state: GugongState, frame: dict, action: Action | None) -> None:
    pl = state.players[frame["p"]]
    if action is None or action["type"] == "skip":
        pl.bonus_spent.append(frame["tile"])  # not played: face down by the player board (ruling R7)
        return
    pl.pool -= 1
    pl.bonus_active.append([frame["tile"], action["loc"]])
    emit(state, "bonus_played", player=pl.seat, tile=frame["tile"], location=action["loc"])


def end_of_day(state: GugongState) -> None:
    """Bonus tiles go face down by the player board, their servant to the general supply."""
    for pl in state.players:
        for tile, _loc in pl.bonus_active:
            pl.bonus_spent.append(tile)
            pl.general += 1
        pl.bonus_active = []

