"""The table mirror (issue 11): "Do this on the table" after every tap, undo says what to put back,
automatic phases walked one step at a time, and the log complete, chronological and numbered once."""

from __future__ import annotations

from companion.core.registry import manifest
from companion.i18n import labels
from companion.ui import dispatch as disp

from .apphelpers import click, draw_setup, option_key, resume, start, step, step_until, table, texts

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
    # (card ids become printed values on screen: the texts without ids are compared word for word, from their
    # second letter: under the player's name the rest of the sentence starts with a capital)
    plain = [text.split(": ", 1)[-1][1:] for text in expected if "card" not in text]
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


# -- issue 20: table moves first, kept until done -------------------------------------------------------------
def _pending(app):
    """The table's pending lines for the open game (not done), as the panel keeps them."""
    from companion.ui.on_table import PENDING

    pend = app.session_state[PENDING][table(app).game_id]
    return [i for i in pend.items if not i.done]


def _shown(item) -> str:
    """A line's words as the panel shows them under the player's name (the rest of the sentence)."""
    text = item.text.split(": ", 1)[1] if item.seat is not None and item.text.startswith(f"{NAMES[item.seat]}: ") \
        else item.text
    return text[1:]  # its first letter may be made a capital


def _to_turns(app) -> None:
    """A 3-player Gùgōng with the setup drawn by the app and every line it left done, at the first turn. The
    start hands stop "draw everything" (the table enters them), so the setup comes in two changes: the first
    walked, the rest (lines for the whole table only) listed under one name."""
    start(app, "gugong", players=3, names=NAMES)
    tab = table(app)
    draw_setup(app)
    while tab.session.decision.kind != "gugong.turn":
        step(app)
    for _ in range(10):  # the walk's "Everything done", then each group's tick, until the list is empty
        ticks = [b.key for b in app.button if b.key and b.key.startswith(("do_all_", "do_everything_", "do_seat_"))]
        if not ticks:
            break
        click(app, ticks[0])
    assert not _pending(app) and tab.session.decision.kind == "gugong.turn"


def _steps_with_lines(app, at_least: int, limit: int = 40) -> list[int]:
    """Play on (first options) until `at_least` steps told the table something; their log positions."""
    tab = table(app)
    make = manifest("gugong").instructions
    found: list[int] = []
    for _ in range(limit):
        if len(found) >= at_least:
            return found
        step(app)
        found += [n for n in range(len(tab.session.log) - 1, len(tab.session.log)) if make(tab.session.events[n])]
    raise AssertionError(f"only {found} in {limit} steps")


def test_lines_of_several_steps_all_stay_listed_until_done(app):
    _to_turns(app)
    first = len(table(app).session.log)
    steps = _steps_with_lines(app, 3)
    kept = _pending(app)
    tab = table(app)
    make = manifest("gugong").instructions
    # every step since the first turn that told the table something, minus what a turn start cleared for its player
    asked_again = {i.seat for i in kept}
    for n in steps:
        for ins in make(tab.session.events[n]):
            still = [i for i in kept if i.step == n and i.ins == ins]
            assert still or ins.seat not in asked_again, (n, ins)
    assert len({i.step for i in kept if i.step >= first}) >= 2  # more than the last tap's lines
    shown = texts(app)
    assert all(_shown(i) in shown for i in kept)
    assert "Nothing to move" not in shown


def test_a_tick_takes_a_players_lines_off(app):
    _to_turns(app)
    _steps_with_lines(app, 2)
    seat = _pending(app)[0].seat
    click(app, next(b.key for b in app.button if b.key and b.key.startswith(f"do_seat_{seat}_")))
    assert not [i for i in _pending(app) if i.seat == seat]
    rest = _pending(app)
    if rest:  # "Everything done" when two or more groups are left, else that one group's tick
        prefix = "do_everything_" if len({i.seat for i in rest}) > 1 else f"do_seat_{rest[0].seat}_"
        click(app, next(b.key for b in app.button if b.key and b.key.startswith(prefix)))
    assert not _pending(app) and "All steps done." in texts(app)


def test_the_next_turn_of_a_player_clears_that_players_lines(app):
    _to_turns(app)
    tab = table(app)
    first = tab.session.decision.player
    step_until(app, lambda a: table(a).session.decision.player != first and not table(a).session.decision.is_chance)
    mine = [i for i in _pending(app) if i.seat == first]
    assert mine, "the first player's turn left lines for the table"
    others = [i for i in _pending(app) if i.seat not in (first, None)]
    step_until(app, lambda a: table(a).session.decision.player == first and table(a).session.decision.kind ==
               "gugong.turn")
    assert not [i for i in _pending(app) if i in mine]  # done: that player's next turn started
    assert all(i in _pending(app) for i in others if i.owner != first)


def test_undo_takes_the_step_off_the_list_and_says_what_to_put_back(app):
    _to_turns(app)
    tab = table(app)
    _steps_with_lines(app, 1)
    while tab.session.last_action_was_chance() or not manifest("gugong").instructions(tab.session.events[-1]):
        step(app)
    undone = len(tab.session.log) - 1
    assert [i for i in _pending(app) if i.step == undone and not i.back]
    click(app, f"undo_{tab.version}")
    kept = _pending(app)
    assert not [i for i in kept if i.step >= undone and not i.back]  # the list matches the log
    back = [i for i in kept if i.back]
    assert back and all(i.step == undone for i in back)
    assert "Put this back on the table" in texts(app)
    click(app, f"redo_{tab.version}")  # redone before it was put back: nothing to put back any more
    assert not [i for i in _pending(app) if i.back]
    assert [i for i in _pending(app) if i.step == undone]


def test_the_layout_checklist_stays_after_taps_until_ticked(app, data_dir):
    start(app, "dragon", players=3, names=NAMES)
    tab = table(app)
    assert "Lay out the box" in [e.label for e in app.expander]
    boxes = [c for c in app.checkbox if c.key and c.key.startswith("setup_")]
    boxes[0].check().run()
    click(app, f"app_chance_{tab.version}")
    click(app, f"app_chance_{tab.version}")
    assert "Lay out the box" in [e.label for e in app.expander]  # still there after taps
    assert app.checkbox(key=boxes[0].key).value and not app.checkbox(key=boxes[1].key).value
    click(app, f"setup_all_{tab.game_id}")
    assert "Lay out the box" not in [e.label for e in app.expander]
    again = resume(tab.game_id)  # a reload: the ticks were saved with the game
    assert "Lay out the box" not in [e.label for e in again.expander]


def test_two_phones_ticking_layout_lines_keep_each_others_ticks(app, data_dir):
    """Each tick changes only the lines tapped, on the game as stored: a second phone that opened the checklist
    before the first one's tick neither undoes it nor keeps showing it unticked."""
    start(app, "dragon", players=3, names=NAMES)
    tab = table(app)
    other = resume(tab.game_id)  # a second phone, open before any tick
    first, second = (f"setup_{tab.game_id}_{n}" for n in (0, 1))
    app.checkbox(key=first).check().run()
    other.checkbox(key=second).check().run()
    assert other.checkbox(key=first).value, "the second phone shows the first phone's tick"
    again = resume(tab.game_id)
    assert again.checkbox(key=first).value and again.checkbox(key=second).value
    other.checkbox(key=first).uncheck().run()
    assert not resume(tab.game_id).checkbox(key=first).value


def test_game_over_offers_the_score_in_one_tap(app):
    start(app, "toy-pig", players=2, names=["Ada", "Bo"], who="table")
    tab = table(app)
    while tab.session.decision is not None:
        v = tab.version
        if tab.session.decision.is_chance:
            app.selectbox(key=f"select_{v}").set_value(5).run()  # a 6
            click(app, f"confirm_{v}")
        else:
            click(app, option_key(app, "Bank" if tab.session.state.turn_total >= 20 else "Again"))
    assert app.button(key="to_score").proto.type == "primary"
    click(app, "to_score")
    assert "Final score" in texts(app) or "final" in texts(app).lower()
    for key in ("score_print", "score_again"):
        assert app.button(key=key)
    click(app, "score_again")  # Home's new-game form filled in with the same game and players
    assert app.selectbox(key="new_game").value == "toy-pig"
    assert [app.text_input(key=f"new_name_{i}").value for i in range(2)] == ["Ada", "Bo"]
