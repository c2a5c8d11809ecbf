"""AppTest flows on the generic shell, driven with the toy game (any registered engine works the same)."""

from __future__ import annotations

import json

from companion.core import codec
from companion.i18n import t
from companion.storage import open_store

from .apphelpers import click, keys, new_session, option_key, resume, start, table, texts

PAGES = {
    "home": "companion/ui/pages/home.py",
    "table": "companion/ui/pages/table.py",
    "score": "companion/ui/pages/score.py",
    "quick": "companion/ui/pages/quick_score.py",
    "box": "companion/ui/pages/box_check.py",
    "settings": "companion/ui/pages/settings.py",
    "meng": "companion/ui/pages/meng.py",
}


def test_start_roll_and_bank_updates_banner_and_log(app):
    start(app, "toy-pig", players=2, names=["Ada", "Bo"])
    assert "The app rolls or draws" in app.subheader[0].value  # as chosen for this game (issue 11: no contradiction)
    v = table(app).version
    click(app, f"app_chance_{v}")
    tab = table(app)
    assert len(tab.session.log) == 1
    if not tab.session.decision.is_chance:  # not a 1: Ada decides
        assert "Ada's turn" in app.subheader[0].value
        click(app, option_key(app, "Bank"))
        assert "1. " in texts(app) and "2. Banked" in texts(app)
    assert open_store().load_game(tab.game_id)[0].log == tab.session.log


def test_table_entry_of_a_chance_outcome(app):
    start(app, "toy-pig", players=2, who="table")
    app.selectbox(key="select_0").set_value(3).run()  # the fourth outcome: a 4
    click(app, "confirm_0")
    assert table(app).session.log == [{"type": "roll", "value": 4}]
    assert "Rolled (value 4)" in texts(app)


def test_illegal_choice_shows_refusal_with_rule_and_changes_nothing(app):
    start(app, "toy-pig", players=2)
    app.text_input(key="manual_0").set_value('{"type": "bank"}')
    click(app, "manual_send_0")
    assert app.error[0].value.startswith("Roll the die first.")
    assert "pig §1" in app.error[0].value
    assert table(app).session.log == []
    app.text_input(key="manual_0").set_value("bank please")
    click(app, "manual_send_0")
    assert "JSON" in app.error[0].value and table(app).session.log == []


def test_undo_past_a_roll_asks_first_then_redo(app):
    start(app, "toy-pig", players=2, who="table")
    app.selectbox(key="select_0").set_value(4).run()
    click(app, "confirm_0")  # rolled a 5: hidden information revealed
    click(app, "undo_1")
    assert "revealed" in texts(app) and table(app).session.log != []
    click(app, "undo_yes_1")
    assert table(app).session.log == [] and "redo_0" in keys(app)
    assert not app.button(key="redo_0").disabled
    click(app, "redo_0")
    assert table(app).session.log == [{"type": "roll", "value": 5}]
    assert open_store().load_game(table(app).game_id)[0].log == [{"type": "roll", "value": 5}]


def test_reload_from_sqlite_in_a_new_session_and_continue(app, data_dir):
    start(app, "toy-pig", players=2, names=["Ada", "Bo"], who="table")
    app.selectbox(key="select_0").set_value(5).run()
    click(app, "confirm_0")
    game_id = table(app).game_id
    # A new browser session (the server restarted, or another device) on the same SQLite file.
    other = resume(game_id)
    assert table(other).session.log == [{"type": "roll", "value": 6}]
    assert "Ada's turn" in other.subheader[0].value
    click(other, option_key(other, "Bank"))
    assert open_store().load_game(game_id)[0].log[-1] == {"type": "bank"}


def test_delete_asks_for_confirmation(app):
    start(app, "toy-pig", players=2)
    game_id = table(app).game_id
    app.switch_page(PAGES["home"]).run()
    click(app, f"delete_{game_id}")
    assert open_store().has_game(game_id)
    click(app, f"delete_yes_{game_id}")
    assert not open_store().has_game(game_id) and "table" not in app.session_state


def test_resume_link_opens_the_game_and_download_offers_the_save(app):
    start(app, "toy-pig", players=2)
    click(app, "app_chance_0")
    tab = table(app)
    assert app.get("download_button")[0].proto.label == "Download save file"
    token = codec.to_token(tab.session)
    fresh = new_session()
    fresh.query_params["r"] = token
    fresh.query_params["g"] = tab.game_id
    fresh.run()
    assert not fresh.exception
    assert table(fresh).game_id == tab.game_id and table(fresh).session.log == tab.session.log
    # a token alone (another server) becomes a new stored game
    other = new_session(lang=None)
    other.query_params["r"] = token
    other.run()
    assert table(other).game_id != tab.game_id and len(open_store().list_games()) == 2


def open_tab(at, lang: str = "en"):
    """Home's Open tab chosen (its content is drawn only while it is shown)."""
    at.session_state["home_tab"] = t("ui.open_token_tab", lang)
    return at.run()


def test_the_open_tab_is_drawn_only_once_chosen(app):
    app.run()
    assert "open_token" not in keys(app) and not app.get("file_uploader")
    assert "token_input" not in [w.key for w in app.text_input]
    assert "start_game" in keys(app)  # the new game's form and the saved games are drawn as before
    open_tab(app)
    assert {"open_token", "start_game"} <= set(keys(app)) and "token_input" in [w.key for w in app.text_input]
    assert [w.key for w in app.get("file_uploader")] == ["import_file"]


def test_open_token_form_refuses_garbage_with_a_message(app):
    open_tab(app)
    app.text_input(key="token_input").set_value("CP1.AAAA")
    click(app, "open_token")
    assert app.error and "table" not in app.session_state


def test_import_save_file(app, tmp_path):
    start(app, "toy-pig", players=2)
    click(app, "app_chance_0")
    text = codec.dumps(table(app).session)
    fresh = open_tab(new_session())
    fresh.file_uploader(key="import_file").upload("pig.json", text.encode(), "application/json").run()
    click(fresh, "import_save")
    assert table(fresh).session.log == table(app).session.log
    # a tampered file is refused with the codec's reason, in the player's language
    bad = json.loads(text)
    bad["log"].append({"type": "bank"})
    other = open_tab(new_session("de"), "de")
    other.file_uploader(key="import_file").upload("bad.json", json.dumps(bad).encode(), "application/json").run()
    click(other, "import_save")
    assert any("Prüfsumme" in e.value for e in other.error) and "table" not in other.session_state


def test_score_page_shows_a_pandas_table(app):
    start(app, "toy-pig", players=2, names=["Ada", "Bo"], who="table")
    app.selectbox(key="select_0").set_value(5).run()
    click(app, "confirm_0")
    click(app, option_key(app, "Bank"))
    app.switch_page(PAGES["score"]).run()
    frame = app.table[0].value
    assert list(frame.columns) == ["Ada", "Bo"] and frame.loc["Total", "Ada"] == "6"
    assert "Score so far" in texts(app)


def test_pages_without_a_game_point_home(app):
    app.run()
    for page in ("table", "score"):
        app.switch_page(PAGES[page]).run()
        assert not app.exception and "No game is open" in texts(app)


def test_language_switch_changes_labels_on_every_screen(app):
    start(app, "toy-pig", players=2)
    expected = {
        "home": ("Neues Spiel", "Nieuw spel"),
        "table": ("Die App würfelt oder zieht", "De app gooit of trekt"),
        "score": ("Zwischenstand", "Tussenstand"),
        "quick": ("Schnellwertung", "Snelle telling"),
        "box": ("Schachtel prüfen", "Doos controleren"),
        "settings": ("Sprache", "Taal"),
        "meng": ("nur im Solospiel", "alleen in een solospel"),
    }
    for index, lang in ((0, "de"), (1, "nl")):
        app.selectbox(key="_sidebar_lang").set_value(lang).run()
        for page, words in expected.items():
            app.switch_page(PAGES[page]).run()
            assert not app.exception, (page, app.exception)
            shown = texts(app) + "\n".join(r.label for r in app.radio) + "\n".join(t.label for t in app.tabs)
            assert words[index] in shown, (lang, page)


def test_settings_language_and_randomness(app):
    app.run()
    app.switch_page(PAGES["settings"]).run()
    app.radio(key="_settings_lang").set_value("nl").run()
    assert app.session_state["lang"] == "nl" and app.title[0].value == "Instellingen"
    app.radio(key="_settings_randomness").set_value("table").run()
    assert open_store().setting("randomness") == "table"
