"""Taps for a solo game against Meng on a phone (issue 20, item 5), in a real Chromium against `streamlit run`.

Played from the Meng screen with the app drawing: every tap is counted, the player's own (card, official,
action, follow-ups) by the scripted choices of test_taps_gugong.py, and the app's one button for Meng's turn
(and the table's dice and refills that come with it). Each Meng turn must take one tap: after the tap that
reveals his Automa card, his turn is over (the next step is the player's, or Meng's next turn).

make test plays day 1; the whole game to the final score runs under the `soak` marker and prints the count
(target: at most 100 taps for a whole solo game).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from .test_browser import PHONE, wait_for_app
from .test_taps_gugong import READINGS, Taps, Turn, enter_hands, new_game, read_box, stored, tap, tap_choice

pytestmark = pytest.mark.e2e
MAX_TAPS = 400
WHOLE_GAME_TARGET = 100


@dataclass
class SoloTaps:
    setup: int = 0
    meng_turns: list[int] = field(default_factory=list)  # taps per Meng turn
    other_chance: int = 0  # taps of the app's button that were not a Meng turn (dice, refills at the start)
    turns: list[Turn] = field(default_factory=list)
    after_meng: list[str] = field(default_factory=list)  # the step pending after each Meng tap
    readings: list[int] = field(default_factory=list)  # taps per reading of Meng's box (issue 22)

    @property
    def total(self) -> int:
        return (self.setup + sum(self.meng_turns) + self.other_chance + sum(self.readings)
                + sum(t.taps for t in self.turns))

    def summary(self) -> str:
        player = sum(t.taps for t in self.turns)
        return (f"taps: {self.total} in all · setup {self.setup} · Meng turns {len(self.meng_turns)}, "
                f"{sum(self.meng_turns)} taps (each {sorted(set(self.meng_turns))}) · other draws "
                f"{self.other_chance} · readings of Meng's box {len(self.readings)} · player {player} taps in "
                f"{len(self.turns)} turns")


def play_solo(page, server, game_id: str, until, taps: SoloTaps) -> None:
    turn: Turn | None = None
    for _ in range(MAX_TAPS):
        session = stored(server, game_id)
        d = session.decision
        if d is None or until(session):
            return
        if d.kind in READINGS:
            taps.readings.append(read_box(page, session))
            continue
        if d.hidden:  # a card drawn into the hand: the table enters it (as test_taps_gugong.play)
            taps.other_chance += tap(page, f"held_confirm_{session.version}")
            continue
        if d.is_chance:
            n = tap(page, f"app_chance_{session.version}")
            if d.kind.endswith(".meng_reveal"):
                taps.meng_turns.append(n)
                after = stored(server, game_id).decision
                taps.after_meng.append(after.kind if after is not None else "game over")
            else:
                taps.other_chance += n
            continue
        if d.kind == "gugong.turn" and (turn is None or turn.tapped[-1:] != ["trade"]):
            turn = Turn(d.player)
            taps.turns.append(turn)
        assert turn is not None, d.kind
        turn.kinds.add(d.kind)
        turn.taps += tap_choice(page, session, turn.tapped)
    raise AssertionError(f"more than {MAX_TAPS} taps")


def _solo_on_the_meng_screen(browser, server) -> tuple[object, str, SoloTaps]:
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    game_id = new_game(page, server, "Gùgōng solo (against Meng)", ["Anna"])
    entered = Taps()
    enter_hands(page, server, game_id, entered)  # Anna's start hand on one screen, then the app draws the rest
    taps = SoloTaps(setup=entered.hands + entered.chance)
    page.goto(f"{server.url}meng?g={game_id}")
    wait_for_app(page)
    return page, game_id, taps


def _one_tap_per_meng_turn(taps: SoloTaps, session) -> None:
    """Meng's turns in the log (his Automa card revealed) took one tap each at most (a turn the app plays on
    from the tap before takes none). How many turns he has on a day depends on the game (2 to 7 in random day-1
    plays), so the count is read from the log, not fixed."""
    revealed = sum(1 for action in session.log if action.get("type") == "automa_card")
    assert 1 <= len(taps.meng_turns) <= revealed, (revealed, taps.summary())
    assert set(taps.meng_turns) == {1}, taps.summary()
    # after the tap Meng's turn is done: nothing of his is left to draw but his next turn; only a reading of the
    # table's own box may follow (table entry on, the fact unchecked: asked once per item, one tap each)
    left = [k for k in taps.after_meng if ".meng_" in k and not k.endswith(".meng_reveal") and k not in READINGS]
    assert not left, left


def test_a_solo_day_takes_one_tap_per_meng_turn(browser, server):
    page, game_id, taps = _solo_on_the_meng_screen(browser, server)
    play_solo(page, server, game_id, lambda s: s.state.day > 1, taps)
    print("\nSolo Gùgōng day 1 on a phone, from the Meng screen: " + taps.summary())
    session = stored(server, game_id)
    assert session.state.day == 2
    _one_tap_per_meng_turn(taps, session)
    assert "What Meng does now" in page.content() and "Fate dice" in page.content()
    axe_on_the_meng_page(page)


def axe_on_the_meng_page(page) -> None:
    """axe-core on the Meng page: its headings go h1 -> h2 with no level skipped; every other finding printed."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright", reason="axe-playwright-python missing")
    violations = axe.Axe().run(page).response["violations"]
    print("axe-core on the Meng page: " + (", ".join(f"{v['id']} ({v['impact']}, {len(v['nodes'])})"
                                                      for v in violations) or "no violations"))
    assert not [v for v in violations if v["id"] in ("heading-order", "page-has-heading-one", "empty-heading")]


@pytest.mark.soak
def test_a_whole_solo_game_on_a_phone_takes_at_most_100_taps(browser, server):
    page, game_id, taps = _solo_on_the_meng_screen(browser, server)
    play_solo(page, server, game_id, lambda s: False, taps)
    print(f"\nA whole solo Gùgōng game on a phone, from the Meng screen: {taps.summary()}")
    session = stored(server, game_id)
    assert session.decision is None, "the game reached the final score"
    _one_tap_per_meng_turn(taps, session)
    assert taps.total <= WHOLE_GAME_TARGET, taps.summary()


def test_a_solo_day_on_the_table_page_takes_one_tap_per_meng_turn(browser, server):
    """The Table page plays Meng as his page does (issue 20): one tap per Meng turn there too."""
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    game_id = new_game(page, server, "Gùgōng solo (against Meng)", ["Anna"])
    entered = Taps()
    enter_hands(page, server, game_id, entered)
    taps = SoloTaps(setup=entered.hands + entered.chance)
    play_solo(page, server, game_id, lambda s: s.state.day > 1, taps)
    print("\nSolo Gùgōng day 1 on a phone, from the Table screen: " + taps.summary())
    session = stored(server, game_id)
    assert session.state.day == 2
    _one_tap_per_meng_turn(taps, session)
