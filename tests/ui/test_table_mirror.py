"""The table mirror (issue 11): "Do this on the table" after every tap, undo says what to put back,
automatic phases walked one step at a time, and the log complete, chronological and numbered once."""

from __future__ import annotations

from companion.core.registry import manifest
from companion.i18n import labels
from companion.ui import dispatch as disp

from .apphelpers import click, draw_setup, start, step, table, texts

NAMES = ["Lisa", "Ben", "Mia"]


def _log_numbers(app) -> list[int]:
    """The step numbers of the log as shown (every page is a choice away; the last is shown)."""
    shown = [m.value for m in app.markdown if m.value[:1].isdigit() and "\\. " in m.value]
    assert shown, "no log on screen"
    return [int(line.split("\\.", 1)[0]) for line in shown[-1].split("\n\n")]


def test_roll_everything_logs_each_step_once_in_order(app):
    start(app, "dragon", players=3, names=NAMES)
    tab = table(app)
    before = len(tab.session.log)
    click(app, f"app_chance_all_{tab.version}")
    steps = len(tab.session.log)
    assert steps > before + 1  # several chance steps at once
    numbers = _log_numbers(app)
    assert numbers == sorted(set(numbers)) and numbers[-1] == steps


def test_roll_everything_keeps_the_session_step_lists_apart(data_dir):
    from companion.core import Session
    from companion.core.registry import get_game

    session = Session.new(get_game("dragon"), {"players": NAMES, "seed": 5})
    tab = disp.Table("x", session)
    out = disp.dispatch(tab, disp.APP_CHANCE_ALL, tab.revision, None)
    assert out.ok
    assert sum(len(e) for e in session.events) == len(out.events)
    assert len(session.events[0]) < len(out.events)  # the first step's list was not extended


def test_every_tap_tells_the_table_what_to_do(app):
    start(app, "gugong", players=3, names=NAMES)
    tab = table(app)
    click(app, f"app_chance_all_{tab.version}")  # the whole setup: many steps for the table, walked
    shown = texts(app)
    assert "Do this on the table" in shown
    assert any(b.key and b.key.startswith("do_done_") for b in app.button)
    click(app, next(b.key for b in app.button if b.key and b.key.startswith("do_all_")))
    assert "All steps done." in texts(app)
    while tab.session.decision.kind != "gugong.turn":
        step(app)
    taps = 0
    while not any(manifest("gugong").instructions(evs) for evs in tab.session.events[-1:]) or taps == 0:
        step(app)
        taps += 1
    assert "new" in texts(app)


def test_undo_says_what_to_put_back_before_and_after(app):
    start(app, "gugong", players=3, names=NAMES)
    tab = table(app)
    while True:
        step(app)
        decision, last, hidden = tab.session.decision, tab.session.events[-1], tab.session.last_action_was_chance()
        if not decision.is_chance and manifest("gugong").instructions(last) and not hidden:
            break
    expected = [labels.instruction_text(i, "en", NAMES, None, undo=True)
                for i in reversed(manifest("gugong").instructions(tab.session.events[-1]))]
    assert "What Undo puts back" in [e.label for e in app.expander]
    click(app, f"undo_{tab.version}")
    shown = texts(app)
    assert "Put this back on the table" in shown
    # (card ids become printed values on screen: the texts without ids are compared word for word)
    plain = [text.split(": ", 1)[-1] for text in expected if "card" not in text]
    assert expected and all(text in shown for text in plain)


def test_new_game_shows_the_layout_checklist(app):
    start(app, "yinzi", players=3, names=NAMES)
    assert "Lay out the box" in [e.label for e in app.expander]
    assert len([c for c in app.checkbox if c.key and c.key.startswith("setup_")]) >= 5


def test_saved_games_say_where_the_game_stands(app):
    start(app, "gugong", players=3, names=NAMES)
    draw_setup(app)  # the app draws, the table enters the start hands
    app.switch_page("companion/ui/pages/home.py").run()
    assert "Day 1 · day phase" in texts(app)


def test_two_players_cannot_share_a_colour(app):
    app.run()
    app.selectbox(key="new_game").set_value("gugong").run()
    app.selectbox(key="new_gugong_colour_1").set_value("red").run()
    assert "the same colour" in texts(app)
    assert app.button(key="start_game").disabled
