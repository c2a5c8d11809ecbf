"""A day-phase turn (gugong-de "Phase 2: Die Tagesphase", p. 4-5).

1. Exchange (mandatory): a hand card for the card at an official. Free when higher (1 takes 9;
   equal with the level-2 decree), otherwise pay 2 servants, or discard another hand card, or
   exchange without actions. 2. Actions (optional): the card action of the card you gave and/or
   the location action, the card action first. Travel tiles may be traded in at the start of the
   turn and between the actions.
"""

from __future__ import annotations

from companion.core.actions import Action

from . import travel
from .cards import RULE_EXCHANGE, exchange, exchange_is_free
from .frames import emit, kind, push
from .locations import LOCATIONS, run, strip
from .servants import gain, pay
from .state import GugongState

RULE_ACTIONS = "gugong-de: Tagesphase, 2. Aktionen ausführen (S. 5)"
RULE_PASS = "gugong-de: Tagesphase: Hat ein Spieler keine Handkarten mehr, muss er passen (S. 4)"
LOCATION_CARD_ACTIONS = ("palace", "canal", "wall", "decree", "intrigue")


def _turn_options(state: GugongState, frame: dict) -> list[Action]:
    pl = state.players[frame["p"]]
    out: list[Action] = [
        {"type": "exchange", "card": c, "loc": loc} for c in pl.hand for loc in range(len(state.board))
    ]
    return out + travel.trade_options(state, frame["p"])


@kind("turn", RULE_EXCHANGE, _turn_options)
def _turn(state: GugongState, frame: dict, action: Action | None) -> None:
    assert action is not None
    seat = frame["p"]
    if action["type"] == "trade":
        push(state, {"k": "turn", "p": seat})
        travel.offer_trade(state, seat, action)
        return
    card, loc = action["card"], action["loc"]
    if exchange_is_free(state, seat, card, loc):
        exchange(state, seat, card, loc)
        push(state, _act(seat, loc, card))
    else:
        push(state, {"k": "pay_exchange", "p": seat, "card": card, "loc": loc})


def _act(seat: int, loc: int, card: int, card_done: bool = False) -> dict:
    return {"k": "act", "p": seat, "loc": loc, "card": card, "card_done": card_done}


def _pay_options(state: GugongState, frame: dict) -> list[Action]:
    pl = state.players[frame["p"]]
    out: list[Action] = []
    if pl.pool >= state.comp.act["exchange_servants"]:
        out.append({"type": "pay", "how": "servants"})
    if pl.dd == "pool":
        out.append({"type": "pay", "how": "double"})
    out += [{"type": "pay", "how": "discard", "card": c} for c in pl.hand if c != frame["card"]]
    out.append({"type": "pay", "how": "no_action"})
    return out


@kind("pay_exchange", RULE_EXCHANGE, _pay_options)
def _pay(state: GugongState, frame: dict, action: Action | None) -> None:
    assert action is not None
    seat, card, loc = frame["p"], frame["card"], frame["loc"]
    pl = state.players[seat]
    how = action["how"]
    if how == "servants":
        pay(pl, state.comp.act["exchange_servants"])
    elif how == "double":
        pay(pl, 2, dd=True)  # the double servant stands for exactly 2 (ruling R2)
    elif how == "discard":
        pl.hand.remove(action["card"])
        pl.discard.append(action["card"])
    exchange(state, seat, card, loc)
    if how == "no_action":
        push(state, {"k": "turn_done", "p": seat})
    else:
        push(state, _act(seat, loc, card))


def card_action_options(state: GugongState, seat: int, card: int) -> list[Action]:
    what = state.comp.cards[card].action
    if what in LOCATION_CARD_ACTIONS:
        return [{"type": "card", **o} for o in LOCATIONS[what].options(state, seat)]
    pl = state.players[seat]
    if what in ("servant1", "servant2") and (pl.general > 0 or pl.dd == "general"):
        return [{"type": "card"}]
    if what == "swap":
        return [{"type": "card"}]
    return []


def _act_options(state: GugongState, frame: dict) -> list[Action]:
    seat = frame["p"]
    out: list[Action] = []
    if not frame["card_done"]:
        out += card_action_options(state, seat, frame["card"])
    name = state.comp.locations[frame["loc"]]
    out += [{"type": "location", **o} for o in LOCATIONS[name].options(state, seat)]
    out += travel.trade_options(state, seat)
    out.append({"type": "end"})
    return out


@kind("act", RULE_ACTIONS, _act_options)
def _act_resolve(state: GugongState, frame: dict, action: Action | None) -> None:
    assert action is not None
    seat, kind_ = frame["p"], action["type"]
    if kind_ == "end":
        push(state, {"k": "turn_end", "p": seat})
    elif kind_ == "trade":
        push(state, frame)
        travel.offer_trade(state, seat, action)
    elif kind_ == "location":
        push(state, {"k": "turn_done", "p": seat})
        run(state, seat, state.comp.locations[frame["loc"]], strip(action))
    else:  # the card action, always before the location action
        push(state, {**frame, "card_done": True})
        what = state.comp.cards[frame["card"]].action
        emit(state, "card_action", player=seat, action=what)
        if what in LOCATION_CARD_ACTIONS:
            run(state, seat, what, strip(action))
        elif what == "servant1":
            gain(state, seat, 1)
        elif what == "servant2":
            gain(state, seat, 2)
        else:
            push(state, {"k": "swap_card", "p": seat})


def _done_options(state: GugongState, frame: dict) -> list[Action]:
    return [*travel.trade_options(state, frame["p"]), {"type": "end"}]


@kind("turn_done", travel.RULE_TRADE, _done_options)
def _turn_done(state: GugongState, frame: dict, action: Action | None) -> None:
    """After the actions: travel tiles may still be traded in (any time, gugong-de Reisen)."""
    if action and action["type"] == "trade":
        push(state, frame)
        travel.offer_trade(state, frame["p"], action)
    else:
        push(state, {"k": "turn_end", "p": frame["p"]})


@kind("turn_end", RULE_PASS)
def _turn_end(state: GugongState, frame: dict, action: Action | None) -> None:
    """The next player clockwise who still has cards; when nobody has, the day phase ends."""
    for seat in [*state.order_from(frame["p"])[1:], frame["p"]]:
        if state.players[seat].hand:
            state.turn = seat
            push(state, {"k": "turn", "p": seat})
            return
    travel.end_of_day(state)
    emit(state, "day_end", day=state.day)
