"""The issue's AppTest flows with Gùgōng: day 1 to the night through the UI, undo/redo, a refusal,
reload from SQLite and continue, quick score of a prepared end-of-game table.
"""

from __future__ import annotations

import json
from functools import partial

from streamlit.testing.v1 import AppTest

from companion.core import codec
from companion.core.registry import get_game
from companion.storage import open_store

from . import apphelpers
from .apphelpers import click, play_in_engine, resume, start, step_until, table, texts

NAMES = ["Lisa", "Ben", "Mia"]


def events(at: AppTest) -> list[str]:
    return [e.code for evs in table(at).session.events for e in evs]


# One interaction the way a player would: the app rolls/draws one chance step at a time, else the first option.
step = partial(apphelpers.step, chance="app_chance")


def play_until(at: AppTest, code: str, limit: int = 300) -> None:
    step_until(at, lambda at: code in events(at), limit, chance="app_chance")


def test_three_players_day_one_to_the_night_phase(app):
    start(app, "gugong", players=3, names=NAMES)
    assert "Gùgōng" in texts(app)
    play_until(app, "gugong.event.day_end")
    tab = table(app)
    day_end = [e for evs in tab.session.events for e in evs if e.code == "gugong.event.day_end"]
    assert day_end[0].params["day"] == 1
    assert open_store().load_game(tab.game_id)[0].log == tab.session.log
    shown = texts(app)
    assert "Day 1" in shown or "Day 2" in shown
    players = app.table[0].value  # the board summary
    assert list(players.columns) == NAMES


def test_new_game_options_reach_the_engine(app):
    app.run()
    app.selectbox(key="new_game").set_value("gugong").run()
    app.toggle(key="new_gugong_expert").set_value(True).run()
    app.toggle(key="new_gugong_bonus_tiles").set_value(True).run()
    click(app, "start_game")
    assert table(app).session.setup["expert"] is True and table(app).session.setup["bonus_tiles"] is True


def test_refusal_undo_redo_and_reload(app):
    start(app, "gugong", players=3, names=NAMES)
    play_in_engine(app, lambda s: s.decision.kind == "gugong.turn")  # to the first player's turn
    tab = table(app)
    v, log = tab.version, list(tab.session.log)
    app.text_input(key=f"manual_{v}").set_value('{"type": "location", "opt": "A"}')
    click(app, f"manual_send_{v}")
    shown = app.error[0].value
    assert "exchange" in shown.lower() and "gugong-de" not in shown
    # the card of the rule it cites, its rulebook named in the reader's words, never the internal id (issues 11, 21)
    card = [e for e in app.expander if e.label == "Rule behind this message"]
    assert len(card) == 1
    reference = " ".join(str(c.value) for c in card[0].caption)
    assert "Gùgōng rulebook (German)" in reference and "gugong-de" not in reference
    assert table(app).session.log == log and table(app).version == v
    step(app)
    step(app)
    after = list(table(app).session.log)
    click(app, f"undo_{v + 2}")
    assert table(app).session.log == after[:-1]
    click(app, f"redo_{v + 1}")
    assert table(app).session.log == after
    # a new session on the same SQLite file resumes and continues
    other = resume(tab.game_id)
    assert table(other).session.log == after
    step(other)
    assert open_store().load_game(tab.game_id)[0].log[: len(after)] == after
    assert len(open_store().load_game(tab.game_id)[0].log) == len(after) + 1


EXAMPLE = {
    "format": "gugong-end-table",
    "version": 1,
    "players": [
        {
            "name": "Anna",
            "vp": 38,
            "wall_servants": 0,
            "envoy_steps": 8,
            "palace_arrival": 1,
            "jade": 7,
            "intrigue": 6,
            "decrees": ["eight_vp", "vp_per_3_vp"],
            "decree_servants": 3,
            "port_servants": 1,
        },
        {
            "name": "Lisa",
            "vp": 41,
            "wall_servants": 2,
            "envoy_steps": 8,
            "palace_arrival": 2,
            "jade": 3,
            "intrigue": 9,
            "intrigue_height": 1,
            "decrees": ["eight_vp"],
            "decree_servants": 2,
            "port_servants": 2,
        },
        {
            "name": "Sebastian",
            "vp": 24,
            "wall_servants": 0,
            "wall_double_servant": True,
            "envoy_steps": 7,
            "jade": 2,
            "intrigue": 9,
            "intrigue_height": 2,
            "decrees": ["vp_per_3_vp", "eight_vp"],
            "decree_servants": 4,
            "port_servants": 0,
        },
        {
            "name": "David",
            "vp": 52,
            "wall_servants": 1,
            "envoy_steps": 5,
            "jade": 4,
            "intrigue": 12,
            "decrees": [],
            "decree_servants": 1,
            "port_servants": 3,
        },
    ],
}


def _quick_page(app: AppTest) -> AppTest:
    app.run()
    app.switch_page("companion/ui/pages/quick_score.py").run()
    app.selectbox(key="qs_game").set_value("gugong").run()
    return app


def test_quick_score_of_a_prepared_table_by_form(app):
    """docs/gugong-end-table.md, full example: totals 82, 60, 50, 0; Anna wins."""
    _quick_page(app)
    app.number_input(key="qs_gugong_count").set_value(4).run()
    for seat, player in enumerate(EXAMPLE["players"]):
        for field, value in player.items():
            key = f"qs_gugong_{seat}_{field}"
            widget = app.get_by_key(key) if hasattr(app, "get_by_key") else None
            if widget is None:
                raise AssertionError(key)
            widget.set_value(value)
    app.run()
    click(app, "qs_compute")
    frame = app.table[0].value
    assert list(frame.columns) == ["Anna", "Lisa", "Sebastian", "David"]
    assert list(frame.loc["Total"]) == ["82", "60", "50", "0"]
    assert "Winner: Anna" in texts(app)


def test_quick_score_from_a_file_and_a_refused_file(app):
    _quick_page(app)
    app.radio(key="qs_entry").set_value("file").run()
    app.file_uploader(key="qs_file").upload("t.json", json.dumps(EXAMPLE).encode(), "application/json").run()
    assert list(app.table[0].value.loc["Total"]) == ["82", "60", "50", "0"]
    broken = json.loads(json.dumps(EXAMPLE))
    broken["players"][0]["intrigue"] = 99
    app.file_uploader(key="qs_file").upload("t.json", json.dumps(broken).encode(), "application/json").run()
    assert app.error and not app.table


def test_resume_token_of_a_gugong_game_fits_in_the_link(app):
    start(app, "gugong", players=3, names=NAMES)
    played = len(table(app).session.log)
    play_in_engine(app, lambda s: len(s.log) >= played + 30)  # 30 steps in: the link is the point, not the taps
    app.toggle(key="show_resume").set_value(True).run()
    token = codec.to_token(table(app).session)
    link = app.code[0].value
    assert len(token) < 400 and link.endswith(f"&g={table(app).game_id}&r={token}")
    assert app.get("imgs") or app.get("image")


def test_final_score_of_a_finished_game(app):
    from companion.core import Session
    from companion.core.playout import playout

    done = playout(get_game("gugong"), {"players": NAMES, "seed": 4}, seed=4)
    assert done.completed
    session = Session.from_log(get_game("gugong"), done.setup, done.log)
    store = open_store()
    row = store.create_game(session, owner=store.home_table(), title="finished game")
    app.run()
    click(app, f"resume_{row.id}")
    assert "Game over" in app.subheader[0].value
    app.switch_page("companion/ui/pages/score.py").run()
    shown = texts(app)
    assert "Final score" in shown
    sheet = session.game.score(session.state)
    frame = app.table[0].value
    assert list(frame.loc["Total"]) == [str(int(v)) if float(v).is_integer() else str(v) for v in sheet.totals]
    if sheet.winners:
        assert any(NAMES[i] in shown for i in sheet.winners)


def test_shown_title_swaps_the_game_name_prefix(monkeypatch):
    from companion.ui import context

    monkeypatch.setattr(context, "lang", lambda: "de")
    english = "In the Year of the Dragon · Anna, Benno"
    assert context.shown_title("dragon", english) == "Im Jahr des Drachen · Anna, Benno"
    assert context.shown_title("dragon", "Im Jahr des Drachen · Anna") == "Im Jahr des Drachen · Anna"
    assert context.shown_title("dragon", "My own title") == "My own title"
