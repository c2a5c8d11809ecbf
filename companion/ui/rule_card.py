"""The rule at the point of need: one tap on "Rule" opens the step's rule card (issue 21).

The UI holds no rules: the card's words, its rulebook reference and its ruling come from
companion.i18n.rule_cards for the step kind being asked (or for the rule a refusal cites).
An expander is a native disclosure (keyboard and screen reader work), its header at least 44 px high
(companion.ui.theme).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

import streamlit as st

from ..core import Decision, Event, Session
from ..core import steps as stack
from ..core.game import apply
from ..core.instructions import Instruction
from ..core.registry import manifest
from ..core.steps import Step
from ..i18n import labels, rule_cards
from ..i18n.rule_cards import rule_text
from . import context, folds, shared_parts
from .context import lang, table, tr
from .markup import plain

ICON = ":material/menu_book:"


def _text(card: rule_cards.RuleCard) -> str:
    """A card as one Markdown block (one element, not three: the table moves' cards are drawn on every tap):
    its words, the ruling in italics, the rulebook reference small and grey like a caption."""
    parts = [plain(card.text)]
    if card.ruling:
        parts.append(f"_{plain(card.ruling)}_")
    if card.reference:
        parts.append(f":small[:gray[{plain(tr('rulecard.reference', rule=card.reference))}]]")
    return "\n\n".join(parts)


def _show(card: rule_cards.RuleCard) -> None:
    st.markdown(plain(card.text))
    if card.ruling:
        st.markdown(f"_{plain(card.ruling)}_")
    if card.reference:
        st.caption(plain(tr("rulecard.reference", rule=card.reference)))


def _steps() -> tuple[str, Any] | None:
    tab = table()
    if tab is None:
        return None
    game = tab.session.game
    return game.name, game.steps


def decision_rule(decision: Decision) -> None:
    """The "Rule" expander of the decision panel: the card of the step being asked (the plain reference
    when the step has no card)."""
    found = _steps()
    card = rule_cards.decision_card(*found, decision, lang()) if found else None
    if card is None:
        if decision.rule:
            st.caption(tr("ui.rule_ref", rule=labels.rule_reference(decision.rule, lang())))
        return
    with folds.closed(tr("rulecard.button"), f"rule_card_{decision.kind}", ICON) as shown:
        if shown:  # a phone: drawn only while open (its tap reruns the screen)
            _show(card)


def refusal_card(rule: str) -> Callable[[], None] | None:
    """What draws the card of the rule a refusal cites under it (one tap opens it), or None when no card
    fits (then the plain reference shows)."""
    found = _steps()
    card = rule_cards.refusal_card(*found, rule, lang()) if found and rule else None
    if card is None:
        return None

    def show() -> None:
        with st.expander(tr("rulecard.refusal"), icon=ICON):
            _show(card)

    return show


context.REFUSAL_CARD = refusal_card


# -- the steps behind the table's moves (bookkeeping the app did without asking) ----------------------------
class _Tracing:
    """A game's step registry that notes which step kind made which events (the registry itself is untouched:
    every other attribute is the game's own)."""

    def __init__(self, steps: Any) -> None:
        self._steps = steps
        self.made: list[tuple[str, str, list[Event]]] = []  # (kind, rule, events) in the order they ran

    def __getattr__(self, name: str) -> Any:
        return getattr(self._steps, name)

    def lookup(self, state: Any, frame: dict[str, Any]) -> Step:
        step = self._steps.lookup(state, frame)

        def traced(now: Any, top: dict[str, Any], action: Any) -> list[Event]:
            events = list(step.resolve(now, top, action) or ())
            self.made.append((step.kind, step.rule, events))
            return events

        return replace(step, resolve=traced)


def _state_at(session: Session, position: int) -> Any:
    """The state before log step `position` (from the session's nearest checkpoint)."""
    marks = session._checkpoints  # the session's own replay points: a short replay, never the whole game
    base = max((k for k in marks if k <= position), default=None)
    state = marks[base] if base is not None else session.game.initial_state(session.setup)
    for action in session.log[(base or 0):position]:
        state, _ = apply(session.game, state, action)
    return state


def made_by(session: Session, position: int) -> list[tuple[str, str, list[Event]]]:
    """(step kind, its rule, the events it made) of every step that ran at log step `position`: the decision
    answered and each bookkeeping step after it, Meng's routed steps by their own kind."""
    state = session.game.clone(_state_at(session, position))
    action = session.log[position]
    tracing = _Tracing(session.game.steps)
    decision = stack.decision(session.game.steps, state)
    if decision is not None and decision.unordered and decision.index_of(action) >= 0:
        action = decision.options[decision.index_of(action)]
    stack.resolve(tracing, state, action)  # type: ignore[arg-type]
    return tracing.made


def _made(tab: Any, position: int) -> list[tuple[Instruction, str, str]]:
    """(instruction, step kind, rule) of each table move log step `position` brought: made once per process for
    the game's history up to that step (its print: the log up to it), whichever screen asks and whichever replay
    of the game it shows (each move is a new replay for the screens that follow it); a step without events
    brought no table move."""
    session = tab.session
    if not session.events[position]:
        return []
    key = ("rule_made", tab.game_id, position, _log_prints(tab)[position])
    return shared_parts.PARTS.get(key, None, lambda: _trace(session, position))


def _log_prints(tab: Any) -> list[bytes]:
    """A digest of the log up to each step (the state before a step follows from the setup and the steps before
    it): made once per state for every screen."""
    def made() -> list[bytes]:
        prints, last = [], b""
        for action in tab.session.log:
            last = hashlib.blake2b(last + repr(action).encode(), digest_size=16).digest()
            prints.append(last)
        return prints

    return shared_parts.PARTS.get(("log_prints", tab.game_id, id(tab.session.state)), tab.session.state, made)


def _trace(session: Session, position: int) -> list[tuple[Instruction, str, str]]:
    make = manifest(session.game.name).instructions
    try:
        return [(ins, kind, rule_text(rule)) for kind, rule, events in made_by(session, position)
                for ins in make(events)]
    except Exception:  # a step that no longer replays (an old save): its lines simply show no card
        return []


def move_cards(tab: Any, lines: Iterable[tuple[int, Instruction]]) -> list[rule_cards.RuleCard]:
    """The rule cards of the steps that brought these table moves (log position, instruction), each once."""
    game = tab.session.game
    cards: list[rule_cards.RuleCard] = []
    for position, ins in lines:
        if not 0 <= position < len(tab.session.log):
            continue  # a line to put back: its step was undone
        for made, kind, rule in _made(tab, position):
            found = rule_cards.card(game.name, kind, rule, lang()) if made == ins else None
            if found is not None and all(c.topic != found.topic for c in cards):
                cards.append(found)
    return cards


def moves_rule(lines: Iterable[tuple[int, Instruction]], key: str) -> None:
    """One tap beside table moves: the cards of the steps (the app's bookkeeping too) that brought them. Closed;
    on a phone drawn only while open, like every long part of a game screen (folds.closed)."""
    tab = table()
    shown = _kept_cards(tab, list(lines)) if tab is not None else None
    if shown is None:
        return
    label, text = shown
    with folds.closed(label, f"rule_moves_{key}", ICON) as open_:
        if open_:
            st.markdown(text)


def _kept_cards(tab: Any, lines: list[tuple[int, Instruction]]) -> tuple[str, str] | None:
    """The cards' expander label and text (None: no card), made once per game state, language and lines for every
    screen of the process: a rerun or a tap that left these lines as they were finds them made, and so do the other
    screens at this state; a new state (a move, an undo) is another key."""
    ident = tuple((position, repr(ins)) for position, ins in lines)
    return shared_parts.per_state("rule_moves", tab.game_id, tab.session.state, lambda: _cards_text(tab, lines), ident)


def _cards_text(tab: Any, lines: list[tuple[int, Instruction]]) -> tuple[str, str] | None:
    cards = move_cards(tab, lines)
    if not cards:
        return None
    return tr("rulecard.moves", n=len(cards)), "\n\n---\n\n".join(map(_text, cards))  # a rule between two cards
