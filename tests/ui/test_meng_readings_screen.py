"""Issue 22: Meng's readings of the table's own box (an Automa card's bottom half, the lower decree) on the Meng
screen: the hint asks the table to read its board or card, not to tap what it turned over (nothing is drawn)."""

from __future__ import annotations

import pytest

from companion.core.registry import get_game
from companion.core.session import Session
from companion.i18n import t
from companion.storage import open_store
from companion.ui import context
from tests.gugong.test_corrections import play_until

from .apphelpers import click, new_session, table, texts

context.register_extra_games()
MENG = "companion/ui/pages/meng.py"


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_a_reading_asks_the_table_to_read_its_own_box(data_dir, lang):
    session = Session.new(get_game("gugong-solo"), {"players": ["Anna"], "seed": 5, "table_entry": True})
    play_until(session, lambda d: d.kind == "gugong.meng_dusk_read")
    store = open_store()
    row = store.create_game(session, owner=store.home_table(), title="reading", meta={"randomness": "table"})
    at = new_session(lang)
    at.run()
    click(at, f"resume_{row.id}")
    at.switch_page(MENG).run()
    assert not at.exception, at.exception
    assert table(at).session.decision.kind == "gugong.meng_dusk_read"
    shown = texts(at)
    assert t("ui.meng.read_hint", lang) in shown
    assert t("ui.meng.table_hint_one", lang) not in shown and t("ui.meng.table_hint", lang) not in shown
