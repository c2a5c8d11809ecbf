"""Taps for a whole Gùgōng setup entered by the table (issue 22, "a setup in ≤ 40 taps"), in a real Chromium
against `streamlit run`, on the phone (390×844).

A 3-player game with the shipped box profile and table entry on, "The table" chosen on Home: every setup
step is entered as the table shows it (start player, three start hands, seven officials' cards, six decrees,
three fate dice, twelve cities' tiles). What the table shows is a seeded draw of the box the profile
describes (the same as the app's own draw would be: core.chance.pick, seeded by the step's position), so the
script knows which component to tap. Taps are counted per run of steps and printed; the total must be ≤ 40.

The driver taps whatever screen it meets: the run screens (companion.ui.table_entry: a grid per step, one
confirm) or the one-step list of before (open the list, tap the option, confirm: 3 taps), so the same script
measured the count before the run screens existed.
"""

from __future__ import annotations

import collections
from typing import Any

import pytest

from companion.core.chance import pick, rng_for
from companion.core.session import Session

from .test_browser import PHONE, Server, pick_game, sync_api, wait_for_app
from .test_taps_gugong import stored, tap

pytestmark = pytest.mark.e2e
NAMES = ["Lisa", "Ben", "Mia"]
MAX_TAPS = 40  # issue 22: a setup with table entry on, on a phone


def shown(session: Session) -> dict[str, Any]:
    """What the table shows at this step: a seeded draw of the box the profile describes (a start hand: the
    player set, as the profile lists it)."""
    d = session.decision
    if d.hidden:
        return next(o for o in d.options if "seen" not in o)
    return pick(d, rng_for("table", 22, len(session.log)))


def new_table_game(page, server: Server) -> str:
    page.goto(server.url)
    wait_for_app(page)
    pick_game(page, "Gùgōng", NAMES)
    page.locator(".st-key-new_randomness label").filter(has_text="The table").first.click()
    wait_for_app(page)
    page.locator(".st-key-start_game button").click()
    wait_for_app(page)
    page.wait_for_selector("[class*='st-key-chance_mode_']")
    wait_for_app(page)
    return page.url.split("g=", 1)[1].split("&", 1)[0]


def _same_run(first, later) -> bool:
    return (later is not None and later.is_chance and later.kind == first.kind and later.hidden == first.hidden
            and later.params.get("p") == first.params.get("p"))


def enter_run(page, session: Session) -> int:
    """The run screen: one tap per step on what the table shows, then confirm."""
    v, first = session.version, session.decision
    sim = Session.from_log(session.game, session.setup, list(session.log))
    taps, n = 0, 0
    while _same_run(first, sim.decision):
        option = shown(sim)
        taps += tap(page, f"entry_{v}_{n}_{sim.decision.options.index(option)}")
        sim.act(option)
        n += 1
    return taps + tap(page, f"entry_confirm_{v}")


def enter_listed(page, session: Session) -> int:
    """The list of before: open it, tap the option, confirm."""
    v, d = session.version, session.decision
    page.wait_for_selector(f".st-key-select_{v} input")
    wait_for_app(page)
    for _ in range(3):  # a tap that lands while the script reruns does not open the list: tapped again
        page.locator(f".st-key-select_{v} input").click()
        try:
            page.wait_for_selector("[role=option]", timeout=5_000)
            break
        except sync_api.TimeoutError:
            continue
    page.get_by_role("option").nth(d.options.index(shown(session))).click()
    wait_for_app(page)
    return 2 + tap(page, f"confirm_{v}")


def enter_setup(page, server: Server, game_id: str) -> collections.Counter:
    """Every setup step as the table shows it; taps per kind of step."""
    taps: collections.Counter = collections.Counter()
    for _ in range(60):
        session = stored(server, game_id)
        d = session.decision
        if d is None or not d.is_chance:
            return taps
        kind = d.kind.rsplit(".", 1)[-1]
        if d.hidden and page.locator(f".st-key-held_confirm_{session.version} button").count():
            taps[kind] += tap(page, f"held_confirm_{session.version}")  # the player set, chosen beforehand
        elif page.locator(f".st-key-entry_confirm_{session.version}").count():
            taps[kind] += enter_run(page, session)
        else:
            taps[kind] += enter_listed(page, session)
    raise AssertionError(f"the setup did not end: {stored(server, game_id).decision}")


def test_a_three_player_setup_entered_by_the_table_takes_at_most_40_taps_on_a_phone(browser, server):
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    game_id = new_table_game(page, server)
    taps = enter_setup(page, server, game_id)
    session = stored(server, game_id)
    table = "\n".join(f"{kind:<12}{n:>4}" for kind, n in taps.items())
    print(f"\n3-player Gùgōng setup entered by the table, phone 390×844\n{table}\ntotal {sum(taps.values())} taps")
    assert not session.decision.is_chance, "the whole setup is entered"
    assert len(session.log) == 1 + 12 + 7 + 6 + 3 + 12, "one logged choice per component"
    replay = Session.new(session.game, session.setup)
    for action in session.log:
        assert action == shown(replay), "the table entered what it shows"
        replay.act(action)
    assert sum(taps.values()) <= MAX_TAPS, table


SEEN_CARDS = ((9, "wall"), (8, "palace"))  # officials' cards the box profile does not list


def test_cards_the_profile_lacks_cost_two_taps_each_and_the_panel_stays_open(browser, server):
    """Two officials' cards entered under "Something else…" in one run, counted in Chromium on the phone: the
    panel opened once, then per card a tap on its value and a tap on its action (which enters it); one confirm."""
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    game_id = new_table_game(page, server)
    taps: collections.Counter = collections.Counter()
    for _ in range(10):  # the start player and the three hands as the table shows them
        session = stored(server, game_id)
        if session.decision.kind == "gugong.setup_board":
            break
        if session.decision.hidden:
            tap(page, f"held_confirm_{session.version}")
        else:
            enter_run(page, session)
    session = stored(server, game_id)
    v = session.version
    page.locator("[class*='st-key-something_else_'] summary").first.click()
    wait_for_app(page)
    taps["open the panel"] += 1
    for value, action in SEEN_CARDS:
        page.locator(f".st-key-seen_value_{v} button").filter(has_text=str(value)).first.click()
        wait_for_app(page)
        taps["value"] += 1
        page.wait_for_selector(f".st-key-enter_seen_{v}_{action} button")
        page.locator(f".st-key-enter_seen_{v}_{action} button").first.click()
        wait_for_app(page)
        taps["action (enters the card)"] += 1
        assert page.locator("[class*='st-key-something_else_'] details[open]").count(), "the panel stays open"
    taps["confirm"] += tap(page, f"entry_confirm_{v}")
    table = "\n".join(f"{kind:<26}{n:>4}" for kind, n in taps.items())
    print(f"\ntwo unlisted officials' cards, phone 390×844\n{table}\ntotal {sum(taps.values())} taps")
    log = stored(server, game_id).log
    assert [(a["seen"]["value"], a["seen"]["action"]) for a in log[-2:]] == list(SEEN_CARDS)
    assert sum(taps.values()) == 1 + 2 * len(SEEN_CARDS) + 1
