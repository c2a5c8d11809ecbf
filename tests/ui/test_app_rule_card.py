"""Issue 21: one tap on "Rule" opens the step's rule card, in de/nl/en, at a Gùgōng day decision, a Meng step,
a Dragon event and a Yinzi taxation; a refusal shows the card of the rule it cites."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from companion.core import Session
from companion.core.chance import pick
from companion.i18n import rule_cards, t
from companion.ui import context

from .apphelpers import new_session, start, table

context.register_extra_games()

def _path(session, wanted: Callable[[str], bool], limit: int) -> list[dict] | None:
    """Random moves from the open game's start to a wanted decision (a fresh copy of the game, so the table's
    own session is only changed by a path that arrives)."""
    for seed in range(60):
        trial, rng, moves = Session.from_log(session.game, session.setup, session.log), random.Random(seed), []
        for _ in range(limit):
            decision = trial.decision
            if decision is None:
                break
            if wanted(decision.kind):
                return moves
            moves.append(pick(decision, rng))
            trial.act(moves[-1])
    return None


def _reach(at, wanted: Callable[[str], bool], limit: int = 1500) -> None:
    """Play the open game in-process (fast, no rerun per step) until the decision's kind is wanted, then
    draw the app once: the panel shows that decision as it would after the table's last tap."""
    session = table(at).session
    moves = _path(session, wanted, limit)
    assert moves is not None, "no random game reached the decision"
    for move in moves:
        session.act(move)
    at.run()
    assert not at.exception, at.exception


def _card_shown(at, lang: str) -> str:
    """The rule card's expander, closed until tapped: its label is "Rule" and it holds the card."""
    tab = table(at)
    decision, game = tab.session.decision, tab.session.game
    card = rule_cards.decision_card(game.name, game.steps, decision, lang)
    assert card is not None, decision.kind
    rule = [e for e in at.expander if e.label == t("rulecard.button", lang)]
    assert len(rule) == 1, [e.label for e in at.expander]
    inside = "\n".join(str(m.value) for m in rule[0].markdown) + "\n".join(str(c.value) for c in rule[0].caption)
    assert card.text[:40].replace(".", "\\.") in inside or card.text[:40] in inside.replace("\\", "")
    assert t("rulecard.reference", lang, rule="").strip() in inside.replace("\\", "")
    return inside.replace("\\", "")


CASES = [
    ("gugong", 2, lambda k: k in ("gugong.turn", "gugong.act"), "exchange"),
    ("gugong-solo", None, lambda k: k.startswith("gugong.meng_") and k != "gugong.meng_focus", "meng_"),
    ("dragon", 3, lambda k: k in ("dragon.drought", "dragon.release"), ""),
    ("yinzi", 2, lambda k: k == "yinzi.tax", "taxation"),
]


@pytest.mark.parametrize("lang", ["de", "nl", "en"])
@pytest.mark.parametrize(("game", "players", "wanted", "topic"), CASES, ids=[c[0] for c in CASES])
def test_the_rule_card_opens_in_one_tap(data_dir, lang, game, players, wanted, topic):
    at = new_session(lang)
    start(at, game, players=players, names=["Anna"] if players is None else None)
    _reach(at, wanted)
    shown = _card_shown(at, lang)
    if game == "gugong" and lang == "nl":
        assert "Gùgōng-spelregels: Fase 2: De Dagfase" in shown  # the Dutch book, not the German one
    if game == "yinzi":
        assert t("rulecard.yinzi.taxation", lang)[:30] in shown
    if game == "dragon" and lang == "en":
        assert "In the Year of the Dragon rulebook (German)" in shown


def test_a_refusal_shows_the_card_of_its_rule(data_dir):
    at = new_session("en")
    start(at, "dragon", players=3)
    _reach(at, lambda k: k == "dragon.action")
    at.session_state[context.FLASH] = {"kind": "error", "text": "That is not possible now.",
                                       "rule": "Jahr des Drachen: 3. Phase Ereignis, Dürre"}
    at.run()
    cards = [e for e in at.expander if e.label == t("rulecard.refusal", "en")]
    assert len(cards) == 1 and "Drought" in "\n".join(str(m.value) for m in cards[0].markdown)


# -- the steps the app does without asking: their card beside the table moves they bring ----------------------
def _moves_cards(at, lang: str) -> str:
    """What the "Rule(s) of these steps" expanders beside the table moves hold (closed until tapped)."""
    labels = {t("rulecard.moves", lang, n=1), t("rulecard.moves", lang, n=2)}
    found = [e for e in at.expander if e.label in labels]
    assert found, [e.label for e in at.expander]
    return "\n".join(str(m.value) for e in found for m in e.markdown).replace("\\", "")


def _until_step(at, kind: str, limit: int = 1500) -> None:
    """Play the open game in-process up to the tap whose log step runs bookkeeping step `kind` with table moves of
    its own, draw the app, then make that tap and draw again: its table moves are the newest lines."""
    from companion.core.registry import manifest
    from companion.storage import open_store
    from companion.ui.dispatch import dispatch
    from companion.ui.rule_card import made_by

    session = table(at).session
    make = manifest(session.game.name).instructions
    trial, rng = Session.from_log(session.game, session.setup, session.log), random.Random(3)
    for _ in range(limit):
        if trial.log and any(k == kind and make(events) for k, _, events in made_by(trial, len(trial.log) - 1)):
            break
        trial.act(pick(trial.decision, rng))
    else:
        raise AssertionError(f"no step ran {kind}")
    for move in trial.log[len(session.log):-1]:
        session.act(move)
    at.run()
    tab = table(at)  # the last tap as the app makes it: saved with its table moves (issue 20 keeps them stored)
    assert dispatch(tab, trial.log[-1], tab.revision, open_store()).ok
    at.run()
    assert not at.exception, at.exception


BOOKKEEPING = [
    ("gugong", 2, "night_dice", "night"),
    ("dragon", 3, "event", "event"),
    ("yinzi", 2, "tax", "taxation"),
]


@pytest.mark.parametrize("lang", ["de", "nl", "en"])
@pytest.mark.parametrize(("game", "players", "kind", "topic"), BOOKKEEPING, ids=[b[2] for b in BOOKKEEPING])
def test_a_bookkeeping_step_shows_its_card_beside_its_table_moves(data_dir, lang, game, players, kind, topic):
    at = new_session(lang)
    start(at, game, players=players)
    _until_step(at, kind)
    shown = _moves_cards(at, lang)
    assert t(f"rulecard.{game}.{topic}", lang)[:40] in shown, shown[:400]


def test_meng_steps_show_their_cards_on_his_screen(data_dir):
    at = new_session("nl")
    start(at, "gugong-solo", names=["Anna"])
    _until_step(at, "meng_location")
    at.switch_page("companion/ui/pages/meng.py").run()
    assert not at.exception, at.exception
    shown = _moves_cards(at, "nl")
    assert t("rulecard.gugong.meng_day", "nl")[:40] in shown, shown[:400]
