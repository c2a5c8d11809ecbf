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

from .apphelpers import click, enter_seen, new_session, table, texts

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


def test_a_card_drawn_for_meng_that_the_profile_does_not_list_is_entered_under_something_else(data_dir):
    """Issue 22: Meng's draws offer the listed cards as buttons and every other card under "Something else…",
    field by field, as every other draw does (no button per unlisted card)."""
    session = Session.new(get_game("gugong-solo"), {"players": ["Anna"], "seed": 5, "table_entry": True})
    d = play_until(session, lambda d: d.kind == "gugong.meng_draw")
    unlisted = [o for o in d.options if "seen" in o]
    assert unlisted, "the census is unverified: the table may enter a card the profile does not list"
    store = open_store()
    row = store.create_game(session, owner=store.home_table(), title="draw", meta={"randomness": "table"})
    at = new_session("en")
    at.run()
    click(at, f"resume_{row.id}")
    at.switch_page(MENG).run()
    v = table(at).version
    at.radio(key=f"chance_mode_{v}").set_value("table").run()
    buttons = [b.key for b in at.button if b.key and b.key.startswith(f"opt_{v}_")]
    assert len(buttons) == len(d.options) - len(unlisted)  # a button per listed card only
    state = table(at).session.state
    for b in (b for b in at.button if b.key in buttons):  # each names the whole card: value and action
        card = state.comp.cards[d.options[int(b.key.rsplit("_", 1)[1])]["card"]]
        assert b.label == f"Gift card {card.value}, {t(f'gugong.card_action.{card.action}', 'en')}", b.label
    assert t("box.something_else", "en") in [e.label for e in at.expander]
    card = unlisted[-1]["seen"]
    enter_seen(at, v, value=card["value"], action=card["action"])
    assert table(at).session.log[-1] == unlisted[-1]
