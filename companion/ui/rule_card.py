"""The rule at the point of need: one tap on "Rule" opens the step's rule card (issue 21).

The UI holds no rules: the card's words, its rulebook reference and its ruling come from
companion.i18n.rule_cards for the step kind being asked (or for the rule a refusal cites).
An expander is a native disclosure (keyboard and screen reader work), its header at least 44 px high
(companion.ui.theme).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from ..core import Decision
from ..i18n import labels, rule_cards
from . import context
from .context import lang, table, tr
from .markup import plain

ICON = ":material/menu_book:"


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
    with st.expander(tr("rulecard.button"), icon=ICON, key=f"rule_card_{decision.kind}"):
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
