"""The step stack: every pending step of every game is a frame on `state.stack`.

A frame is a small JSON dict {"k": kind, "p": seat, ...}; the last frame is the top and runs
next. Each game has one `Steps` registry that says, per kind, how to list the options and how
to resolve one (cf. TAG's IExtendedSequence, one object per pending sub-decision). A kind
without options is bookkeeping and simply runs.

One settle loop serves every game (`settle`), with one policy:

- a bookkeeping step runs;
- a decision with no legal option lapses (the rules then say nothing happens);
- a decision with exactly one legal option is taken for the table and reported as a
  `core.forced` event, unless its kind says the table must answer it anyway (`ask_single`);
- otherwise the settle loop stops: that decision is pending.

Resolvers return their events; there is no side channel. Frames are never mutated in place
(copies of a state share them), so a step that needs several follow-ups pushes new frames.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .actions import CHANCE, Action, Decision, Event
from .rules import Rule, reference, text_of

Frame = dict[str, Any]
Events = list[Event]
Resolve = Callable[[Any, Frame, Action | None], Events | None]
Options = Callable[[Any, Frame], list[Action]]
Weights = Callable[[Any, Frame, list[Action]], Sequence[int]]
Params = Callable[[Any, Frame], dict[str, Any]]
Route = Callable[[Any, Frame], "Step | None"]
Hidden = Callable[[Any, Frame], bool]

FORCED = "core.forced"
SETTLE_LIMIT = 20_000  # bookkeeping steps per action; more means an engine loop (a bug), not a game


class HasStack(Protocol):
    stack: Stack


class Stack(list):
    """The pending frames (top = last), plus the decision the settle loop found for the top.

    `pending` is only a memo of `settle`'s last result: every change of a state goes through
    `resolve`, which settles again. `copy` keeps the memo; a pickled stack comes back unsettled.
    """

    __slots__ = ("pending", "settled")

    def __init__(self, frames: Iterable[Frame] = ()) -> None:
        super().__init__(frames)
        self.pending: Decision | None = None
        self.settled = False

    def copy(self) -> Stack:  # type: ignore[override]
        """A copy that keeps the memo: an identical stack on an identical state settles identically."""
        other = Stack(self)
        other.pending, other.settled = self.pending, self.settled
        return other

    def __reduce__(self) -> tuple[Any, ...]:  # pickled (in-memory clones) as plain frames, unsettled
        return (Stack, (list(self),))


@dataclass(frozen=True)
class Step:
    """One kind of frame: its options (None: bookkeeping) and how to resolve it.

    `ref` is the rulebook passage as typed references (given as the plain string, parsed once here);
    `rule` gives it back as that string (what a decision carries, what the rule cards read).
    """

    kind: str
    resolve: Resolve
    options: Options | None = None
    ref: tuple[Rule, ...] | str = ()
    chance: bool = False
    weights: Weights | None = None
    ask_single: bool = False  # the table answers even a single option (it must act on the table first)
    params: Params | None = None  # decision params; default: the frame without "k"
    decision_kind: str = ""  # the decision's code when it differs from "<game>.<kind>"
    unordered: tuple[str, ...] = ()  # option keys whose list may be named in any order (see Decision)
    # a chance step whose outcome the table already holds face down or has dealt: only the table enters it,
    # the app never draws it (a bool, or per frame: e.g. a tile kept hidden only in one mode of the game)
    hidden: bool | Hidden = False
    rule: str = field(init=False, repr=False, compare=False, default="")

    def __post_init__(self) -> None:
        ref = reference(self.ref) if isinstance(self.ref, str) else tuple(self.ref)
        object.__setattr__(self, "ref", ref)
        object.__setattr__(self, "rule", text_of(ref))

    @property
    def automatic(self) -> bool:
        return self.options is None


@dataclass(frozen=True)
class Idiom:
    """How one game words its steps and events (the one decorator and event factory read it).

    book: the rulebook a step's rule names when it gives only a section ("5B Pflanzen anbauen");
    events: the prefix of its event codes ("gugong.event.", "dragon.");
    decision_params: a decision's params when its step names none (default: the frame without "k");
    before_bookkeeping: what every `bookkeeping` step does first (Yinzi: fresh progress discs settle).
    """

    book: str = ""
    events: str = ""
    decision_params: Params | None = None
    before_bookkeeping: Callable[[Any], None] | None = None

    def event(self, code: str, params: dict[str, Any] | None = None, /, **more: Any) -> Event:
        """The one event factory: an event of this game's log ("<events prefix><code>"), translated at the edge."""
        return Event(f"{self.events}{code}", {**params, **more} if params else more)


@dataclass(frozen=True)
class ExtraOptions:
    """Options a game adds to every player decision its `applies` accepts (Gùgōng's tile trades "at any time"),
    declared once on the registry: the steps themselves stay as registered, whatever the import order.

    options(state, frame, step, listed) -> the options added to the `listed` ones;
    resolve(state, frame, action) -> its events when `action` is one of its own, else None (the step resolves it);
    after(state, frame, events) -> the events once the step resolved an action of its own (None: as they are).
    """

    applies: Callable[[Step], bool]
    options: Callable[[Any, Frame, Step, list[Action]], list[Action]]
    resolve: Callable[[Any, Frame, Action], Events | None]
    after: Callable[[Any, Frame, Events], Events] | None = None


class Steps:
    """One game's registry of step kinds.

    `variant` makes a registry that shares every kind and may route some frames to other
    steps (the solo game lets Meng resolve the engine's frames by his Automa rules).
    """

    def __init__(self, game: str, params: Params | None = None, route: Route | None = None,
                 kinds: dict[str, Step] | None = None, prefix: str = "", ask_every_single: bool = False,
                 idiom: Idiom | None = None) -> None:
        self.game = game
        self.prefix = prefix or game  # decision codes are "<prefix>.<kind>"
        self.kinds: dict[str, Step] = {} if kinds is None else kinds
        self.route = route
        self.common_params = params
        # True only to replay logs written when this game still asked single options (core.migrate)
        self.ask_every_single = ask_every_single
        self.idiom = idiom or Idiom(events=f"{game}.")
        self.extras: list[ExtraOptions] = []  # shared with the variants (set in `variant`)
        # what `route` may send a frame to, by how the index names it ("turn (Meng's seat)"): the step index lists them
        self.routed: dict[str, Step] = {}

    def offer(self, extra: ExtraOptions) -> None:
        """Declare options for every player decision `extra.applies` to (see ExtraOptions)."""
        self.extras.append(extra)

    def options(self, state: Any, frame: Frame, step: Step) -> list[Action]:
        """The options of a decision step as a player meets them: its own, then every declared extra."""
        assert step.options is not None
        out = step.options(state, frame)
        for extra in self.extras:
            if extra.applies(step):
                out = out + extra.options(state, frame, step, out)
        return out

    def run(self, step: Step, state: Any, frame: Frame, action: Action | None) -> Events | None:
        """Resolve `action` by the extra it belongs to, else by the step."""
        if action is None or not self.extras or step.options is None:
            return step.resolve(state, frame, action)
        extras = [extra for extra in self.extras if extra.applies(step)]
        for extra in extras:
            own = extra.resolve(state, frame, action)
            if own is not None:
                return own
        events = step.resolve(state, frame, action)
        for extra in extras:
            if extra.after is not None:
                events = extra.after(state, frame, list(events or ()))
        return events

    def step(self, kind: str, rule: str = "", options: Options | None = None, params: Params | None = None,
             **how: Any) -> Callable[[Resolve], Resolve]:
        """The one step decorator: register the decorated function as the resolver of `kind` (a decision when it
        has options, else bookkeeping; see `Step` for `how`)."""
        if params is None and options is not None:
            params = self.idiom.decision_params
        if params is not None:
            how["params"] = params

        def register(resolve: Resolve) -> Resolve:
            self.add(Step(kind, resolve, options, self.cited(rule), **how))
            return resolve

        return register

    def bookkeeping(self, kind: str, rule: str = "") -> Callable[[Callable[[Any], Events]], Callable[[Any], Events]]:
        """Register `fn(state) -> events`, a step the engine carries out on its own (the idiom's
        `before_bookkeeping` first)."""

        def register(fn: Callable[[Any], Events]) -> Callable[[Any], Events]:
            before = self.idiom.before_bookkeeping

            def run(state: Any, frame: Frame, action: Action | None = None) -> Events:
                if before is not None:
                    before(state)
                return fn(state)

            run.__wrapped__ = fn  # type: ignore[attr-defined]  # the step index names the function itself
            self.add(Step(kind, run, None, self.cited(rule)))
            return fn

        return register

    def event(self, code: str, params: dict[str, Any] | None = None, /, **more: Any) -> Event:
        """The one event factory, worded by this registry's idiom (Idiom.event)."""
        return self.idiom.event(code, params, **more)

    def cited(self, rule: str) -> str:
        """A rule string naming the game's book (a bare section is a section of `idiom.book`)."""
        book = self.idiom.book
        return f"{book}: {rule}" if book and rule and not rule.startswith(f"{book}:") else rule

    def add(self, step: Step) -> None:
        if step.kind in self.kinds:
            raise ValueError(f"{self.game}: step kind {step.kind!r} registered twice")
        self.kinds[step.kind] = step

    def variant(self, game: str, route: Route | None = None, ask_every_single: bool = False,
                routed: dict[str, Step] | None = None) -> Steps:
        other = Steps(game, self.common_params, route or self.route, self.kinds, self.prefix, ask_every_single,
                      self.idiom)
        other.extras = self.extras
        other.routed = dict(routed) if routed is not None else self.routed
        return other

    def lookup(self, state: Any, frame: Frame) -> Step:
        if self.route is not None:
            routed = self.route(state, frame)
            if routed is not None:
                return routed
        return self.kinds[frame["k"]]

    def decision(self, state: Any, frame: Frame, step: Step, options: list[Action]) -> Decision:
        params = step.params(state, frame) if step.params else {k: v for k, v in frame.items() if k != "k"}
        if self.common_params is not None:
            params = {**params, **self.common_params(state, frame)}
        weights = tuple(step.weights(state, frame, options)) if step.weights else None
        player = CHANCE if step.chance else frame["p"]
        kind = step.decision_kind or f"{self.prefix}.{frame['k']}"
        hidden = step.chance and (step.hidden(state, frame) if callable(step.hidden) else step.hidden)
        return Decision(player, kind, tuple(options), params, weights, step.rule, step.unordered, hidden)


# -- changing the stack -------------------------------------------------------------------------
def push(state: HasStack, *frames: Frame) -> None:
    """Schedule frames to run next, in the given order (the first one given runs first)."""
    state.stack.extend(reversed(frames))


def top(state: HasStack) -> Frame | None:
    return state.stack[-1] if state.stack else None


# -- the one settle loop --------------------------------------------------------------------------
def settle(steps: Steps, state: HasStack) -> Events:
    """Run bookkeeping, lapse empty decisions and take single options until a real decision is on top."""
    stack = state.stack
    events: Events = []
    for _ in range(SETTLE_LIMIT):
        if not stack:
            stack.pending, stack.settled = None, True
            return events
        frame = stack[-1]
        step = steps.lookup(state, frame)
        if step.options is None:
            stack.pop()
            events += step.resolve(state, frame, None) or ()
            continue
        options = steps.options(state, frame, step)
        if len(options) > 1 or (options and (step.ask_single or steps.ask_every_single)):
            stack.pending, stack.settled = steps.decision(state, frame, step, options), True
            return events
        stack.pop()
        if options:
            forced = steps.decision(state, frame, step, options)
            events.append(Event(FORCED, {"step": forced.kind, "player": forced.player, "action": options[0],
                                         **forced.params}))
            events += steps.run(step, state, frame, options[0]) or ()
    raise RuntimeError(f"{steps.game}: the steps did not settle within {SETTLE_LIMIT} bookkeeping steps")


def decision(steps: Steps, state: HasStack) -> Decision | None:
    """The pending decision (None once the game is over). Settles a state that was built by hand."""
    stack = state.stack
    if not stack.settled:
        settle(steps, state)
    return stack.pending


def resolve(steps: Steps, state: HasStack, action: Action) -> Events:
    """Resolve the pending decision with a legal `action`, then settle again; returns every event."""
    stack = state.stack
    if not stack.settled:
        settle(steps, state)
    frame = stack.pop()
    stack.settled = False
    events = list(steps.run(steps.lookup(state, frame), state, frame, action) or ())
    return events + settle(steps, state)


def unsettle(state: HasStack) -> None:
    """Forget the pending decision: for tests and tools that change a state by hand."""
    state.stack.settled = False
