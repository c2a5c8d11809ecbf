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
    s, (low, _), _ = day_table([(2, None), (5, None)], "jade", 8)
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
    s, (low, _), _ = day_table([(2, None), (5, None)], "jade", 8)
    describe = labels.describer("gugong", {}, GAME.to_json(s), "en")
    said = describe({"card": low, "loc": LOC["jade"]})
    assert said["at_card"].rstrip("?") == "8"  # the option offered now: the 8 lies there now
    kept = describe({"card": low, "loc": LOC["jade"], "taken": next(c.id for c in s.comp.cards if c.value == 6)})
    assert kept["at_card"].rstrip("?") == "6"  # a step that carries the card it took is said with that card


def test_counts_read_in_their_plural_form():
    """Issue 20: "1 places taken". The log counts with the number's own form in de/nl/en."""
    from companion.core.actions import Event

    one = Event("gugong.event.boat_loaded", {"player": 0, "port": 1, "route": 0, "places": 1})
    two = Event("gugong.event.boat_loaded", {"player": 0, "port": 1, "route": 0, "places": 2})
    words = {"en": ("1 place taken", "2 places taken"), "de": ("1 Platz belegt", "2 Plätze belegt"),
             "nl": ("1 plaats bezet", "2 plaatsen bezet")}
    for lang, (a, b) in words.items():
        assert labels.event_text(one, lang, ["Anna"]).endswith(a)
        assert labels.event_text(two, lang, ["Anna"]).endswith(b)
    tiles = Event("gugong.event.bonus_returned", {"player": 0, "count": 1})
    assert labels.event_text(tiles, "en", ["Anna"]) == "Anna turns 1 bonus tile face down"


def test_a_trade_of_double_tiles_only_names_them():
    """Issue 20: "had only one possibility: –." - a trade that gives only double tiles said no tile at all."""
    from companion.core.actions import Event

    forced = Event("core.forced", {"step": "gugong.trade_tiles", "player": 1, "p": 1, "for": "servant",
                                   "doubles": 1, "action": {"type": "give_tiles", "tiles": []}})
    for lang in ("en", "de", "nl"):
        describe = labels.describer("gugong", {}, {}, lang)
        text = labels.event_text(forced, lang, ["Anna", "Ben"], describe)
        assert "–" not in text and "Ben" in text and "1" in text, text
