"""The day phase (gugong-de "Phase 2: Die Tagesphase", p. 4-5): one turn after another.

1. Exchange (mandatory): a hand card for the card at an official. Free when higher (the lowest
   takes the highest; equal with the level-2 decree), otherwise pay servants, or discard another
   hand card, or exchange without actions. 2. Actions (optional): the card action of the card
   you gave and/or the location action, the card action first. Travel tiles may be traded in at
   the start of the turn and between the actions. A player without cards passes; the day phase
   ends when nobody has cards left.
"""

from __future__ import annotations

from companion.core.actions import Action
from companion.core.steps import Frame, push

from . import bonus_tiles, corrections, travel
from .gift_cards import RULE_EXCHANGE, exchange, exchange_is_free
from .locations import LOCATIONS, run, strip
from .marks import CARD_TABLE
from .servants import DOUBLE, SERVANT_GAINS, grant, pay
from .state import GugongState
from .steps import Events, event, step

RULE_DAY = "gugong-de: Phase 2: Die Tagesphase (S. 4)"
RULE_ACTIONS = "gugong-de: Tagesphase, 2. Aktionen ausführen (S. 5)"
RULE_PASS = "gugong-de: Tagesphase: Hat ein Spieler keine Handkarten mehr, muss er passen (S. 4)"
LOCATION_CARD_ACTIONS = ("palace", "canal", "wall", "decree", "intrigue")


def day_begins(state: GugongState) -> Events:
    """Yesterday's discard pile is today's hand; the start player begins."""
    for pl in state.players:
        pl.hand += pl.discard
        pl.discard = []
    state.turn = state.start
    return [event("day_start", day=state.day, start=state.start)]


def first_turn(state: GugongState) -> list[Frame]:
    return [{"k": "turn", "p": state.start}]


def _turn_options(state: GugongState, frame: dict) -> list[Action]:
    pl = state.players[frame["p"]]
    out: list[Action] = [
        {"type": "exchange", "card": c, "loc": loc} for c in pl.hand for loc in range(len(state.board))
    ]
    return out + travel.trade_options(state, frame["p"])


@step("turn", RULE_EXCHANGE, _turn_options)
def _turn(state: GugongState, frame: dict, action: Action | None) -> Events:
    assert action is not None
    seat = frame["p"]
    if action["type"] == "trade":
        push(state, {"k": "turn", "p": seat})
        travel.offer_trade(state, seat, action)
        return []
    card, loc = action["card"], action["loc"]
    if not exchange_is_free(state, seat, card, loc):
        push(state, {"k": "pay_exchange", "p": seat, "card": card, "loc": loc})
        # the log says this step with the cards of its moment (the official's card changes later)
        return [event("exchange_chosen", player=seat, given=card, taken=state.board[loc],
                      location=state.comp.locations[loc])]
    events = exchange(state, seat, card, loc)
    push(state, _act(seat, loc, card))
    return events


def _act(seat: int, loc: int, card: int, card_done: bool = False) -> dict:
    return {"k": "act", "p": seat, "loc": loc, "card": card, "card_done": card_done}


def payments(state: GugongState, seat: int, card: int) -> list[Action]:
    """How a player can pay for exchanging `card` when it is not free: servants, the double servant,
    another hand card to the discard pile, or no actions this turn."""
    pl = state.players[seat]
    out: list[Action] = []
    if pl.pool >= state.comp.act.exchange_servants:
        out.append({"type": "pay", "how": "servants"})
    if pl.dd == "pool":
        out.append({"type": "pay", "how": "double"})
    out += [{"type": "pay", "how": "discard", "card": c} for c in pl.hand if c != card]
    out.append({"type": "pay", "how": "no_action"})
    return out


def _pay_options(state: GugongState, frame: dict) -> list[Action]:
    return payments(state, frame["p"], frame["card"])


@step("pay_exchange", RULE_EXCHANGE, _pay_options)
def _pay(state: GugongState, frame: dict, action: Action | None) -> Events:
    assert action is not None
    seat, card, loc = frame["p"], frame["card"], frame["loc"]
    pl = state.players[seat]
    how = action["how"]
    events: Events = []
    if how == "servants":
        events = pay(pl, state.comp.act.exchange_servants)
    elif how == "double":
        events = pay(pl, DOUBLE, dd=True)  # the double servant stands for exactly 2 (ruling R2)
    elif how == "discard":
        pl.hand.remove(action["card"])
        pl.discard.append(action["card"])
        events = [event("discarded", player=seat, card=action["card"])]
    events += exchange(state, seat, card, loc)
    push(state, {"k": "turn_done", "p": seat} if how == "no_action" else _act(seat, loc, card))
    return events


def card_action_options(state: GugongState, seat: int, card: int) -> list[Action]:
    what = state.comp.cards[card].action
    if what in LOCATION_CARD_ACTIONS:
        return [{"type": "card", **o} for o in LOCATIONS[what].options(state, seat)]
    pl = state.players[seat]
    if what in SERVANT_GAINS and (pl.general > 0 or pl.dd == "general"):
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
    card = None if frame["card_done"] else state.comp.cards[frame["card"]].action
    return out + correction_options(state, {name, card})


def correction_options(state: GugongState, locations: set[str | None]) -> list[Action]:
    """What the table may see instead of the printed facts these location actions read (corrections.py)."""
    return [o for name in ("jade", "decree") if name in locations for o in corrections.offered(state, name)]


@step("act", RULE_ACTIONS, _act_options)
def _act_resolve(state: GugongState, frame: dict, action: Action | None) -> Events:
    assert action is not None
    seat, kind = frame["p"], action["type"]
    if corrections.is_correction(action):
        push(state, frame)  # asked again, with the corrected fact
        return corrections.correct(state, action)
    if kind == "end":
        push(state, {"k": "turn_end", "p": seat})
        return []
    if kind == "trade":
        push(state, frame)
        travel.offer_trade(state, seat, action)
        return []
    if kind == "location":
        push(state, {"k": "turn_done", "p": seat})
        return run(state, seat, state.comp.locations[frame["loc"]], strip(action))
    return _card_action(state, frame, action)


def _card_action(state: GugongState, frame: dict, action: Action) -> Events:
    """The card action of the card just given, always before the location action."""
    seat = frame["p"]
    push(state, {**frame, "card_done": True})
    what = state.comp.cards[frame["card"]].action
    events = [event("card_action", player=seat, action=what)]
    if what in LOCATION_CARD_ACTIONS:
        return events + run(state, seat, what, strip(action))
    if what in SERVANT_GAINS:
        return events + grant(state, seat, what, CARD_TABLE)  # how many: the card's printed action
    push(state, {"k": "swap_card", "p": seat})
    return events


def _done_options(state: GugongState, frame: dict) -> list[Action]:
    return [*travel.trade_options(state, frame["p"]), {"type": "end"}]


@step("turn_done", travel.RULE_TRADE, _done_options)
def _turn_done(state: GugongState, frame: dict, action: Action | None) -> None:
    """After the actions: travel tiles may still be traded in (any time, gugong-de Reisen)."""
    if action and action["type"] == "trade":
        push(state, frame)
        travel.offer_trade(state, frame["p"], action)
    else:
        push(state, {"k": "turn_end", "p": frame["p"]})


@step("turn_end", RULE_PASS)
def _turn_end(state: GugongState, frame: dict, action: Action | None) -> Events:
    """The next player clockwise who still has cards; when nobody has, the day phase ends."""
    for seat in [*state.order_from(frame["p"])[1:], frame["p"]]:
        if state.players[seat].hand:
            state.turn = seat
            push(state, {"k": "turn", "p": seat})
            return []
    return [*bonus_tiles.end_of_day(state), event("day_end", day=state.day)]
