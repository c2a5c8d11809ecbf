"""The travel tiles' effects (gugong-de "Liste der Reiseplättchen", p. 7).

A tile taken by the traveller works at once: servants, an envoy or intrigue step, VP, a servant
onto the Great Wall or a boat, or a follow-up step (jade for a high card or for servants, a card
swap, a card back from the discard pile). The "double" tile has no effect: it counts 2 in trades.
"""

from __future__ import annotations

from companion.core.actions import Action
from companion.core.steps import push

from . import wall
from .editions import EDITIONS
from .servants import SERVANT_GAINS, grant, pay, pay_variants
from .state import GugongState
from .steps import Events, event, step
from .tracks import add_vp, advance_envoy, gain_jade, move_intrigue

RULE_TILES = "gugong-de: Liste der Reiseplättchen (S. 7)"

FOLLOW_UPS = {  # tiles whose effect is a step of its own, as frames (the seat is added); each may be declined
    "jade_card": ({"k": "tile_jade_card"},),
    "swap": ({"k": "swap_card"},),
    "recover": ({"k": "tile_recover"},),
    # only the boat that gets its 3rd servant from the tile may claim (gugong-de 355; ruling R10)
    "canal": ({"k": "canal_place", "src": "general", "optional": True, "claim": "placed"},),
    "wall": ({"k": "tile_wall"},),
    "jade_pay": ({"k": "tile_jade_pay"},),
}
EDITION_1 = {  # the canal servant had to be placed and any full boat could claim; the wall servant was placed at once
    **FOLLOW_UPS,
    "canal": ({"k": "canal_place", "src": "general", "optional": False}, {"k": "claim"}),
}


def tile_effect(state: GugongState, seat: int, tile: str) -> Events:
    if tile in SERVANT_GAINS:
        return grant(state, seat, tile)
    if tile == "envoy":
        return advance_envoy(state, seat, state.comp.act.tile_envoy_steps)
    if tile == "intrigue":
        return move_intrigue(state, seat, state.comp.act.tile_intrigue_steps)
    if tile == "vp2":
        return add_vp(state, seat, state.comp.act.tile_vp)
    if tile == "wall" and not EDITIONS.has(state, "tiles_may_be_declined"):
        return wall_tile(state, seat)
    follow_ups = FOLLOW_UPS if EDITIONS.has(state, "tiles_may_be_declined") else EDITION_1
    push(state, *({**f, "p": seat} for f in follow_ups.get(tile, ())))
    return []


def wall_tile(state: GugongState, seat: int) -> Events:
    """A servant from the general supply onto the Great Wall, which is scored at once if complete."""
    if state.players[seat].general < 1:
        return []
    return wall.place_from_general(state, seat) + wall.check(state)


def _wall_options(state: GugongState, frame: dict) -> list[Action]:
    """The wall tile's servant is optional ("ggf.", gugong-nl "(optioneel)"); none without a servant to place."""
    if state.players[frame["p"]].general < 1:
        return []
    return [{"type": "tile_wall"}, {"type": "skip"}]


@step("tile_wall", RULE_TILES, _wall_options)
def _wall(state: GugongState, frame: dict, action: Action | None) -> Events:
    if not action or action["type"] == "skip":
        return []
    return wall_tile(state, frame["p"])


def _jade_card_options(state: GugongState, frame: dict) -> list[Action]:
    pl = state.players[frame["p"]]
    out: list[Action] = [{"type": "discard_for_jade", "card": c} for c in pl.hand
                         if state.comp.cards[c].value >= state.comp.act.tile_jade_card_min]
    return [*out, {"type": "skip"}] if out else []


@step("tile_jade_card", RULE_TILES, _jade_card_options)
def _jade_card(state: GugongState, frame: dict, action: Action | None) -> Events:
    if not action or action["type"] == "skip":
        return []
    pl = state.players[frame["p"]]
    pl.hand.remove(action["card"])
    pl.discard.append(action["card"])
    return [event("discarded", player=pl.seat, card=action["card"]), *gain_jade(state, frame["p"])]


def _jade_pay_options(state: GugongState, frame: dict) -> list[Action]:
    out: list[Action] = [{"type": "pay_for_jade", "dd": dd}
                         for dd in pay_variants(state, frame["p"], state.comp.act.tile_jade_cost)]
    return [*out, {"type": "skip"}] if out else []


@step("tile_jade_pay", RULE_TILES, _jade_pay_options)
def _jade_pay(state: GugongState, frame: dict, action: Action | None) -> Events:
    if not action or action["type"] == "skip":
        return []
    events = pay(state.players[frame["p"]], state.comp.act.tile_jade_cost, action["dd"])
    return events + gain_jade(state, frame["p"])


def _recover_options(state: GugongState, frame: dict) -> list[Action]:
    out: list[Action] = [{"type": "recover", "card": c} for c in state.players[frame["p"]].discard]
    return [*out, {"type": "skip"}] if out and EDITIONS.has(state, "tiles_may_be_declined") else out


@step("tile_recover", RULE_TILES, _recover_options)
def _recover(state: GugongState, frame: dict, action: Action | None) -> Events:
    if not action or action["type"] == "skip":
        return []
    pl = state.players[frame["p"]]
    pl.discard.remove(action["card"])
    pl.hand.append(action["card"])
    return [event("recovered", player=pl.seat, card=action["card"])]
