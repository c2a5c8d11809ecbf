"""The pending-decision stack: every step of Gùgōng is a frame on `state.stack`.

A frame is a small dict {"k": kind, "p": seat, ...}. Each kind registers how to list its
options and how to resolve one. Automatic kinds (no options function) just run. Frames are
never mutated in place (clones share them), and are resolved last-in first-out, so a step
that needs several follow-ups pushes them in reverse order.

`settle` runs automatic frames, skips decisions that have no option (the rules then say
nothing happens) and takes forced single-option steps, until a real choice is pending.
Who decides a frame is its "p" (or the table, for chance frames): a seat run by an
Automa (Meng) only needs a policy that picks among the same options.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.core.actions import CHANCE, Action, Decision, Event

from .state import GugongState

Frame = dict[str, Any]
OptionsFn = Callable[[GugongState, Frame], list[Action]]
ResolveFn = Callable[[GugongState, Frame, Action | None], None]
WeightsFn = Callable[[GugongState, Frame, list[Action]], tuple[int, ...]]


@dataclass(frozen=True)
class Kind:
    name: str
    resolve: ResolveFn
    options: OptionsFn | None = None  # None: an automatic step
    rule: str = ""
    chance: bool = False
    weights: WeightsFn | None = None


KINDS: dict[str, Kind] = {}


def kind(name: str, rule: str = "", options: OptionsFn | None = None, chance: bool = False,
         weights: WeightsFn | None = None) -> Callable[[ResolveFn], ResolveFn]:
    """Register the resolver of a frame kind (decorator)."""

    def register(resolve: ResolveFn) -> ResolveFn:
        KINDS[name] = Kind(name, resolve, options, rule, chance, weights)
        return resolve

    return register


def push(state: GugongState, *frames: Frame) -> None:
    """Schedule frames to run in the given order (the first one runs first)."""
    state.stack.extend(reversed(frames))


def emit(state: GugongState, code: str, **params: Any) -> None:
    events = state.__dict__.setdefault("_events", [])
    events.append(Event(f"gugong.event.{code}", params))


def take_events(state: GugongState) -> list[Event]:
    return state.__dict__.pop("_events", [])


def kind_of(state: GugongState, frame: Frame) -> Kind:
    """The kind that resolves `frame`. Solo hook (companion/gugong/solo): a solo state swaps in
    Meng's own steps through `override_kind`; multiplayer states have no such method."""
    override = getattr(state, "override_kind", None)
    if override is not None:
        replaced = override(frame)
        if replaced is not None:
            return replaced
    return KINDS[frame["k"]]


def settle(state: GugongState) -> None:
    """Advance through automatic and forced steps; cache the next real decision on the state."""
    while state.stack:
        frame = state.stack[-1]
        k = kind_of(state, frame)
        if k.options is None:
            state.stack.pop()
            k.resolve(state, frame, None)
            continue
        options = k.options(state, frame)
        if len(options) > 1:
            weights = k.weights(state, frame, options) if k.weights else None
            player = CHANCE if k.chance else frame["p"]
            state.__dict__["_decision"] = Decision(
                player, f"gugong.{frame['k']}", tuple(options), _params(frame), weights, k.rule
            )
            return
        state.stack.pop()
        if options:
            k.resolve(state, frame, options[0])
    state.__dict__["_decision"] = None


def _params(frame: Frame) -> dict[str, Any]:
    return {k: v for k, v in frame.items() if k != "k"}


def current(state: GugongState) -> Decision | None:
    if "_decision" not in state.__dict__:
        settle(state)
    return state.__dict__["_decision"]


def resolve(state: GugongState, action: Action) -> None:
    frame = state.stack.pop()
    kind_of(state, frame).resolve(state, frame, action)
    settle(state)
