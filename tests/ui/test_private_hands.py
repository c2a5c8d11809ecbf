"""Hands and discard piles are private (issue 20, item 3): the shared Table screen shows how many cards each
player holds, never which; the Seat screen shows its own player's cards (and nobody else's)."""

from __future__ import annotations

import re

import pytest

from companion.i18n import t

from .apphelpers import new_session, start, step_until, table, texts

NAMES = ["Anna", "Ben", "Cleo"]
SEAT = "companion/ui/pages/seat.py"


def _frames(at) -> list:
    return [element.value for element in at.table]


def _row(at, label: str) -> list[str]:
    """One row of the players table (the first table that has it), as shown."""
    for frame in _frames(at):
        if label in frame.index:
            return [str(v) for v in frame.loc[label].tolist()]
    raise AssertionError(f"no row {label!r}")


def _on_seat(at, seat: int):
    at.switch_page(SEAT).run()
    at.selectbox(key="seat").set_value(seat).run()
    assert not at.exception, at.exception
    return at


def _gugong_hands(at) -> list[list[int]]:
    state = table(at).session.state
    return [[state.comp.cards[c].value for c in p.hand] for p in state.players]


def test_gugong_table_shows_counts_and_the_seat_its_own_cards():
    at = start(new_session("en"), "gugong", 3, NAMES)
    step_until(at, lambda a: table(a).session.state.phase == "day" and table(a).session.state.day == 1)
    count = re.compile(r"^\d+ cards?$")
    hand_row, discard_row = _row(at, t("ui.gg.hand", "en")), _row(at, t("ui.gg.discard", "en"))
    assert all(count.match(v) for v in hand_row + discard_row), (hand_row, discard_row)
    assert hand_row == [t("hidden.card_count", "en", n=len(h)) for h in _gugong_hands(at)]
    _on_seat(at, 1)
    own = _row(at, t("ui.gg.hand", "en"))
    assert len(own) == 1 and not count.match(own[0])
    assert [int(v.strip("?")) for v in own[0].split(", ")] == _gugong_hands(at)[1]


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_solo_table_shows_no_hand_neither_the_players_nor_mengs(lang):
    """Solo: the shared Table screen says how many cards the player and Meng hold, never which (not as the
    exchange costs per hand card either); Meng's gift cards lie face down, the player's are her own."""
    at = start(new_session(lang), "gugong-solo", names=["Anna"])
    step_until(at, lambda a: table(a).session.state.phase == "day" and table(a).session.decision.player == 0)
    hands = _gugong_hands(at)
    hand_row = _row(at, t("ui.gg.hand", lang))
    assert hand_row == [t("hidden.card_count", lang, n=len(h)) for h in hands]
    exchange = t("gugong.board.exchange", lang, player="Anna")
    assert all(exchange not in frame.columns for frame in _frames(at)), "no column of her hand's costs"
    shown = texts(at)
    assert t("gugong.board.costs", lang, ways=t("gugong.board.free", lang), cards="").strip() not in shown


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_gugong_counts_are_sentences_in_every_language(lang):
    at = start(new_session("en"), "gugong", 2, NAMES[:2])
    step_until(at, lambda a: table(a).session.state.phase == "day")
    at.session_state["lang"] = lang  # the same table read in another language
    at.run()
    hand_row = _row(at, t("ui.gg.hand", lang))
    assert hand_row == [t("hidden.card_count", lang, n=4)] * 2


def test_dragon_table_says_how_many_person_cards_and_the_seat_which():
    at = start(new_session("en"), "dragon", 3, NAMES)
    hands = [p.hand for p in table(at).session.state.players]
    shown = texts(at)
    assert "Cards (" not in shown  # dragon.ui.hand: the cards themselves
    assert t("hidden.hand_count", "en", n=len(hands[0])) in shown
    _on_seat(at, 2)
    assert shown.count("Cards (") == 0 and "Cards (" in texts(at)


def test_yinzi_table_says_how_many_action_cards_and_the_seat_which():
    at = start(new_session("en"), "yinzi", 2, NAMES[:2])
    step_until(at, lambda a: all(p.hand for p in table(a).session.state.players), limit=300)
    hands = [p.hand for p in table(at).session.state.players]
    hand_word = t("yinzi.ui.hand_line", "en", cards="").strip()
    assert hand_word not in texts(at)
    assert t("hidden.hand_count", "en", n=len(hands[0])) in texts(at)
    _on_seat(at, 0)
    assert hand_word in texts(at)
