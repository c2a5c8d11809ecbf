"""Issue 23 in a real Chromium against `streamlit run`: a tap on the Table screen reruns only what it changes.

A tap that does not move the game (a Gùgōng card picked before its official) reruns the decision part alone: the
page script does not run again (the tap watch's count of full runs stays), the log and the board stay as drawn,
and the tap watch's note of the tap is cleared (a later reconnect does not call it lost). A tap that moves the
game redraws every part at the new step: the count of full runs and the shown revision grow, the log has the step.
"""

from __future__ import annotations

import pytest

from .test_browser import wait_for_app
from .test_taps_gugong import NAMES, Taps, enter_hands, new_game, stored, tap, wanted

pytestmark = pytest.mark.e2e
LAPTOP = {"width": 1280, "height": 900}  # the log and the board drawn open
MARK = ("() => { const m = document.querySelector('.companion-tap-watch');"
        " return m ? {runs: Number(m.dataset.runs), rev: Number(m.dataset.rev)} : null; }")
LOG_TEXT = "() => document.querySelector('.st-key-event_log')?.innerText || ''"
PENDING = "() => sessionStorage.getItem('companion-pending-tap')"


def test_a_card_pick_reruns_the_decision_alone_and_a_move_redraws_every_part(browser, server):
    page = browser.new_context(viewport=LAPTOP, locale="en-GB").new_page()
    game_id = new_game(page, server, "Gùgōng", NAMES)
    tap(page, "app_chance_all_0")
    page.locator("[class*='st-key-do_all_'] button").first.click()
    wait_for_app(page)
    enter_hands(page, server, game_id, Taps())
    session = stored(server, game_id)
    assert session.decision.kind == "gugong.turn", session.decision.kind
    option = wanted(session)
    v, index = session.version, session.decision.options.index(option)
    before, log_before = page.evaluate(MARK), page.evaluate(LOG_TEXT)
    assert before and log_before

    tap(page, f"gg_card_{v}_{option['card']}", then=f"opt_{v}_{index}")  # the card: no step yet
    assert page.evaluate(MARK) == before, "a card pick runs the decision part only, not the whole screen"
    assert page.evaluate(LOG_TEXT) == log_before
    assert page.evaluate(PENDING) is None, "the part's answer clears the tap watch's note"

    tap(page, f"opt_{v}_{index}")  # the official: a step
    after = page.evaluate(MARK)
    assert after["runs"] > before["runs"] and after["rev"] > before["rev"], (before, after)
    assert stored(server, game_id).version == v + 1
    assert page.evaluate(LOG_TEXT) != log_before, "the log shows the new step"
    assert page.locator(f".st-key-opt_{v + 1}_0, [class*='st-key-gg_card_{v + 1}_'], "
                        f"[class*='st-key-opt_{v + 1}_']").count(), "the decision is the next step's"
