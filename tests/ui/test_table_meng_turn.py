"""The Table page plays Meng as his own page does (issue 20): one tap = one whole Meng turn, its table moves
listed above the next question and kept while the player takes her turn."""

from __future__ import annotations

import pytest

from companion.i18n import t
from companion.ui import context
from companion.ui.on_table import PENDING

from .apphelpers import click, keys, new_session, start, step, table, texts

context.register_extra_games()


def _at_mengs_turn(app, skip: int = 0):
    """Play on the Table page (a whole Meng turn per tap) up to Meng's Automa card, `skip` turns of his later."""
    for _ in range(200):
        decision = table(app).session.decision
        if decision.kind.endswith(".meng_reveal"):
            if skip == 0:
                return app
            skip -= 1
        step(app)
    raise AssertionError("Meng never took a turn")


def _pending_codes(app) -> list[str]:
    pend = app.session_state[PENDING][table(app).game_id]
    return [i.ins.code for i in pend.items if not i.done]


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_one_tap_on_the_table_page_plays_mengs_whole_turn_and_keeps_its_moves(data_dir, lang):
    app = _at_mengs_turn(start(new_session(lang), "gugong-solo", names=["Anna"]), skip=1)
    tab = table(app)
    v, steps = tab.version, len(tab.session.log)
    label = next(b.label for b in app.button if b.key == f"app_chance_{v}")
    assert label == t("ui.meng.go_turn", lang)
    assert f"app_chance_all_{v}" not in keys(app), "no step-by-step drawing for Meng on the Table page"
    click(app, f"app_chance_{v}")
    tab = table(app)
    decision = tab.session.decision
    assert len(tab.session.log) - steps >= 2, "his Automa card, his gift card and what follows: one tap"
    assert decision is None or not decision.kind.endswith((".meng_gift", ".meng_location"))
    turn = [e for evs in tab.session.events[steps:] for e in evs if e.code.startswith("meng.event.")]
    said = [e.code for e in turn]
    assert "meng.event.day.automa_card" in said
    pending = _pending_codes(app)
    assert set(said) <= set(pending), "every line of his turn is listed for the table"
    shown = texts(app)
    assert t("table.do.new", lang) in shown
    if decision is not None and not decision.is_chance:  # the player's first tap of her turn keeps them
        step(app)
        assert set(said) <= set(_pending_codes(app)), "Meng's moves stay until the table did them"
