"""Parts made once per game state for every screen of the process (issue 23): the screens following a game at one
state share one computation; another seat, language or state gets its own; after a move or an undo nothing
stale shows; a hidden hand never reaches another seat's screen."""

from __future__ import annotations

import threading
import time

from companion.i18n import labels, t
from companion.ui import shared_parts
from companion.ui.dispatch import UNDO, dispatch
from companion.ui.shared_parts import PARTS, Parts

from .apphelpers import click, new_session, table, texts
from .test_private_hands import _gugong_hands, _on_seat, _row
from .test_table_mirror import _pending, _steps_with_lines, _to_turns


class State:
    """A game state: compared by identity, as the engines' states are."""


def test_one_state_one_computation_another_state_its_own():
    parts, calls = Parts(), []
    one, two = State(), State()

    def make(tag: str):
        return lambda: calls.append(tag) or tag

    assert parts.get(("labels", "g", id(one)), one, make("one")) == "one"
    assert parts.get(("labels", "g", id(one)), one, make("again")) == "one"
    assert parts.get(("labels", "g", id(two)), two, make("two")) == "two"
    assert calls == ["one", "two"] and parts.made == 2


def test_a_kept_id_of_a_state_gone_is_never_another_states():
    parts = Parts()
    one = State()
    parts.get(("x", id(one)), one, lambda: "one")
    other = State()  # were `one` gone and its id reused, the part held is still `one`'s: not `other`'s
    assert parts.get(("x", id(one)), other, lambda: "other") == "other"


def test_only_a_few_parts_are_kept():
    parts = Parts(kept=3)
    states = [State() for _ in range(5)]
    for n, state in enumerate(states):
        parts.get(("x", n), state, lambda n=n: n)
    assert len(parts._parts) == 3
    assert parts.get(("x", 0), states[0], lambda: "again") == "again"  # the oldest was dropped: made again


def test_two_screens_asking_at_once_wait_for_one_computation():
    parts, calls = Parts(), []
    state = State()

    def slow() -> str:
        calls.append(1)
        time.sleep(0.05)
        return "made"

    got: list[str] = []
    threads = [threading.Thread(target=lambda: got.append(parts.get(("x",), state, slow))) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert got == ["made"] * 4 and len(calls) == 1


def test_the_viewer_the_language_and_the_marks_are_in_the_key(monkeypatch):
    state, calls = State(), []
    monkeypatch.setattr(shared_parts, "PARTS", Parts())
    shown = {"seat": None, "lang": "en"}
    monkeypatch.setattr(shared_parts, "viewer", lambda: shown["seat"])
    monkeypatch.setattr(shared_parts, "language", lambda: shown["lang"])

    def part() -> tuple:
        return shared_parts.per_state("hand", "g", state, lambda: calls.append(dict(shown)) or dict(shown))

    assert part() == {"seat": None, "lang": "en"}
    shown["seat"] = 0  # seat 0's phone: never the table screen's part, nor seat 1's
    assert part() == {"seat": 0, "lang": "en"}
    shown["seat"] = 1
    assert part() == {"seat": 1, "lang": "en"}
    shown["lang"] = "de"
    assert part() == {"seat": 1, "lang": "de"}
    token = labels._MARKS_SHOWN.set(not labels.marks_shown())
    try:
        part()
    finally:
        labels._MARKS_SHOWN.reset(token)
    assert len(calls) == 5
    assert part() == {"seat": 1, "lang": "de"} and len(calls) == 5


# -- the app: screens following one game ------------------------------------------------------------------
def _open(game_id: str, lang: str = "en"):
    """Another browser session (a second phone) on the same stored game, at its Table screen."""
    at = new_session(lang)
    at.run()
    return click(at, f"resume_{game_id}")


def _move(app) -> None:
    _steps_with_lines(app, 1)


def test_screens_following_a_game_compute_its_parts_once_a_move(app, monkeypatch):
    _to_turns(app)
    _steps_with_lines(app, 1)
    followers = [_open(table(app).game_id) for _ in range(3)]
    german = _open(table(app).game_id, "de")
    worded = []
    real = labels.option_label
    monkeypatch.setattr(labels, "option_label", lambda *a, **k: worded.append(1) or real(*a, **k))
    _move(app)  # another device moves: each screen's next run follows it
    followers[0].run()
    made, labelled = PARTS.made, len(worded)
    assert made and labelled  # the first screen at the new state made its parts
    for screen in followers[1:]:
        screen.run()
        assert table(screen).session.state is table(followers[0]).session.state  # one shared replay
    assert PARTS.made == made and len(worded) == labelled  # the other screens found them made
    shown = [texts(s) for s in followers]
    assert len(set(shown)) == 1
    assert [(i.ident, i.text) for i in _pending(followers[2])] == [(i.ident, i.text) for i in _pending(app)]
    german.run()  # the same state in another language: its own words
    assert PARTS.made > made and len(worded) > labelled
    assert t("table.do.title", "de") in texts(german) and t("table.do.title", "en") not in texts(german)


def test_after_a_move_and_an_undo_a_follower_shows_the_game_as_it_is(app):
    _to_turns(app)
    _steps_with_lines(app, 1)
    follower = _open(table(app).game_id)
    before = texts(follower)
    _move(app)
    follower.run()
    moved = texts(follower)
    assert moved != before
    assert texts(_open(table(app).game_id)) == moved  # what a fresh screen shows at this revision
    store = table(app)
    assert dispatch(store, UNDO, store.revision, _store()).ok  # the player takes the step back
    app.run()
    follower.run()
    undone = texts(follower)
    assert table(follower).revision == table(app).revision and table(follower).session.log == table(app).session.log
    assert undone == texts(_open(table(app).game_id))
    assert [(i.ident, i.text) for i in _pending(follower)] == [(i.ident, i.text) for i in _pending(app)]


def _store():
    from companion.ui.context import shared_store

    return shared_store()


def test_a_seats_hand_never_shows_on_another_seats_phone(app):
    _to_turns(app)
    game_id = table(app).game_id
    phones = [_on_seat(_open(game_id), seat) for seat in range(3)]
    _move(app)
    hands = _gugong_hands(app)
    for seat, phone in enumerate(phones):
        phone.run()
        assert table(phone).session.state is table(phones[0]).session.state  # one state, three phones
        own = _row(phone, t("ui.gg.hand", "en"))
        assert len(own) == 1, own  # its own player's column only
        assert [int(v.strip("?")) for v in own[0].split(", ")] == hands[seat], (seat, own)
