"""Table instructions (companion.yinzi.instructions): every event of every player says what the table moves,
in en/de/nl, with an undo text; the rulebook's worked examples as instructions; the setup layout (RULES-Y 3)."""

from __future__ import annotations

import pytest

from companion.core import apply
from companion.core.playout import playout
from companion.i18n import LANGUAGES, catalog, placeholders
from companion.yinzi.engine import GAME
from companion.yinzi.instructions import INSTRUCTIONS, NOTHING_TO_DO, instructions

from .table import act, acts, at_actions, turn_of

NAMES = ["Angelika", "Marion", "Tanja"]
A, M, T = 0, 1, 2


def _playout_events(players: int, seed: int):
    setup = GAME.normalize_setup({"players": ["a", "b", "c", "d"][:players], "seed": seed})
    state = GAME.initial_state(setup)
    for action in playout(GAME, setup, seed).log:
        state, events = apply(GAME, state, action)
        yield from events


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_every_event_has_its_table_steps_in_every_language(players, seed):
    cats = {lang: catalog(lang) for lang in LANGUAGES}
    seen = set()
    for event in _playout_events(players, seed):
        assert event.code in INSTRUCTIONS.rules or event.code in NOTHING_TO_DO, event.code
        for step in instructions([event]):
            seen.add(step.code)
            assert step.code.startswith("yinzi.do.")
            assert step.seat is None or step.params["player"] == step.seat
            for lang in LANGUAGES:
                for code in (step.code, step.undo_code):
                    assert code in cats[lang], (lang, code)
                    assert placeholders(cats[lang][code]) <= set(step.params), (lang, code, step.params)
    assert len(seen) > 40


def test_every_instruction_text_has_its_undo_text_and_the_same_placeholders_in_every_language():
    cats = {lang: catalog(lang) for lang in LANGUAGES}
    codes = [k for k in cats["en"] if k.startswith("yinzi.do.") and not k.endswith(".undo")]
    assert len(codes) > 100
    for code in codes:
        for lang in LANGUAGES:
            assert placeholders(cats[lang][code]) == placeholders(cats["en"][code]), (lang, code)
            assert placeholders(cats[lang][code + ".undo"]) <= placeholders(cats["en"][code]) | {"player"}, code


def test_plural_forms_are_in_the_code():
    """One copper coin, several coins: the code names the CLDR category (en/de/nl: one, other)."""
    from companion.core import Event

    one = instructions([Event("yinzi.war_bonds", {"player": 1, "copper": 1})])
    three = instructions([Event("yinzi.war_bonds", {"player": 1, "copper": 3})])
    assert [i.code for i in one] == ["yinzi.do.copper_from_bank.one"]
    assert [i.code for i in three] == ["yinzi.do.copper_from_bank.other"]
    assert three[0].params == {"player": 1, "copper": 3} and three[0].seat == 1


def test_marion_resources_on_the_table():
    """RULES-Y 5B Ressourcen nehmen, Beispiel: three workers, two wood and one stone, three copper: the table
    moves the workers from the tableau to the resources box, pays three coins and takes the cubes."""
    state = at_actions(NAMES)
    state = turn_of(state, M, actions_done=1, fate_used=["plant"])
    state.players[M].tableau = {"plant": 3}
    state.players[M].workers -= 3
    steps = []
    for action in ({"type": "worker", "action": "resources", "group": "plant"}, {"type": "take", "resource": "wood"},
                   {"type": "take", "resource": "wood"}, {"type": "take", "resource": "stone"}):
        state, events = act(state, action)
        steps += [(i.code.removeprefix("yinzi.do."), i.params) for i in instructions(events)]
    assert steps[0] == ("take_group.other", {"player": M, "workers": 3, "group": "plant", "action": "resources"})
    assert [c for c, _ in steps[1:]] == ["copper_to_bank.one", "take_resource"] * 3 + ["workers_to_box.other"]
    assert [p["resource"] for c, p in steps if c == "take_resource"] == ["wood", "wood", "stone"]
    assert steps[-1][1] == {"player": M, "workers": 3, "action": "resources"}


def test_marion_taxes_on_the_table():
    """RULES-Y 5D V Besteuerung, Beispiel: she pays her silver sack and her 5 copper and takes one misfortune tile."""
    from companion.core import Event

    event = Event("yinzi.taxed", {"player": M, "due": 2, "paid": 1, "exchanged": 0, "copper_lost": 5,
                                  "misfortune": 1, "rate": 10})
    assert [(i.code, i.params) for i in instructions([event])] == [
        ("yinzi.do.silver_to_bank.one", {"player": M, "silver": 1}),
        ("yinzi.do.all_copper_to_bank", {"player": M, "copper": 5}),
        ("yinzi.do.misfortune.one", {"player": M, "count": 1}),
    ]


def test_a_payment_names_the_exchange():
    """RULES-Y 5F Hinweis: copper and silver change only while paying, only as much as needed."""
    state = at_actions(NAMES, {"exchange.rates": [6, 8, 10, 12, 14, 16]})
    state = turn_of(state, A, hand=[[1, 4], [1, 4]], copper=0, silver=1)
    state.bank_copper += 4
    state.bank_silver -= 1
    state.factories.append({"ware": "silk", "color": "red", "province": "jiangxi", "owner": A, "level": 1, "wares": []})
    state.players[A].discs -= 1
    state = acts(state, {"type": "fate", "action": "upgrade_factories", "card": [1, 4], "tax": False})
    state, events = act(state, {"type": "upgrade", "factory": len(state.factories) - 1})
    codes = [(i.code, i.params) for i in instructions(events)]
    assert codes[:2] == [("yinzi.do.break_silver.one", {"player": A, "silver": 1, "copper": 8}),
                         ("yinzi.do.copper_to_bank.other", {"player": A, "copper": 3})]
    assert GAME.invariants(state) == []


