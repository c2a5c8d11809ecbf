"""Yinzi through the app (streamlit.testing AppTest).

The issue's flow: a 3-player game whose setup the app draws, the first round's actions up to
the administration (F), a phase-order refusal (a worker action as the first action of a round,
RULES-Y 5 Spielablauf B) shown with the rule and nothing changed, undo and redo, resume from
SQLite in a new session; the table companion in three languages, the score rows, the quick-score
pad with its copper-to-silver note, and the six exchange-rate values entered once in the box check.
"""

from __future__ import annotations

import json
import random

import pytest
from streamlit.testing.v1 import AppTest

from companion.core.registry import get_game
from companion.storage import open_store

from .apphelpers import click, play_in_engine, resume, start, step, step_until, table, texts

NAMES = ["Marion", "Tanja", "Angelika"]
SEED = 7


@pytest.fixture
def fixed_seed(monkeypatch):
    """The Home screen draws the game's seed from SystemRandom: fixed here so the game is the same every run."""
    monkeypatch.setattr(random.SystemRandom, "randrange", lambda self, *args, **kw: SEED)


def phase(at: AppTest) -> str:
    decision = table(at).session.decision
    return decision.params.get("phase") if decision is not None else "over"


def manual(at: AppTest, action: dict) -> None:
    v = table(at).version
    at.text_input(key=f"manual_{v}").set_value(json.dumps(action)).run()
    click(at, f"manual_send_{v}")


def test_round_one_to_administration_refusal_undo_redo_and_resume(app, fixed_seed):
    start(app, "yinzi", players=3, names=NAMES)
    shown = texts(app)
    assert "Yinzi" in shown and "Round order" in shown
    assert "F Administration" in shown and "A Bonus and turn order" in shown  # the whole order, from the start
    assert "nobody has checked yet" in shown and "exchange rate" in shown  # the six printed rates: one notice
    assert "8 copper = 1 silver" in shown and "8?" not in shown  # no mark glued to the number
    # the setup and phase A up to the first action of phase B, in the engine (the round's taps follow)
    play_in_engine(app, lambda s: s.decision.kind == "yinzi.choose_action")
    tab = table(app)
    assert tab.session.state.round == 1
    assert "**▶ B Fate and worker actions**" in texts(app)  # the current step highlighted
    assert "~~A Bonus and turn order~~" in texts(app)  # done
    seat = tab.session.decision.player
    # a worker action as the first action of the round: refused, with the rule, nothing changed
    before_log, before_version = list(tab.session.log), tab.version
    group = "plant"
    manual(app, {"type": "worker", "action": "resources", "group": group})
    after = table(app)
    assert "The first action of a round must be a fate action" in texts(app)
    assert "5B" in texts(app) or "Spielablauf" in texts(app)  # the rule is named
    assert after.session.log == before_log and after.version == before_version
    assert after.session.decision.player == seat and after.session.decision.kind == "yinzi.choose_action"
    # the options are in the table's words: a fate action with its card
    labels = [b.label for b in app.button if b.key and b.key.startswith("opt_")]
    labels += [o for s in app.selectbox if s.key == f"select_{after.version}" for o in s.options]  # the full list
    assert any(label.startswith("Fate action: ") and "workers" in label for label in labels), labels
    # the rest of phase B, then C-E, up to F (the exchange die)
    step_until(app, lambda at: phase(at) == "administration", chance="app_chance")
    state = table(app).session.state
    assert state.round == 1 and all(pl.actions_done == 6 for pl in state.players)
    shown = texts(app)
    assert "**▶ F Administration**" in shown and "~~E Late shipping~~" in shown
    assert "Roll the die for the exchange rate." in shown
    board = app.table[0].value
    assert list(board.columns) == NAMES and "Copper" in board.index and "Misfortune tiles" in board.index
    assert list(board.loc["Cards played"]) == ["3", "3", "3"]
    # the die roll, undone (it was hidden information: the app asks first) and redone
    tab = table(app)
    v, before = tab.version, len(tab.session.log)
    click(app, f"app_chance_{v}")
    rolled = list(table(app).session.log)
    assert len(rolled) == before + 1 and table(app).session.state.die_history  # rolled: the die moved or stayed
    v = table(app).version
    click(app, f"undo_{v}")
    if "confirm_undo" in app.session_state and app.session_state["confirm_undo"] == v:
        assert "undo_yes_" + str(v) in [b.key for b in app.button]  # a die roll is hidden: the app asks first
        click(app, f"undo_yes_{v}")
    assert len(table(app).session.log) == len(rolled) - 1
    assert "Roll the die for the exchange rate." in texts(app)
    click(app, f"redo_{table(app).version}")
    assert table(app).session.log == rolled
    # a new session on the same SQLite file resumes the game and continues it
    game_id = table(app).game_id
    assert open_store().load_game(game_id)[0].log == rolled
    other = resume(game_id)
    assert table(other).session.log == rolled
    assert "Round order" in texts(other)
    step(other)
    stored = open_store().load_game(game_id)[0].log
    assert stored[: len(rolled)] == rolled and len(stored) > len(rolled)


def test_table_companion_in_german_and_dutch(app, fixed_seed):
    start(app, "yinzi", players=3, names=NAMES)
    play_in_engine(app, lambda s: s.decision.kind == "yinzi.choose_action")  # the setup and phase A: not the point
    for lang, words in (
        (
            "de",
            ["Ablauf der Runde", "B Schicksals- und Arbeiteraktionen", "F Verwaltung", "Kupfer", "Schicksalsaktion"],
        ),
        ("nl", ["Volgorde van de ronde", "B Lots- en arbeidersacties", "F Administratie", "Koper", "Lotsactie"]),
        ("en", ["Round order", "B Fate and worker actions", "F Administration", "Copper", "Fate action"]),
    ):
        app.selectbox(key="_sidebar_lang").set_value(lang).run()
        assert not app.exception
        v = table(app).version
        options = [b.label for b in app.button] + [
            o for s in app.selectbox if s.key == f"select_{v}" for o in s.options
        ]
        shown = texts(app) + "\n" + "\n".join(options) + "\n" + "\n".join(app.table[0].value.index)
        for word in words:
            assert word in shown, (lang, word)
        assert "{" not in shown, lang  # every placeholder filled


def test_score_page_shows_yinzi_rows_translated(app, fixed_seed):
    start(app, "yinzi", players=3, names=NAMES)
    play_in_engine(app, lambda s: s.decision.kind == "yinzi.choose_action")  # the setup and phase A: not the point
    app.switch_page("companion/ui/pages/score.py").run()
    frame = app.table[0].value
    assert list(frame.columns) == NAMES
    assert list(frame.index[:6]) == ["Yangtze boats", "Factories", "Wares", "War glory", "Infrastructure", "Progress"]
    assert "Yinzi (silver)" in frame.index and "Misfortune (−2 each)" in frame.index
    assert "The exchange rate 8 is a placeholder" in texts(app)  # silver counts copper at an unverified rate
    app.selectbox(key="_sidebar_lang").set_value("de").run()
    frame = app.table[0].value
    assert "Yinzi (Silber)" in frame.index


def test_quick_score_pad_with_the_copper_to_silver_note(app):
    app.run()
    app.switch_page("companion/ui/pages/quick_score.py").run()
    app.selectbox(key="qs_game").set_value("yinzi").run()
    app.number_input(key="qs_yinzi_count").set_value(2).run()
    labels = "\n".join(n.label for n in app.number_input)
    assert "Boat transport level" in labels and "Misfortune tiles" in labels and "Die field at the end (1–6)" in labels
    values = [
        {"name": "Marion", "boat_level": 3, "copper": 23, "silver": 4, "misfortune": 1, "war_4": 1},
        {"name": "Tanja", "boat_level": 2, "copper": 5, "silver": 6, "market_vp": 4},
    ]
    for seat, player in enumerate(values):
        for field, value in player.items():
            app.get_by_key(f"qs_yinzi_{seat}_{field}").set_value(value)
    app.number_input(key="qs_yinzi_0_factories_n").set_value(2).run()
    app.selectbox(key="qs_yinzi_0_factories_1").set_value(3)
    app.number_input(key="qs_yinzi_1_progress_economy").set_value(2)
    app.number_input(key="qs_yinzi_field").set_value(3).run()  # placeholder rate 10 on field 3
    shown = texts(app)
    assert "23 copper → 2 silver, 3 copper left over" in shown and "(placeholder, not verified)" in shown
    click(app, "qs_compute")
    assert not app.exception
    from companion.yinzi.commands import score_table

    doc = {"exchange_field": 3, "players": values}
    doc["players"][0] = {**values[0], "factories": [1, 3]}
    doc["players"][1] = {**values[1], "progress": {"economy": 2}}
    expected = score_table(doc)
    frame = app.table[0].value
    assert list(frame.columns) == ["Marion", "Tanja"]
    assert list(frame.loc["Total"]) == [str(int(v)) for v in expected.totals]
    assert "Yangtze boats" in frame.index
    # by value instead of by field
    app.radio(key="qs_yinzi_rate_mode").set_value("value").run()
    app.number_input(key="qs_yinzi_value").set_value(12).run()
    assert "23 copper → 1 silver, 11 copper left over" in texts(app)


def test_box_check_takes_the_six_exchange_rates_once(app, fixed_seed):
    app.run()
    app.switch_page("companion/ui/pages/box_check.py").run()
    app.selectbox(key="box_game").set_value("yinzi").run()
    app.selectbox(key="box_fact_yinzi").set_value("exchange.rates").run()
    for i, rate in enumerate([5, 7, 9, 11, 13, 15]):  # one stepper per rate (no JSON)
        app.number_input(key=f"boxf_yinzi_exchange.rates_{i}").set_value(rate).run()
    click(app, "box_save_yinzi_exchange.rates")
    assert open_store().box_overrides("yinzi") == {"exchange.rates": [5, 7, 9, 11, 13, 15]}
    # a new game uses them: no placeholder mark, the die on field 2 shows 7
    app.switch_page("companion/ui/pages/home.py").run()
    start(app, "yinzi", players=3, names=NAMES)
    assert table(app).session.setup["profile"] == {"overrides": {"exchange.rates": [5, 7, 9, 11, 13, 15]}}
    shown = texts(app)
    assert "Values marked ? are placeholders" not in shown
    assert "die on field 2: 7 copper = 1 silver" in shown and "| 5 | **7** | 9 | 11 | 13 | 15 |" in shown


def test_every_option_decision_and_event_reads_in_words():
    """Over a random 3-player playout: every decision, option and event in en/de/nl has a catalog text
    with all placeholders filled (no raw codes, no "{...}")."""
    from companion.core import Event, apply
    from companion.core.chance import pick
    from companion.i18n import has, labels
    from companion.ui.boards import yinzi as board

    game = get_game("yinzi")
    who = ["Anna", "Ben", "Cleo"]
    state = game.initial_state(game.normalize_setup({"players": who, "seed": 3}))
    rng = random.Random(3)
    seen: set[tuple[str, str, str]] = set()
    for n in range(3000):
        decision = game.decision(state)
        if decision is None:
            break
        data = game.to_json(state)
        for lang in ("en", "de", "nl"):

            def describe(p, data=data, lang=lang):
                return board.describe(p, data, lang)

            assert "{" not in labels.kind_label(decision.kind, lang, decision.params, who, describe), decision.kind
            for option in decision.options:
                if (decision.kind, str(option.get("type")), lang) in seen and n % 7:
                    continue
                seen.add((decision.kind, str(option.get("type")), lang))
                text = labels.option_label("yinzi", decision, option, lang, who, describe)
                assert "{" not in text and not text.startswith(option.get("type", "").capitalize() + " ("), (
                    decision.kind,
                    option,
                    text,
                )
        action = pick(decision, rng)
        state, events = apply(game, state, action)
        after = game.to_json(state)
        if not events:  # the log shows the action itself: "<game>.action.<type>"
            params = board.describe({k: v for k, v in action.items() if k != "type"}, after, "nl")
            text = labels.event_text(Event(f"yinzi.action.{action['type']}", params), "nl", who)
            assert "{" not in text and has(f"yinzi.action.{action['type']}", "nl"), (action, text)
        for event in events:
            text = labels.event_text(event, "de", who, lambda p, after=after: board.describe(p, after, "de"))
            assert "{" not in text, (event.code, text)
    assert game.decision(state) is None and len(seen) > 100  # the whole game, to the final scoring
