"""Table instructions (companion/gugong/instructions.py): for every event of every player, what the table
does with the pieces, as codes with parameters and texts in en/de/nl, each with its undo text."""

from __future__ import annotations

import random
import re

import pytest

from companion.core.actions import Event
from companion.core.chance import pick
from companion.core.instructions import undo_steps
from companion.core.session import Session
from companion.core.steps import FORCED
from companion.gugong.engine import GAME
from companion.gugong.instructions import INSTRUCTIONS, RULES, instructions, plural
from companion.gugong.manifest import MANIFEST
from companion.i18n import LANGUAGES, catalog, labels, placeholders

from .fixtures import LOC, THREE, acting_spare, draw_setup, new_game, play, with_hand_at

NAMES = ["Anna", "Lisa", "David", "Sebastian", "Rafaël"]
RAW = re.compile(r"gugong\.|[{}]")
# events that change nothing on the table: the app keeps the score, a phase starts or ends, a choice waits
# (an exchange waiting for its price: the cards move when it is paid)
NO_TABLE_STEP = {"action", "card_action", "day_end", "game_end", "dice_majority", "supply_empty",
                 "exchange_chosen"}


def _games(count: int = 4) -> list[tuple[Session, list[list[Event]]]]:
    out = []
    for seed in range(count):
        setup = {"players": NAMES[: 2 + seed % 4], "bonus_tiles": True, "expert": seed % 2 == 1, "seed": seed}
        s = Session.new(GAME, setup)
        rng = random.Random(seed)
        while (d := s.decision) is not None:
            s.act(pick(d, rng))
        out.append((s, s.events))
    return out


@pytest.fixture(scope="module")
def games():
    return _games()


def test_every_event_has_a_table_step_or_is_known_to_need_none(games):
    codes = {e.code for _, steps in games for events in steps for e in events}
    engine = {c.removeprefix("gugong.event.") for c in codes if c.startswith("gugong.event.")}
    assert engine - NO_TABLE_STEP <= set(RULES), sorted(engine - NO_TABLE_STEP - set(RULES))
    assert not (set(RULES) & NO_TABLE_STEP)
    assert codes - {f"gugong.event.{c}" for c in engine} <= {FORCED}


def test_the_manifest_hands_out_the_instructions_and_the_view():
    assert MANIFEST.instructions is instructions and MANIFEST.view.__module__ == "companion.gugong.view"


def test_every_instruction_code_has_a_text_and_an_undo_text_with_the_same_placeholders():
    for lang in LANGUAGES:
        cat = catalog(lang)
        do = {k for k in cat if k.startswith("gugong.do.") and not k.endswith(".undo")}
        assert {k.removesuffix(".undo") for k in cat if k.startswith("gugong.do.") and k.endswith(".undo")} == do
        for key in do:
            assert placeholders(cat[key]) == placeholders(catalog("en")[key]), (lang, key)


def test_every_instruction_of_whole_games_reads_as_words_in_every_language(games):
    seen = set()
    for session, steps in games[:2]:
        names = session.setup["players"]
        for lang in LANGUAGES:
            describe = labels.describer("gugong", session.setup, GAME.to_json(session.state), lang)
            for events in steps:
                for step in instructions(events):
                    seen.add(step.code)
                    for code in (step.code, step.undo_code):
                        text = labels.event_text(Event(code, step.params), lang, names, describe)
                        assert not RAW.search(text), (lang, code, text)
    assert {"gugong.do.board_card", "gugong.do.exchange", "gugong.do.die", "gugong.do.tile_laid"} <= seen


def test_setup_lays_out_the_board_and_deals_the_start_hands():
    """Spielaufbau (S. 2-3): the start player marker and the player sets (set 1 to the start player, then
    clockwise), the cards at the 7 officials, 2 decrees per level, the 3 fate dice, a tile in every city."""
    s = Session.new(GAME, {"players": THREE, "seed": 4})
    steps = instructions(draw_setup(s))
    codes = [i.code for i in steps]
    start = s.state.start
    deal = [i.params for i in steps if i.code == "gugong.do.deal_set"]
    assert [(p["player"], p["set"]) for p in deal] == [(seat, n) for n, seat in enumerate(s.state.order_from(start), 1)]
    assert codes.count("gugong.do.board_card") == len(s.state.board)
    assert codes.count("gugong.do.decree_laid") == len(s.state.decree_slots)
    assert codes.count("gugong.do.die") == len(s.state.dice)
    assert codes.count("gugong.do.tile_laid") == len(s.state.cities)
    assert "gugong.do.unused_sets" in codes and "gugong.do.expert_deck" not in codes
    laid = {i.params["location"]: i.params["card"] for i in steps if i.code == "gugong.do.board_card"}
    assert laid == {name: s.state.board[loc] for loc, name in enumerate(s.state.comp.locations)}


def test_payments_say_how_many_servants_go_where_with_one_text_per_plural_form():
    """Tagesphase: "lege 2 Diener aus deinem Vorrat zurück in den allgemeinen Vorrat" (S. 4)."""
    assert plural("gugong.do.pay", 1) == "gugong.do.pay.one" and plural("gugong.do.pay", 2) == "gugong.do.pay.other"
    paid = INSTRUCTIONS([Event("gugong.event.paid", {"player": 1, "count": 2, "double": True})])
    assert [(i.code, i.seat, i.params.get("count")) for i in paid] == [
        ("gugong.do.pay.other", 1, 2), ("gugong.do.pay_double", 1, None)]
    one = INSTRUCTIONS([Event("gugong.event.paid", {"player": 0, "count": 1, "double": False})])
    assert [i.code for i in one] == ["gugong.do.pay.one"]
    en = catalog("en")
    assert "1 servant " in en["gugong.do.pay.one"].format(player="Anna", count=1)
    assert "2 servants " in en["gugong.do.pay.other"].format(player="Anna", count=2)


def test_an_exchange_paid_with_servants_then_the_wall_action_step_by_step():
    """Tagesphase (S. 4-5): pay 2 servants for a lower card, lay it at the official and take the card there onto
    the discard pile; then the Wall's option B returns 1 servant and places 2 on the Wall (S. 8)."""
    s = new_game(THREE)
    s = acting_spare(s, 0, "wall", pool=6)
    s, events = play(s, {"type": "location", "opt": "B", "dd": False})
    steps = [(i.code, i.seat, i.params.get("count")) for i in instructions(events)]
    assert steps == [("gugong.do.pay.one", 0, 1), ("gugong.do.wall_supply.other", 0, 2)]
    undo = undo_steps(instructions(events))
    assert [i.undo_code for i in undo] == ["gugong.do.wall_supply.other.undo", "gugong.do.pay.one.undo"]


def test_exchange_tells_which_card_goes_to_the_official_and_which_to_the_discard_pile():
    """Tagesphase, 1. Geschenke austauschen (S. 4): lay your card at the official, take the card lying there onto
    your discard pile."""
    s, own = with_hand_at(new_game(THREE), 0, "palace", 9, 2)
    there = s.board[LOC["palace"]]
    s, events = play(s, {"type": "exchange", "card": own, "loc": LOC["palace"]})
    exchange = [i for i in instructions(events) if i.code == "gugong.do.exchange"]
    assert [(i.seat, i.params) for i in exchange] == [
        (0, {"player": 0, "given": own, "taken": there, "location": "palace"})]
    assert s.board[LOC["palace"]] == own and there in s.players[0].discard
