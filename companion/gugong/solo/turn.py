"""Meng's turn in the day phase (gugong-de "Tagesphase" (Solo), "KARTEN- UND ORTSAKTIONEN (SOLO)" and
"SPEZIELLE AUTOMAKARTEN"): reveal, exchange, card action, location action A, or B for free at his focus."""

from __future__ import annotations

from collections.abc import Callable

from companion.core.actions import Action

from .. import decrees, wall
from ..cards import exchange
from ..frames import kind, push
from ..locations import intrigue_perform, jade_perform, palace_perform
from ..servants import gain
from ..tracks import add_vp, advance_envoy, gain_jade, move_intrigue
from . import choices, deck
from .instructions import (
    RULE_ACTIONS,
    RULE_DAY,
    RULE_SPECIAL,
    RULE_TRAVEL,
    any_tile,
    card_value,
    meng_of,
    say,
    top_half,
)
from .ports import board_boat
from .state import SoloState


# == day: Meng's turn ============================================================================
def turn(state: SoloState, frame: dict, action: Action | None) -> None:
    m = state.meng
    if deck.needs_reshuffle(m):
        deck.reshuffle(m)
        say(state, "day.reshuffle", cards=sum(m.deck.values()))
    push(state, {"k": "meng_reveal"})


def _reveal_options(state: SoloState, frame: dict) -> list[Action]:
    open_entry = not state.comp.profile.fact("meng.automa_cards").verified
    return [{"type": "automa_card", "card": k} for k, _ in deck.draw_weights(state.meng, open_entry)]


def _reveal_weights(state: SoloState, frame: dict, options: list[Action]) -> tuple[int, ...]:
    return tuple(state.meng.deck.get(o["card"], 0) for o in options)


@kind("meng_reveal", RULE_DAY, _reveal_options, chance=True, weights=_reveal_weights)
def _reveal(state: SoloState, frame: dict, action: Action | None) -> None:
    assert action is not None
    card = action["card"]
    replaced = deck.reveal(state.meng, card)
    if replaced is not None:
        say(state, "note.unexpected_card", card=top_half(card), expected=top_half(replaced))
    location = state.meng.focus if card == "special" else card
    say(state, "day.automa_card", card=top_half(card), location=location)
    push(state, {"k": "meng_gift", "automa": card})


def _gift_options(state: SoloState, frame: dict) -> list[Action]:
    return [{"type": "meng_card", "card": c} for c in sorted(meng_of(state).hand)]


@kind("meng_gift", RULE_DAY, _gift_options, chance=True)
def _gift(state: SoloState, frame: dict, action: Action | None) -> None:
    assert action is not None
    push(state, {"k": "meng_play", "automa": frame["automa"], "card": action["card"]})


@kind("meng_play", RULE_DAY)
def _play(state: SoloState, frame: dict, action: Action | None) -> None:
    """Exchange regardless of values and without paying; then the card action, then the location action."""
    m = state.meng
    special = frame["automa"] == "special"
    name = m.focus if special else frame["automa"]
    assert name is not None
    loc = state.comp.locations.index(name)
    card = frame["card"]
    taken = state.board[loc]
    exchange(state, m.seat, card, loc)
    say(state, "day.exchange", card=card, value=card_value(state, card), location=name, taken=taken,
        taken_value=card_value(state, taken))
    mode = "special" if special else "day"
    push(state, {"k": "meng_card_action", "what": state.comp.cards[card].action, "mode": mode},
         {"k": "meng_location", "loc": name, "mode": mode}, {"k": "turn_end", "p": m.seat})


@kind("meng_card_action", RULE_DAY)
def _card_action(state: SoloState, frame: dict, action: Action | None) -> None:
    seat, what = state.meng.seat, frame["what"]
    if what == "none":
        return
    if what == "swap":  # the card swap is ignored: 1 VP instead
        add_vp(state, seat, 1)
        say(state, "day.card_swap_vp")
    elif what in ("servant1", "servant2"):
        n = 1 if what == "servant1" else 2
        say(state, "day.card_servants", count=min(n, meng_of(state).general))
        gain(state, seat, n)
    else:
        say(state, "day.card_action", location=what)
        push(state, {"k": "meng_location", "loc": what, "mode": frame["mode"]})


@kind("meng_location", RULE_ACTIONS)
def _location(state: SoloState, frame: dict, action: Action | None) -> None:
    (SPECIAL if frame["mode"] == "special" else DAY)[frame["loc"]](state)


# -- day (option A) ----------------------------------------------------------------------------
def _day_travel(state: SoloState) -> None:
    if any_tile(state):
        push(state, {"k": "meng_travel"})
    else:
        say(state, "travel.no_tile")


def _day_wall(state: SoloState) -> None:
    seat = state.meng.seat
    if meng_of(state).pool >= 1:
        say(state, "wall.place", count=1)
        wall.perform(state, seat, {"opt": "A", "dd": False})
    else:
        say(state, "wall.cannot")


def _day_jade(state: SoloState) -> None:
    seat = state.meng.seat
    house, price = choices.cheapest_jade(state, seat)
    if meng_of(state).pool >= price:
        say(state, "jade.buy" if house >= 0 else "jade.buy_square", house=house + 1, price=price)
        jade_perform(state, seat, {"house": house, "dd": False})
    else:
        say(state, "jade.cannot", price=price)


def _day_intrigue(state: SoloState) -> None:
    seat = state.meng.seat
    had_medal = state.medal is None
    intrigue_perform(state, seat, {"opt": "A"})
    say(state, "intrigue.day_medal" if had_medal and state.medal == seat else "intrigue.day")


def _day_palace(state: SoloState) -> None:
    say(state, "palace.day")
    palace_perform(state, state.meng.seat, {"opt": "A"})


def _lower_slot(state: SoloState) -> int:
    return int(state.comp.profile.value("meng.decree_lower_slot"))


def _day_decree(state: SoloState) -> None:
    seat = state.meng.seat
    slot = choices.choose_decree(state, seat, free=False, lower_slot=_lower_slot(state))
    if slot is None:
        say(state, "decree.cannot")
        return
    say(state, "decree.buy", decree=state.decree_slots[slot], cost=decrees.cost(state, seat, slot))
    decrees.perform(state, seat, {"slot": slot, "dd": False})


def _day_canal(state: SoloState) -> None:
    pl = meng_of(state)
    if pl.pool >= 1 and choices.canal_target(state, pl) is not None:
        board_boat(state, "pool")
        push(state, {"k": "meng_claim"})
    else:
        say(state, "canal.cannot")


DAY: dict[str, Callable[[SoloState], None]] = {
    "travel": _day_travel, "wall": _day_wall, "jade": _day_jade, "intrigue": _day_intrigue,
    "palace": _day_palace, "decree": _day_decree, "canal": _day_canal,
}


# -- special cards: option B for free, servants from the general supply (else his supply) ----------
def _from_general(state: SoloState) -> str | None:
    pl = meng_of(state)
    return "general" if pl.general >= 1 else "pool" if pl.pool >= 1 else None


def _special_travel(state: SoloState) -> None:
    say(state, "special.travel")
    for _ in range(2):
        push(state, {"k": "meng_step"})


def _special_wall(state: SoloState) -> None:
    seat = state.meng.seat
    pl = meng_of(state)
    placed = 0
    for _ in range(2):
        src = _from_general(state)
        if src is None:
            break
        if src == "general":
            pl.general -= 1
        else:
            pl.pool -= 1
        state.wall.append([seat, 1])
        placed += 1
    say(state, "special.wall", count=placed)
    later = []
    if decrees.owns(state, seat, "wall_extra") and pl.general >= 1:
        later.append({"k": "wall_extra", "p": seat})
    push(state, *later, {"k": "wall_check"})


def _special_jade(state: SoloState) -> None:
    seat = state.meng.seat
    house, _ = choices.cheapest_jade(state, seat)
    say(state, "special.jade" if house >= 0 else "special.jade_square", house=house + 1)
    if house < 0:
        gain_jade(state, seat)
    else:  # the jade of the cheapest house, without paying for it
        state.jade_houses[house] -= 1
        meng_of(state).jade += 1


def _special_intrigue(state: SoloState) -> None:
    say(state, "special.intrigue")
    move_intrigue(state, state.meng.seat, 3)


def _special_palace(state: SoloState) -> None:
    say(state, "special.palace")
    advance_envoy(state, state.meng.seat, 2)
    move_intrigue(state, state.meng.seat, 1)


def _special_decree(state: SoloState) -> None:
    seat = state.meng.seat
    slot = choices.choose_decree(state, seat, free=True, lower_slot=_lower_slot(state))
    src = _from_general(state)
    if slot is None or src is None:
        say(state, "decree.cannot")
        return
    pl = meng_of(state)
    if src == "general":
        pl.general -= 1
    else:
        pl.pool -= 1
    state.decree_servants[slot].append(seat)
    d = state.comp.decrees[state.decree_slots[slot]]
    say(state, "special.decree", decree=d.id)
    if d.level < 3:
        add_vp(state, seat, d.vp)


def _special_canal(state: SoloState) -> None:
    say(state, "special.canal")
    push(state, {"k": "meng_special_boat"}, {"k": "meng_special_boat"})


@kind("meng_special_boat", RULE_SPECIAL)
def _special_boat(state: SoloState, frame: dict, action: Action | None) -> None:
    """One servant at a time: a boat that reaches 3 is rewarded before the next servant is placed."""
    src = _from_general(state)
    if src is not None and choices.canal_target(state, meng_of(state)) is not None:
        board_boat(state, src)
        push(state, {"k": "meng_claim"})


SPECIAL: dict[str, Callable[[SoloState], None]] = {
    "travel": _special_travel, "wall": _special_wall, "jade": _special_jade, "intrigue": _special_intrigue,
    "palace": _special_palace, "decree": _special_decree, "canal": _special_canal,
}


@kind("meng_step", RULE_TRAVEL)
def _step(state: SoloState, frame: dict, action: Action | None) -> None:
    """One travel step if any city still has a tile (each step is checked when it is taken)."""
    _day_travel(state)
