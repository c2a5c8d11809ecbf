"""Small AppTest helpers shared by the UI flow tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest

from companion.ui.dispatch import Table

APP = str(Path(__file__).resolve().parents[2] / "streamlit_app.py")


def new_session(lang: str | None = "en") -> AppTest:
    """A new browser session of the app (not run yet) on the test's data directory, in `lang` if given."""
    at = AppTest.from_file(APP, default_timeout=30)
    if lang is not None:
        at.session_state["lang"] = lang
    return at


def texts(at: AppTest) -> str:
    """Every visible text of the last run, joined (markdown, captions, alerts, titles, buttons)."""
    parts: list[str] = []
    for kind in ("markdown", "caption", "error", "warning", "info", "success", "title", "subheader", "header"):
        parts.extend(str(e.value).replace("\\.", ".") for e in getattr(at, kind))
    parts.extend(b.label for b in at.button)
    return "\n".join(parts)


def keys(at: AppTest) -> list[str]:
    return [b.key for b in at.button]


def table(at: AppTest) -> Table:
    return at.session_state["table"]


def start(
    at: AppTest, game: str, players: int | None = None, names: list[str] | None = None, who: str = "app"
) -> AppTest:
    at.run()
    at.selectbox(key="new_game").set_value(game).run()
    if players is not None:
        at.number_input(key=f"new_{game}_count").set_value(players).run()
    for i, name in enumerate(names or []):
        at.text_input(key=f"new_name_{i}").set_value(name)
    at.radio(key="new_randomness").set_value(who)
    at.button(key="start_game").click().run()
    assert not at.exception, at.exception
    return at


def click(at: AppTest, key: str) -> AppTest:
    at.button(key=key).click().run()
    assert not at.exception, at.exception
    return at


def option_key(at: AppTest, label_part: str) -> str:
    """The key of the option button whose label contains `label_part`."""
    for b in at.button:
        if b.key and b.key.startswith("opt_") and label_part in b.label:
            return b.key
    raise AssertionError(f"no option {label_part!r} among {[b.label for b in at.button]}")


def resume(game_id: str) -> AppTest:
    """A new browser session on the same SQLite file that resumes `game_id` from the Home screen."""
    at = new_session()
    at.run()
    return click(at, f"resume_{game_id}")


def step(at: AppTest, chance: str = "app_chance_all") -> None:
    """One interaction as a player would: the app rolls/draws (button `chance`: every pending chance step, or
    `app_chance` for one), else the first option."""
    tab = table(at)
    decision, v = tab.session.decision, tab.version
    if decision.hidden and f"held_confirm_{v}" not in keys(at):  # Meng's reading of his box: a button per answer
        click(at, f"opt_{v}_0")
    elif decision.hidden:  # what the table holds (a start hand): entered as the first options, on one screen
        click(at, f"held_confirm_{v}")
    elif decision.is_chance:  # Meng's steps have one button that plays his whole turn (pages/meng.turn_panel)
        click(at, f"{chance}_{v}" if f"{chance}_{v}" in keys(at) else f"app_chance_{v}")
    elif len(decision.options) <= 8 or f"opt_{v}_0" in keys(at):  # corrections are offered apart (issue 22)
        click(at, f"opt_{v}_0")
    else:
        at.selectbox(key=f"select_{v}").set_value(0).run()
        click(at, f"confirm_{v}")


def draw_setup(at: AppTest) -> AppTest:
    """The app draws the setup; the table enters what it holds (each start hand: one screen, one tap)."""
    for _ in range(20):
        tab = table(at)
        decision, v = tab.session.decision, tab.version
        if decision is None or not decision.is_chance:
            return at
        draw = f"app_chance_all_{v}" if f"app_chance_all_{v}" in keys(at) else f"app_chance_{v}"  # Meng: his own
        click(at, f"held_confirm_{v}" if decision.hidden else draw)
    raise AssertionError(f"the setup did not end; now {table(at).session.decision}")


def step_until(at: AppTest, done: Callable[[AppTest], bool], limit: int = 200, chance: str = "app_chance_all") -> None:
    for _ in range(limit):
        if done(at):
            return
        step(at, chance)
    raise AssertionError(f"not reached after {limit} steps; now {table(at).session.decision}")


def enter_seen(at: AppTest, version: int, group: str = "", **fields: Any) -> AppTest:
    """"Something else…": each field as the panel asks it (one-tap choices, or a list when long); the last field's
    tap enters the component (a long last field: its list, then the enter button)."""
    from companion.ui.chance import value_key

    *first, last = fields
    for k in first:
        key = f"seen_{group}{k}_{version}"
        widget = next((w for w in [*at.selectbox, *at.button_group] if w.key == key), None)
        assert widget is not None, f"no field {key}"
        widget.set_value(fields[k]).run()
    tap = f"enter_seen_{group}{version}_{value_key(fields[last])}"
    if tap in keys(at):
        return click(at, tap)
    at.selectbox(key=f"seen_{group}{last}_{version}").set_value(fields[last]).run()
    return click(at, f"enter_seen_{group}{version}")


def play_in_engine(at: AppTest, done: Callable[[Any], bool], seed: int = 0, limit: int = 3000) -> AppTest:
    """Random legal moves on the open game in-process (Session.act: no rerun, no save per step) until
    `done(session)`, then one run of the app: the steps before the screen a test looks at, where the taps are
    not the test's point. The next tap the test makes saves the whole game (the store writes the whole log)."""
    import random

    from companion.core.chance import pick

    session, rng = table(at).session, random.Random(seed)
    for _ in range(limit):
        if session.decision is None or done(session):
            break
        session.act(pick(session.decision, rng))
    else:
        raise AssertionError(f"not reached after {limit} moves; now {session.decision}")
    at.run()
    assert not at.exception, at.exception
    return at
