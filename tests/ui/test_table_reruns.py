"""The Table screen's expensive parts are made once per game state (issue 23), never shown stale.

A rerun that changed nothing (a fold opened, a tap on another device's screen) finds the option labels, the box
facts' names and the board's tables made; a move, an undo, another device's move and another language make
them again, so the screen always shows the game as it stands.
"""

from __future__ import annotations

from companion.core import profile
from companion.core.registry import manifest
from companion.i18n import labels, t
from companion.storage import open_store
from companion.ui import context, folds
from companion.ui.boards import gugong as gugong_board
from companion.ui.dispatch import Table, dispatch

from .apphelpers import click, keys, start, step, step_until, table, texts

NAMES = ["Anna", "Ben", "Mia"]


def _counting(monkeypatch, module, name: str) -> list[int]:
    calls = [0]
    original = getattr(module, name)

    def counted(*args, **kwargs):
        calls[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def _to_turn(app) -> None:
    for _ in range(80):
        if table(app).session.decision.kind == "gugong.turn":
            return
        step(app)
    raise AssertionError("no turn reached")


def _shows_current(app) -> None:
    """The decision's buttons are the current step's (their keys carry its version) and the board's heading is
    the current state's."""
    tab = table(app)
    version = tab.session.version
    asked = [k for k in keys(app) if k.startswith(("opt_", "gg_card_", "app_chance_", "held_confirm_"))]
    assert asked and all(k.split("_")[-2 if k.startswith(("opt_", "gg_card_")) else -1] == str(version)
                         for k in asked), (version, asked)
    heading = gugong_board._heading(manifest("gugong").view(tab.session.state), "en")
    assert heading in [str(c.value) for c in app.caption]


def test_a_rerun_that_changed_nothing_makes_nothing_again(app, monkeypatch):
    start(app, "gugong", players=3, names=NAMES)
    _to_turn(app)
    app.run()
    options = _counting(monkeypatch, labels, "option_label")
    frames = _counting(monkeypatch, gugong_board, "_held")  # a players table being built
    profiles = _counting(monkeypatch, profile, "load_default")
    app.run()
    app.run()
    assert not app.exception, app.exception
    assert options[0] == 0 and frames[0] == 0 and profiles[0] == 0
    step(app)  # a move: made again for the new state
    assert options[0] > 0
    # the board's tables are made again when what they show moved (a step that leaves the board as it was,
    # such as choosing among a turn's options, finds them made: they are found by the view's content too)
    shown = manifest("gugong").view(table(app).session.state)
    for _ in range(10):
        made = frames[0]
        step(app)
        now = manifest("gugong").view(table(app).session.state)
        if now != shown:
            assert frames[0] > made
            break
        assert frames[0] == made
    else:
        raise AssertionError("the board never moved")


def test_a_move_an_undo_and_another_language_make_the_screen_again(app):
    start(app, "gugong", players=3, names=NAMES)
    _to_turn(app)
    version = table(app).version
    _shows_current(app)
    step(app)  # a move: the next question
    assert table(app).version == version + 1
    _shows_current(app)
    click(app, f"undo_{version + 1}")  # the undo: the question of before
    assert table(app).version == version
    _shows_current(app)
    english = texts(app)
    app.session_state[context.LANG] = "de"
    app.run()
    assert not app.exception, app.exception
    assert texts(app) != english and t("ui.undo", "de") in texts(app)


def test_another_devices_move_is_shown_at_once(app):
    start(app, "gugong", players=3, names=NAMES)
    _to_turn(app)
    tab = table(app)
    app.run()  # drawn, and its parts made
    store = open_store()
    session, row = store.load_game(tab.game_id, owner=tab.owner)
    other = Table(row.id, session, row.title, row.meta, owner=row.owner, revision=row.revision)
    assert dispatch(other, session.decision.options[0], other.revision, store).ok  # the other phone moves
    session, row = store.load_game(tab.game_id, owner=tab.owner)
    app.session_state["table"] = Table(row.id, session, row.title, row.meta, owner=row.owner, revision=row.revision)
    app.run()  # what the follow's push does: the stored game, then the screen
    assert not app.exception, app.exception
    assert table(app).session.version == tab.session.version + 1
    _shows_current(app)


def test_on_a_phone_the_checklist_and_the_moves_rule_cards_are_drawn_only_when_opened(app, monkeypatch):
    monkeypatch.setattr(folds, "is_phone", lambda: True)
    start(app, "dragon", players=3, names=NAMES)
    tab = table(app)
    setup_boxes = lambda: [c for c in app.checkbox if c.key and c.key.startswith(f"setup_{tab.game_id}_")]  # noqa: E731
    assert setup_boxes(), "a new game: the checklist open above the first question"
    step(app)  # the game has begun: folded, its boxes not drawn
    assert "Lay out the box" in [e.label for e in app.expander] and not setup_boxes()
    app.session_state[f"setup_fold_{tab.game_id}"] = True  # the fold opened
    app.run()
    assert setup_boxes()
    said = {t("rulecard.moves", "en", n=n) for n in (1, 2, 3)}
    cards = [e for e in app.expander if e.label in said]
    assert cards and not any(e.markdown for e in cards), "the moves' rule cards: drawn only when opened"
    assert not next(e for e in app.expander if e.label == t("ui.event_log", "en")).markdown  # the log folded too


def _expander(app, label: str):
    return next(e for e in app.expander if e.label == label)


def test_on_a_phone_the_closed_parts_of_a_game_screen_are_drawn_only_when_opened(app, monkeypatch):
    """Something else…, the move by hand, the undo preview and the resume panel start closed: on a phone a tap's
    run does not send their insides (issue 23); opened, they are drawn as before."""
    monkeypatch.setattr(folds, "is_phone", lambda: True)
    start(app, "gugong", players=3, names=NAMES)
    step_until(app, lambda a: table(a).session.decision.hidden)  # a start hand to enter: Something else… offered
    tab = table(app)
    decision = tab.session.decision
    other = f"something_else_{tab.game_id}_{decision.kind}_"
    closed = [t("box.something_else", "en"), t("ui.manual_entry", "en"), t("ui.resume_and_save", "en")]
    assert all(not _expander(app, label).children for label in closed), "closed: nothing inside is sent"
    assert not [k for k in keys(app) if k.startswith(("enter_seen_", "manual_send_"))]
    for key in (other, "manual_fold", "resume_fold"):
        app.session_state[key] = True  # opened
    app.run()
    assert not app.exception, app.exception
    v = table(app).version
    assert f"manual_send_{v}" in keys(app) and any(k.startswith(f"enter_seen_{v}_") for k in keys(app))
    assert "download_save" in [b.key for b in app.get("download_button")]
    step(app)  # a move: the undo preview is offered, closed, its lines not drawn until opened
    preview = _expander(app, t("table.do.undo_preview", "en"))
    assert not preview.markdown
    app.session_state["undo_preview_fold"] = True
    app.run()
    assert _expander(app, t("table.do.undo_preview", "en")).markdown


def test_on_a_laptop_the_closed_parts_are_drawn_as_before(app):
    start(app, "gugong", players=3, names=NAMES)
    step_until(app, lambda a: table(a).session.decision.hidden)
    v = table(app).version
    assert f"manual_send_{v}" in keys(app) and any(k.startswith(f"enter_seen_{v}_") for k in keys(app))
