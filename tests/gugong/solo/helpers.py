"""Helpers for the solo tests: a table at the human's first turn, and running Meng's steps on it."""

from __future__ import annotations

from typing import Any

from companion.core import steps
from companion.core.game import apply
from companion.core.session import Session
from companion.gugong.solo.engine import GAME
from companion.gugong.solo.state import SoloState

PATH = [11, 7, 3, 2, 1, 0, 4, 8, 9, 10]
KNOWN_PATH = {"meng.path": PATH}  # the owner recorded the red arrows: Meng travels without asking


def session(**setup: Any) -> Session:
    base: dict[str, Any] = {"players": ["Anna"], "seed": 1}
    base.update(setup)
    return Session.new(GAME, base)


def first_turn(**setup: Any) -> SoloState:
    """The table after setup, with the human to play the first turn of day 1."""
    s = session(**setup)
    s.resolve_all_chance()
    return s.state


def run(state: SoloState, *pushed: dict) -> tuple[SoloState, list[str]]:
    """Push frames on a copy of `state` and resolve them (the first one runs first); returns the copy and
    the event codes. Stops at the next decision (a chance step or the human's turn)."""
    s = GAME.clone(state)
    steps.push(s, *pushed)
    events = steps.settle(GAME.steps, s)
    return s, [e.code for e in events if e.code != steps.FORCED]


def act(state: SoloState, action: dict) -> tuple[SoloState, list[str]]:
    after, events = apply(GAME, state, action)
    return after, [e.code for e in events]


def meng(state: SoloState):
    return state.players[state.meng.seat]


def human(state: SoloState):
    return state.players[1 - state.meng.seat]


def card_with(state: SoloState, action: str) -> int:
    """A gift card id with this card action (from the box profile) that no official holds."""
    return next(c.id for c in state.comp.cards if c.action == action and c.id not in state.board)


def give_meng(state: SoloState, card: int) -> None:
    """Move `card` into Meng's hand from wherever it is (test set-up)."""
    for pile in (state.deck, state.box, *(p.hand for p in state.players), *(p.discard for p in state.players)):
        if card in pile:
            pile.remove(card)
    if card in state.board:
        raise ValueError("card is at an official")
    meng(state).hand.append(card)


def flush(state: SoloState) -> None:
    """After editing a state by hand: forget its pending decision."""
    steps.unsettle(state)


def dusk_and_night(state: SoloState) -> tuple[SoloState, list[str]]:
    """The dusk of the day, then the night, as the solo phase table runs them (then on to the next decision)."""
    return run(state, {"k": "solo_flow", "next": "dusk"})
