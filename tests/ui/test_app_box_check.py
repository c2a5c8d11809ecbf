"""Box check: facts with status, owner values saved in SQLite, used by new games, export/import."""

from __future__ import annotations

import json

from companion.core.profile import PROFILE_FORMAT, load_default
from companion.storage import open_store

from .apphelpers import click, texts


def _box(app, game: str = "gugong"):
    app.run()
    app.switch_page("companion/ui/pages/box_check.py").run()
    app.selectbox(key="box_game").set_value(game).run()
    return app


def test_facts_show_status_and_the_owner_can_confirm_or_correct(app):
    default = load_default("gugong")
    open_facts = default.unverified()
    _box(app)
    assert app.metric[0].value == str(len(open_facts))
    shown = app.dataframe[0].value
    assert len(shown) == len(open_facts) and "unknown (placeholder)" in set(shown["Status"])
    fact = next(f for f in open_facts if f.key == "dice_faces")
    app.selectbox(key="box_fact_gugong").set_value(fact.key).run()
    click(app, "box_confirm_gugong")
    assert open_store().box_overrides("gugong") == {"dice_faces": fact.value}
    assert app.metric[0].value == str(len(open_facts) - 1)
    app.text_input(key="box_value_gugong_dice_faces").set_value("[1, 1, 2, 3, 4, 5]").run()
    click(app, "box_save_gugong")
    assert open_store().box_overrides("gugong") == {"dice_faces": [1, 1, 2, 3, 4, 5]}
    assert "Saved: dice_faces" in texts(app)
    click(app, "box_reset_gugong")
    assert open_store().box_overrides("gugong") == {}


def test_owner_values_go_into_new_games_and_travel_as_a_file(app):
    open_store().set_box_overrides("gugong", {"dice_faces": [1, 2, 3, 4, 5, 6]})
    _box(app)
    assert app.get("download_button")[0].proto.label == "Export my box profile"
    app.switch_page("companion/ui/pages/home.py").run()
    app.selectbox(key="new_game").set_value("gugong").run()
    click(app, "start_game")
    assert app.session_state["table"].session.setup["profile"] == {"overrides": {"dice_faces": [1, 2, 3, 4, 5, 6]}}
    # another owner's export, imported here
    open_store().set_box_overrides("gugong", {})
    _box(app)
    doc = {"format": PROFILE_FORMAT, "game": "gugong", "edition": "default", "overrides": {"decree_spaces": 5}}
    app.file_uploader(key="box_import_file_gugong").upload("p.json", json.dumps(doc).encode(), "application/json")
    app.run()
    click(app, "box_import_gugong")
    assert open_store().box_overrides("gugong") == {"decree_spaces": 5}
    doc["game"] = "dragon"
    app.file_uploader(key="box_import_file_gugong").upload("p.json", json.dumps(doc).encode(), "application/json")
    app.run()
    click(app, "box_import_gugong")
    assert app.error and open_store().box_overrides("gugong") == {"decree_spaces": 5}
