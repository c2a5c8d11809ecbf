"""Taps per turn for In the Year of the Dragon and Yinzi on a phone (issue 11, "Done means"), in a real
Chromium against `streamlit run`, viewport 390×844.

A 3-player Dragon game from its setup through the whole first month, and a 3-player Yinzi game through
its first round: the app rolls and draws (one tap for everything up to the next player), the players tap
buttons the way a table would. After every tap the stored game tells which question was answered. A turn
is the run of questions one player answers in a row; the table of taps per turn is printed.
Asserted: no Dragon action choice takes more than 2 taps, the opening pair 2, and Yinzi planting
(from the card's "Plant crops" to the end of the planting) at most 3: the card, the crop (all the fields the
card has left, one step of the engine since rules edition 3), and Done when a crop tile could still be bought.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import pytest

from companion.storage import open_store

from .test_browser import PHONE, pick_game, shot, sync_api, wait_for_app

pytestmark = pytest.mark.e2e
OPT = "[class*='st-key-opt_'] button:not([disabled]):visible"  # not the folded-away ones
HELD = "[class*='st-key-held_confirm_'] button"
CHANCE_ALL = "[class*='st-key-app_chance_all_'] button"


@dataclass
class Turn:
    player: int
    kinds: list[str] = field(default_factory=list)
    taps: int = 0
    by_kind: dict[str, int] = field(default_factory=dict)  # the taps each question took


class Table:
    """The phone page and the stored game: every tap is counted for the question it answers. The store is polled
    by its cheap revision query; the game is replayed once per revision it reaches (not on every look)."""

    def __init__(self, page, data_dir) -> None:
        self.page, self.data_dir = page, data_dir
        self.turns: list[Turn] = []
        self.chance_taps = 0
        self.store = open_store(data_dir / "companion.sqlite3")
        self._loaded: tuple = (None, None)  # (session, row) of the last revision replayed

    def close(self) -> None:
        self.store.close()

    def game_id(self) -> str:
        return self.page.url.split("g=", 1)[1].split("&", 1)[0]

    def revision(self) -> int | None:
        return self.store.revision(self.game_id())

    def stored(self):
        row = self._loaded[1]
        if row is None or row.id != self.game_id() or row.revision != self.revision():
            self._loaded = self.store.load_game(self.game_id())
        return self._loaded

    def decision(self):
        session = self.stored()[0]
        return session.decision, session

    def settled(self, revision: int, taps_state: bool) -> None:
        """Wait until the tap is stored (a tap that only changes the screen, like a first person, is not)."""
        deadline = time.monotonic() + 15
        while taps_state and self.revision() == revision and time.monotonic() < deadline:
            self.page.wait_for_timeout(50)
        seen = self.revision()
        wait_for_app(self.page, pause=0 if seen != revision else 300)  # a stored tap: its run has begun
        # one tap may store several steps (an edition-2 game plants field by field, all in the tap's run): the run
        # has ended, so the store holds them all; a revision that still moved is waited out the same way
        while taps_state and time.monotonic() < deadline:
            now = self.revision()
            if now == seen:
                return
            seen = now
            wait_for_app(self.page, pause=0)

    def tap(self, locator, stored: bool = True) -> None:
        session, row = self.stored()
        decision = session.decision
        if decision.is_chance:
            self.chance_taps += 1
        else:
            if not self.turns or self.turns[-1].player != decision.player:
                self.turns.append(Turn(decision.player))
            turn = self.turns[-1]
            if not turn.kinds or turn.kinds[-1] != decision.kind:
                turn.kinds.append(decision.kind)
            turn.taps += 1
            turn.by_kind[decision.kind] = turn.by_kind.get(decision.kind, 0) + 1
        self._click(locator, row.revision)
        self.settled(row.revision, stored)

    def _click(self, target, revision: int) -> None:
        """A busy machine may redraw the button under the click again and again (seen once in 30 s on a loaded
        CI run): try for 10 s, and try again only while the store shows the tap did not land (never twice).
        `target`: a locator, or a function that finds the button anew on the screen as it is now (a screen
        still being redrawn when it was first looked at may no longer show the button first found)."""
        find = target if callable(target) else (lambda: target)
        for _ in range(3):
            try:
                find().click(timeout=10_000)
                return
            except sync_api.TimeoutError:
                if self.revision() != revision:
                    return
                wait_for_app(self.page)
        find().click()

    def first(self, selector: str):
        return self.page.locator(selector).first

    def chance_or_first(self) -> None:
        self.tap(self._chance_or_first)

    def _chance_or_first(self):
        """The button to tap on the screen as it is now (looked for again when a click is tried again)."""
        if self.page.locator(HELD).count():  # a player's action cards: the table enters them, one screen each
            return self.first(HELD)
        if self.page.locator(CHANCE_ALL).count():
            return self.first(CHANCE_ALL)
        return self.first(OPT)

    def print(self, game: str) -> None:
        print(f"\n{game}: taps per turn (player, questions answered)")
        for n, turn in enumerate(self.turns, 1):
            print(f"  {n:3d}. seat {turn.player}  {turn.taps:2d} tap(s)  {' > '.join(turn.kinds)}")
        print(f"  chance (app rolls/draws): {self.chance_taps} tap(s)")


def new_game(page, game: str, names: list[str]) -> None:
    pick_game(page, game, names)
    page.locator(".st-key-start_game button").click()
    wait_for_app(page)
    page.wait_for_selector(CHANCE_ALL)


def play_dragon_month(tab: Table) -> None:
    page = tab.page
    for _ in range(120):
        decision, session = tab.decision()
        if session.state.month >= 2:
            return
        if decision.kind == "dragon.opening":
            first = tab.first("[class*='st-key-dy_open_'] button")
            tab.tap(first, stored=False)
            for _ in range(3):  # a busy server may lose a tap that only changes the screen: not a player's tap
                try:
                    page.wait_for_selector(OPT, timeout=10_000)
                    break
                except sync_api.TimeoutError:
                    first.click()
            tab.tap(tab.first(OPT))
        elif decision.kind == "dragon.action":
            page.wait_for_selector("[class*='st-key-dy_group_']")
            if len(tab.turns) < 4:
                shot_once(page, "dragon-action")
            tab.tap(tab.first(f"[class*='st-key-dy_group_'] {OPT}"))
        else:
            tab.chance_or_first()
    raise AssertionError("the first month did not end")


def play_yinzi_round(tab: Table) -> list[int]:
    """The first round; returns the taps of each planting (the card's tap, the field, Done)."""
    page, plantings = tab.page, []
    for _ in range(400):
        decision, session = tab.decision()
        if decision is None or session.state.round >= 2:
            return plantings
        plant = page.get_by_role("button", name="Plant crops", exact=True)
        if decision.kind == "yinzi.choose_action" and plant.count():
            start = sum(t.taps for t in tab.turns)
            tab.tap(plant.first)
            for _ in range(10):
                decision, _ = tab.decision()
                if decision is None or decision.kind != "yinzi.fate_plant":
                    break
                fields = page.locator(f"[class*='st-key-dy_field_'] {OPT}").filter(has_not_text="Rice")
                if fields.count():  # rice takes two cubes a field: a card's worth of rice runs short of cubes
                    shot_once(page, "yinzi-planting")
                    tab.tap(fields.first)
                else:
                    # the decision's own Done (the table moves above it have "Done" ticks of their own)
                    tab.tap(page.locator(".st-key-decision").get_by_role("button", name="Done", exact=True).first)
            plantings.append(sum(t.taps for t in tab.turns) - start)
        else:
            tab.chance_or_first()
    raise AssertionError("the first round did not end")


SHOTS_TAKEN: set[str] = set()


def shot_once(page, name: str) -> None:
    if name not in SHOTS_TAKEN:
        SHOTS_TAKEN.add(name)
        shot(page, f"taps-{name}-phone")


def test_a_dragon_month_on_a_phone(browser, server):
    """Setup and the first month: each action choice at most 2 taps, each opening pair 2."""
    started = time.monotonic()
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    page.goto(server.url)
    wait_for_app(page)
    new_game(page, "In the Year of the Dragon", ["Anna", "Benno", "Clara"])
    dragon = Table(page, server.data_dir)
    try:
        play_dragon_month(dragon)
    finally:
        dragon.close()
    dragon.print("In the Year of the Dragon, setup and month 1")
    print(f"  {time.monotonic() - started:.0f} s in all")

    actions = [t for t in dragon.turns if t.kinds[0] == "dragon.action"]
    openings = [t for t in dragon.turns if t.kinds[0] == "dragon.opening"]
    assert len(actions) == 3 and all(t.by_kind["dragon.action"] <= 2 for t in actions)
    assert len(openings) == 3 and all(t.by_kind["dragon.opening"] == 2 for t in openings)


def test_a_yinzi_round_on_a_phone(browser, server):
    """The first round: each planting at most 3 taps (a test of its own: xdist runs it beside the Dragon month)."""
    started = time.monotonic()
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    page.goto(server.url)
    wait_for_app(page)
    new_game(page, "Yinzi", ["Anna", "Benno", "Clara"])
    yinzi = Table(page, server.data_dir)
    try:
        plantings = play_yinzi_round(yinzi)
    finally:
        yinzi.close()
    yinzi.print("Yinzi, round 1")
    print(f"  plantings: {plantings} tap(s) each; {time.monotonic() - started:.0f} s in all")
    assert plantings and max(plantings) <= 3, plantings
