"""The log says each step as it was when it happened (issue 20): a log line's words come from the step
itself, not from today's board. Before, "Chose to give card 1 … and take 4" was read from the card lying at
that official now (words/gugong.py `at_card`), though 6 had been taken."""

from __future__ import annotations

from companion.core.game import apply
from companion.gugong.engine import GAME
from companion.i18n import labels

from .fixtures import LOC, day_table


def _line(events, state, lang="en"):
    describe = labels.describer("gugong", {}, GAME.to_json(state), lang)
    return "; ".join(labels.event_text(e, lang, ["Anna", "Lisa", "David"], describe) for e in events)


def test_an_exchange_still_to_be_paid_keeps_its_words_after_the_board_changes():
    s, (low, spare), board = day_table([(2, None), (5, None)], "jade", 8)
    s1, events = apply(GAME, s, {"type": "exchange", "card": low, "loc": LOC["jade"]})
    assert [e.code for e in events] == ["gugong.event.exchange_chosen"]  # nothing moved yet: the price follows
    then = _line(events, s1)
    assert "2" in then and "8" in then
    s2, _ = apply(GAME, s1, {"type": "pay", "how": "no_action"})  # the 2 now lies at the Jade official
    assert s2.board[LOC["jade"]] == low
    assert _line(events, s2) == then
    for lang in ("de", "nl"):
        assert _line(events, s2, lang) == _line(events, s1, lang) and "{" not in _line(events, s2, lang)


def test_an_option_of_now_reads_the_card_at_the_official_now_and_a_step_that_names_its_card_keeps_it():
    s, (low, _), board = day_table([(2, None), (5, None)], "jade", 8)
    describe = labels.describer("gugong", {}, GAME.to_json(s), "en")
    said = describe({"card": low, "loc": LOC["jade"]})
    assert said["at_card"].rstrip("?") == "8"  # the option offered now: the 8 lies there now
    kept = describe({"card": low, "loc": LOC["jade"], "taken": next(c.id for c in s.comp.cards if c.value == 6)})
    assert kept["at_card"].rstrip("?") == "6"  # a step that carries the card it took is said with that card
