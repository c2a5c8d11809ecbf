"""Box check with a damaged stored value (issue 13): the page names the fact and what would be right,
offers its reset, and shows every other fact; never "{key}", never a dead end."""

from __future__ import annotations

import pytest

from companion.storage import open_store
from tests.ui.apphelpers import click, new_session, texts


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    return new_session()


def test_a_damaged_stored_value_names_the_fact_and_can_be_reset(app):
    open_store().set_box_overrides("gugong", {"dice_faces": "abc", "decree_spaces": 4})
    app.run()
    app.switch_page("companion/ui/pages/box_check.py").run()
    app.selectbox(key="box_game").set_value("gugong").run()
    shown = texts(app).replace("\\", "")  # Markdown source: the page escapes what it quotes
    assert "Faces of the fate dice" in shown and "whole number from 1 to 9" in shown and "{key}" not in shown
    assert "dice_faces" not in shown, "the fact by its name, not its key"
    assert app.selectbox(key="box_fact_gugong").options, "the other facts stay on the page"
    click(app, "box_reset_damaged_0")
    assert open_store().box_overrides("gugong") == {"decree_spaces": 4}
    assert "cannot be used" not in texts(app)


def test_box_check_refuses_travel_tiles_that_do_not_add_up_and_says_why(app):
    app.run()
    app.switch_page("companion/ui/pages/box_check.py").run()
    app.selectbox(key="box_game").set_value("gugong").run()
    app.selectbox(key="box_fact_gugong").set_value("travel_tiles").run()
    app.number_input(key="boxf_gugong_travel_tiles_servant1").set_value(12).run()
    click(app, "box_save_gugong_travel_tiles")
    assert open_store().box_overrides("gugong") == {}
    assert "was not saved" in texts(app) and "add up to" in texts(app).replace("\\", "")
