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
    assert "dice_faces" in shown and "whole number from 1 to 9" in shown and "{key}" not in shown
    assert app.dataframe, "the other facts stay on the page"
    click(app, "box_reset_damaged_0")
    assert open_store().box_overrides("gugong") == {"decree_spaces": 4}
    assert "cannot be used" not in texts(app)


def test_box_check_refuses_abc_for_the_dice_faces_and_says_what_would_be_right(app):
    app.run()
    app.switch_page("companion/ui/pages/box_check.py").run()
    app.selectbox(key="box_game").set_value("gugong").run()
    app.selectbox(key="box_fact_gugong").set_value("dice_faces").run()
    app.text_input(key="box_value_gugong_dice_faces").set_value("abc").run()
    click(app, "box_save_gugong")
    assert open_store().box_overrides("gugong") == {}
    assert "Expected a list of 2 to 12 entries" in texts(app).replace("\\", "")
