"""Issue 21: the steps the app does without asking (scoring, refills, the night, Meng's turn, Dragon's month end,
Yinzi's taxation bookkeeping) show their rule card beside the table moves they bring. The steps behind each line are
traced once per log step (companion.ui.rule_card.made_by); here every line of whole playouts must be traced to a step
whose card exists in de/nl/en."""

from __future__ import annotations

import random

import pytest

from companion.core import Session
from companion.core.chance import pick
from companion.core.registry import get_game, manifest
from companion.i18n import LANGUAGES, rule_cards
from companion.ui.rule_card import made_by

PLAYS = [
    ("gugong", {"players": ["Anna", "Ben", "Cleo"], "seed": 1}, 420),
    ("gugong-solo", {"players": ["Anna"], "seed": 2}, 420),
    ("dragon", {"players": ["Anna", "Ben", "Cleo"], "seed": 3, "great_wall": True, "super_event": "random"}, 420),
    ("yinzi", {"players": ["Anna", "Ben"], "seed": 4}, 500),
]
# bookkeeping the playouts must have met (the moments issue 21 names), per game
MET = {
    "gugong": {"night_dice", "night_boats", "refill", "income", "turn_end", "morning_start"},
    "gugong-solo": {"meng_play", "meng_card_action", "meng_location", "meng_dusk_card", "meng_night",
                    "meng_night_boats"},
    "dragon": {"event", "decay", "round_score", "super", "wall_scoring"},
    "yinzi": {"taxation", "feeding", "admin_exchange_rate", "admin_new_round", "action_cards"},
}


def _played(game: str, setup: dict, moves: int) -> Session:
    session, rng = Session.new(get_game(game), setup), random.Random(7)
    for _ in range(moves):
        decision = session.decision
        if decision is None:
            break
        session.act(pick(decision, rng))
    return session


@pytest.mark.parametrize(("game", "setup", "moves"), PLAYS, ids=[p[0] for p in PLAYS])
def test_every_table_move_is_traced_to_a_step_with_a_card(game, setup, moves):
    session = _played(game, setup, moves)
    make = manifest(game).instructions
    kinds, untraced, without = set(), [], set()
    for position in range(len(session.log)):
        made = made_by(session, position)
        if [i for _, _, events in made for i in make(events)] != make(session.events[position]):
            untraced.append(position)
        for kind, rule, _ in made:
            kinds.add(kind)
            without |= {f"{kind} ({lang})" for lang in LANGUAGES if rule_cards.card(game, kind, rule, lang) is None}
    assert not untraced, f"lines not traced to their step at log steps {untraced[:10]}"
    assert not without, sorted(without)
    automatic = {k for k in kinds if k in get_game(game).steps.kinds and get_game(game).steps.kinds[k].automatic}
    assert MET[game] <= kinds, sorted(MET[game] - kinds)
    assert len(automatic) >= 5, sorted(automatic)


def test_tracing_leaves_the_game_as_it_was():
    session = _played("gugong", {"players": ["Anna", "Ben"], "seed": 5}, 60)
    before = session.game.to_json(session.state)
    assert [k for k, _, _ in made_by(session, 59)]
    assert session.game.to_json(session.state) == before and len(session.log) == 60
