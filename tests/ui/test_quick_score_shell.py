"""Quick score (issue 11): the result goes the moment an input changes; only the chosen game's and mode's
fields; the blank pad's QR (?game=) opens that game's form."""

from __future__ import annotations

from .apphelpers import click, texts
from .test_app_gugong import EXAMPLE, _quick_page


def _fill(app) -> None:
    app.number_input(key="qs_gugong_count").set_value(4).run()
    for seat, player in enumerate(EXAMPLE["players"]):
        for field, value in player.items():
            app.get_by_key(f"qs_gugong_{seat}_{field}").set_value(value)
    app.run()


def test_the_result_is_cleared_the_moment_an_input_changes(app):
    _quick_page(app)
    _fill(app)
    click(app, "qs_compute")
    assert "Winner: Anna" in texts(app) and app.table
    app.get_by_key("qs_gugong_1_intrigue").set_value(3).run()
    assert "Winner: Anna" not in texts(app) and not app.table


def test_a_table_of_three_is_not_asked_about_meng(app):
    _quick_page(app)
    app.number_input(key="qs_gugong_count").set_value(3).run()
    keys = [w.key for w in app.checkbox]
    assert not any(k and k.endswith("_meng") for k in keys)
    app.number_input(key="qs_gugong_count").set_value(2).run()
    assert any(w.key and w.key.endswith("_meng") for w in app.checkbox)


def test_the_pads_qr_opens_that_games_form(app):
    app.query_params["game"] = "gugong"
    app.run()
    app.switch_page("companion/ui/pages/quick_score.py").run()
    assert app.selectbox(key="qs_game").value == "gugong"
