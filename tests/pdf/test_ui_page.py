"""The Printables screen renders previews and download buttons (AppTest, no browser)."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest


def _app():
    from companion.ui.pages import printables

    printables.render()


def test_printables_page_offers_pad_and_aid_and_switches_game():
    at = AppTest.from_function(_app, default_timeout=60)
    at.run()
    assert not at.exception
    assert len(at.get("download_button")) == 2
    at.selectbox(key="print_game").set_value("yinzi").run()
    at.selectbox(key="print_lang").set_value("de").run()
    assert not at.exception
    assert len(at.get("download_button")) == 2
    assert any("open" in (i.value or "").lower() for i in at.info)  # no game open: a hint instead of a sheet
