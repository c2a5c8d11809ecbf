"""Rule cards: the rule of a step in short, in our own words, in the reader's language.

Every step kind of every game has a card (data/rule_cards.json maps a kind to its card's topic; the texts
are rulecard.<game>.<topic> in catalog/rules_<game>.*.json). A card carries the step's rulebook
reference in the reader's words (labels.rule_reference, through the one typed `core.rules.Rule`) and,
where docs/rulings/ decided something for it, that ruling in one sentence.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..core.rules import Rule
from ..core.rules import parse as parse_rules
from . import has, t
from .labels import rule_reference

# games that read another game's cards (the solo game is Gùgōng's steps, with Meng's)
SHARES = {"gugong-solo": "gugong"}


@dataclass(frozen=True)
class RuleCard:
    """One card as the reader sees it (every field already in their language)."""

    game: str
    topic: str
    text: str
    reference: str  # "" when the step names no passage
    ruling: str  # "" when no ruling applies


def rule_text(rule: str | Rule | Iterable[Rule]) -> str:
    """A step's rule as the one reference string cards read: steps may carry the plain string or a typed
    `core.rules.Rule` (or several); `core.rules.parse` reads the string back."""
    if isinstance(rule, str):
        return "; ".join(r.text for r in parse_rules(rule)) or rule
    rules = (rule,) if isinstance(rule, Rule) else tuple(rule)
    return "; ".join(r.text for r in rules)


@cache
def _data() -> dict[str, Any]:
    return json.loads((Path(__file__).parent / "data" / "rule_cards.json").read_text(encoding="utf-8"))


def card_game(game: str) -> str:
    return SHARES.get(game, game)


def topic(game: str, kind: str) -> str | None:
    """The card topic of a step kind (its registry name, e.g. "act", "meng_turn", "tax")."""
    return _data()["games"].get(card_game(game), {}).get("kinds", {}).get(kind)


def card(game: str, kind: str, rule: str | Rule, lang: str) -> RuleCard | None:
    """The card of step `kind` of `game`, its reference from the step's `rule`; None without a card."""
    name = topic(game, kind)
    return None if name is None else topic_card(game, name, rule, lang)


def topic_card(game: str, name: str, rule: str | Rule, lang: str) -> RuleCard | None:
    """The card on topic `name` of `game` (its reference from `rule`); None without a card in `lang`."""
    base, rule = card_game(game), rule_text(rule)
    key = f"rulecard.{base}.{name}"
    if not has(key, lang):
        return None
    ruling = ""
    ruling_id = _data()["games"][base].get("rulings", {}).get(name)
    if ruling_id and has(f"{key}.ruling", lang):
        ruling = t("rulecard.ruling", lang, id=ruling_id, text=t(f"{key}.ruling", lang))
    reference = rule_reference(rule, lang) if parse_rules(rule) else ""
    return RuleCard(base, name, t(key, lang), reference, ruling)


def step_kind(steps: Any, code: str, rule: str = "") -> str | None:
    """The registry kind behind a decision code ("yinzi.choose_action" -> "turn"); where two kinds share a
    code, the one citing the decision's rule."""
    found = [kind for kind, step in steps.kinds.items()
             if (step.decision_kind or f"{steps.prefix}.{kind}") == code]
    exact = [kind for kind in found if rule_text(steps.kinds[kind].rule) == rule_text(rule)]
    return (exact or found or [None])[0]


def decision_card(game: str, steps: Any, decision: Any, lang: str) -> RuleCard | None:
    """The card of the step a decision asks (None when the decision is not one of `steps`)."""
    kind = step_kind(steps, decision.kind, decision.rule)
    return card(game, kind, decision.rule, lang) if kind is not None else None


def passage_topic(game: str, rule: str | Rule) -> str | None:
    """The card topic of a passage that only refusals cite (data: "passages", section -> topic)."""
    passages = _data()["games"].get(card_game(game), {}).get("passages", {})
    return next((passages[r.section] for r in parse_rules(rule_text(rule)) if r.section in passages), None)


def refusal_card(game: str, steps: Any, rule: str | Rule, lang: str) -> RuleCard | None:
    """The card of the rule a refusal cites: the first step kind of `game` citing the same passage, else the
    card the data names for that passage."""
    wanted = set(parse_rules(rule_text(rule)))
    if not wanted:
        return None
    for kind, step in steps.kinds.items():
        if wanted & set(parse_rules(rule_text(step.rule))):
            found = card(game, kind, rule, lang)
            if found is not None:
                return found
    name = passage_topic(game, rule)
    return topic_card(game, name, rule, lang) if name is not None else None
