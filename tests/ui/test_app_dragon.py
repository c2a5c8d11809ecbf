"""In the Year of the Dragon through the app (streamlit.testing AppTest).

The issue's flow: a 3-player game through the first two months and into month 3, whose event
forces releases (months 1 and 2 are always Peace, rulebook "Spielvorbereitung", so the first
event with releases is month 3's; the table lays Contagion there), undo and redo of a release,
resume from SQLite in a new session; the new-game options, the table mirror in three
languages, the score sheet per month, quick score of the rulebook's end table.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from companion.storage import open_store

from .apphelpers import click, resume, start, step, table, texts

NAMES = ["Anna", "Benno", "Clara"]
DATA = Path(__file__).resolve().parents[1] / "dragon" / "data"
TABLE_PAGE = "companion/ui/pages/table.py"


def events(at: AppTest) -> list[tuple[str, dict]]:
    return [(e.code, e.params) for evs in table(at).session.events for e in evs]


def words(at: AppTest) -> str:
    """Everything a player reads: texts, widget labels and options, table labels."""
    parts = [texts(at)]
    for kind in ("radio", "selectbox", "toggle", "number_input", "text_input"):
        for widget in getattr(at, kind):
            parts.append(str(widget.label))
            parts.extend(str(o) for o in getattr(widget, "options", []))
    for frame in at.table:
        parts.extend(str(x) for x in [*frame.value.index, *frame.value.columns])
    return "\n".join(parts)


def no_raw_keys(at: AppTest) -> None:
    shown = words(at)
    assert "dragon." not in shown and "ui." not in shown, [w for w in shown.split("\n") if "dragon." in w][:5]


def lay_contagion_in_month_3(at: AppTest) -> None:
    """The table lays the event tiles: Contagion on field 3 (entered by hand), the app draws the rest."""
    tab = table(at)
    decision, v = tab.session.decision, tab.version
    assert decision.kind == "dragon.event_field" and decision.params["i"] == 2
    at.radio(key=f"chance_mode_{v}").set_value("table").run()
    index = next(i for i, o in enumerate(decision.options) if o["event"] == "contagion")
    at.selectbox(key=f"select_{v}").set_value(index).run()
    click(at, f"confirm_{v}")
    assert table(at).session.state.events[2] == "contagion"
    v = table(at).version
    at.radio(key=f"chance_mode_{v}").set_value("app").run()
    click(at, f"app_chance_all_{v}")


def test_three_players_two_months_and_a_contagion_with_undo_and_resume(app):
    start(app, "dragon", players=3, names=NAMES)
    assert "In the Year of the Dragon" in texts(app)
    lay_contagion_in_month_3(app)
    assert "Take two different younger persons" in texts(app)  # the opening picks
    v = table(app).version
    assert "Craftsman + Court lady" in app.selectbox(key=f"select_{v}").options  # in the table's words
    for _ in range(120):  # months 1 and 2, then month 3 up to its event
        state = table(app).session.state
        if state.month == 3 and state.phase == "event":
            break
        step(app)
    state = table(app).session.state
    assert state.month == 3 and state.phase == "event"
    codes = [c for c, _ in events(app)]
    assert codes.count("dragon.round_scored") == 2 * 3, "two monthly scorings for three players"
    assert ("dragon.event_resolved", {"month": 3, "event": "contagion", "repeat": False}) in events(app)
    tab = table(app)
    decision = tab.session.decision
    assert decision.kind == "dragon.release" and decision.params["why"] == "contagion"
    no_raw_keys(app)
    shown = texts(app)
    assert "Month 3" in shown and "Event phase" in shown  # banner: month and phase in words
    assert "(contagion)" in shown and "**Palace 1 (" in shown  # the question and its options, under their palace
    board = app.table[0].value
    assert list(board.columns) == NAMES and "Person cards in hand" in board.index
    assert list(board.loc["Person cards in hand"]) == ["8", "8", "8"]  # 11 cards, one played in each of months 1-3
    # release one person, undo it, redo it
    seat = decision.player
    persons = list(tab.session.state.players[seat].persons())
    v = tab.version
    click(app, f"opt_{v}_0")
    assert len(table(app).session.state.players[seat].persons()) == len(persons) - 1
    assert any(c == "dragon.released" for c, _ in events(app)[-3:])
    after = list(table(app).session.log)
    click(app, f"undo_{v + 1}")
    assert table(app).session.state.players[seat].persons() == persons
    click(app, f"redo_{v}")
    assert table(app).session.log == after
    # a new session on the same SQLite file resumes and continues
    assert open_store().load_game(tab.game_id)[0].log == after
    other = resume(tab.game_id)
    assert table(other).session.log == after
    step(other)
    stored = open_store().load_game(tab.game_id)[0].log
    assert stored[: len(after)] == after and len(stored) == len(after) + 1


def test_new_game_options_reach_the_engine(app):
    app.run()
    app.selectbox(key="new_game").set_value("dragon").run()
    app.toggle(key="new_dragon_great_wall").set_value(True).run()
    app.radio(key="new_dragon_super_event").set_value("chosen").run()
    for lang in ("de", "nl", "en"):
        app.selectbox(key="_sidebar_lang").set_value(lang).run()
        no_raw_keys(app)
    app.selectbox(key="new_dragon_super_event_chosen").set_value("flood").run()
    app.radio(key="new_dragon_edition").set_value("2007").run()
    click(app, "start_game")
    setup = table(app).session.setup
    assert setup["great_wall"] is True and setup["super_event"] == "flood" and setup["edition"] == "2007"
    shown = texts(app)
    assert "Super event (month 7): Flood" in shown and "Wall: 0 of 12" in shown
    assert "large privilege 6 yuan" in shown
    assert table(app).session.state.comp.large_cost == 6


def test_hidden_super_event_stays_hidden(app):
    app.run()
    app.selectbox(key="new_game").set_value("dragon").run()
    app.radio(key="new_dragon_super_event").set_value("hidden").run()
    click(app, "start_game")
    assert table(app).session.setup["super_event"] == "hidden"
    assert "hidden until month 7" in texts(app)


def test_table_screen_in_german_and_dutch(app):
    start(app, "dragon", players=3, names=NAMES)
    for _ in range(12):  # through the setup into the opening picks
        if table(app).session.decision.kind == "dragon.place":
            break
        step(app)
    for lang, expected in (
        ("de", ("Ereignisse", "Personenkarten auf der Hand", "Palast 1", "Ruhe", "Spielvorbereitung")),
        ("nl", ("Gebeurtenissen", "Personenkaarten in de hand", "paleis 1", "Rust", "Voorbereiding")),
        ("en", ("Events", "Person cards in hand", "palace 1", "Peace", "Setup")),
    ):
        app.selectbox(key="_sidebar_lang").set_value(lang).run()
        assert not app.exception
        shown = words(app)
        for word in expected:
            assert word in shown, (lang, word)
        no_raw_keys(app)


def test_score_page_shows_each_category_per_month(app):
    start(app, "dragon", players=3, names=NAMES)
    for _ in range(60):
        if table(app).session.state.month == 2:
            break
        step(app)
    app.switch_page("companion/ui/pages/score.py").run()
    assert not app.exception
    sheet = app.table[0].value
    assert "Palaces (monthly)" in sheet.index and list(sheet.columns) == NAMES
    assert "Per month" in texts(app)
    no_raw_keys(app)
    per_month = app.table[1].value  # the first player's tab
    assert list(per_month.columns) == ["1", "2"] and "Month total" in per_month.index
    # month 1's scoring: 2 VP for the two palaces each player still has
    assert per_month.loc["Palaces (monthly)", "1"] == "2"


def fill_quick_score(app: AppTest, players: list[dict]) -> None:
    """Enter each player's end-of-game table into the quick-score form, as the file would have it."""
    for seat, player in enumerate(players):
        for field, value in player.items():
            if field == "palaces":
                app.number_input(key=f"qs_dragon_{seat}_palaces_n").set_value(len(value)).run()
                for i, palace in enumerate(value):
                    app.number_input(key=f"qs_dragon_{seat}_palaces_{i}_floors").set_value(palace["floors"])
                    for j, tile in enumerate(palace["persons"]):
                        app.selectbox(key=f"qs_dragon_{seat}_palaces_{i}_p{j}").set_value(tile)
            else:
                app.get_by_key(f"qs_dragon_{seat}_{field}").set_value(value)
    app.run()


def test_quick_score_of_the_rulebook_end_table_by_form(app):
    """Spielende: Benno's final 25 (14 persons + 8 monks + 3 money) on 72 VP, the example table."""
    example = json.loads((DATA / "benno_end_table.json").read_text(encoding="utf-8"))
    app.run()
    app.switch_page("companion/ui/pages/quick_score.py").run()
    app.selectbox(key="qs_game").set_value("dragon").run()
    app.number_input(key="qs_dragon_count").set_value(2).run()
    shown = texts(app) + "\n".join(n.label for n in app.number_input)
    assert "Person points (track)" in shown and "Palaces" in shown
    fill_quick_score(app, example["players"])
    assert "Farmer (older)" in "\n".join(o for s in app.selectbox for o in s.options)
    click(app, "qs_compute")
    frame = app.table[0].value
    assert list(frame.columns) == ["Anna", "Benno"]
    assert list(frame.loc["Total"]) == ["88", "97"]
    assert list(frame.loc["Persons (2 each)"]) == ["8", "14"]
    assert "Winner: Benno" in texts(app)


def test_quick_score_with_the_great_walls_final_scoring(app):
    """docs/dragon-end-table.md: `great_wall: {complete}` (final wall scoring not yet on the track) by form,
    no file upload. Complete: 1 VP per own wall piece (Anna 2, Benno 3 added to the example's 88 / 97);
    incomplete: no points, the note; not played: no wall row. Labels in en/de/nl."""
    example = json.loads((DATA / "benno_end_table.json").read_text(encoding="utf-8"))
    players = [{**p, "wall_pieces": n} for p, n in zip(example["players"], (2, 3), strict=True)]
    app.run()
    app.switch_page("companion/ui/pages/quick_score.py").run()
    app.selectbox(key="qs_game").set_value("dragon").run()
    app.number_input(key="qs_dragon_count").set_value(2).run()
    fill_quick_score(app, players)
    wall = app.radio(key="qs_dragon_wall_final")
    assert wall.label == "The Great Wall: final wall scoring" and wall.value == "none"
    assert "Wall complete (12 pieces)" in wall.options
    click(app, "qs_compute")
    frame = app.table[0].value
    assert list(frame.loc["Total"]) == ["88", "97"] and "Final wall scoring" not in frame.index

    app.radio(key="qs_dragon_wall_final").set_value("complete").run()
    click(app, "qs_compute")
    frame = app.table[0].value
    assert list(frame.loc["Final wall scoring"]) == ["2", "3"]
    assert list(frame.loc["Total"]) == ["90", "100"]

    app.radio(key="qs_dragon_wall_final").set_value("incomplete").run()
    click(app, "qs_compute")
    frame = app.table[0].value
    assert list(frame.loc["Final wall scoring"]) == ["0", "0"] and list(frame.loc["Total"]) == ["88", "97"]
    assert "The wall is incomplete" in texts(app)
    wall_labels = {"de": "Die chinesische Mauer: letzte Mauer-Wertung", "nl": "De Chinese Muur: laatste muurtelling"}
    for lang, label in wall_labels.items():
        app.selectbox(key="_sidebar_lang").set_value(lang).run()
        assert app.radio(key="qs_dragon_wall_final").label == label
        no_raw_keys(app)


SETUPS = [(True, "earthquake"), (True, "flood"), (False, "sunrise"), (True, "charter"), (False, "tornado")]


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_every_question_option_and_event_reads_as_words(lang):
    """Labels through the board's `describe` for playouts with both expansions: no codes, no braces."""
    from companion.core import Session
    from companion.core.playout import playout
    from companion.dragon.engine import GAME
    from companion.i18n import labels
    from companion.i18n.words.dragon import describe

    def check(text: str) -> None:
        assert not any(bad in text for bad in ("{", "dragon.", "_", ":young", ":old", "None")), text

    for seed, (wall, super_event) in enumerate(SETUPS):
        setup = {"players": NAMES, "great_wall": wall, "super_event": super_event}
        result = playout(GAME, setup, seed=seed)
        session = Session.new(GAME, result.setup)
        for action in result.log:
            decision, data = session.decision, GAME.to_json(session.state)

            def hook(params, data=data):
                return describe(params, data, lang)

            check(labels.kind_label(decision.kind, lang, decision.params, NAMES, hook))
            for option in decision.options:
                check(labels.option_label("dragon", decision, option, lang, NAMES, hook))
            for event in session.act(action):
                check(labels.event_text(event, lang, NAMES, hook))
