"""Hidden information is the table's (issue 20, item 2): the app never draws a component the table holds
face down or has already dealt.

The check is defined on what the table holds, not on the step flags: per game, `HELD(state)` reads every
holding the table keeps face down or dealt (hands and discard piles, a player's own face-down deck, the
face-down discard pile of Yinzi's infrastructure, Dragon's super-event corner kept hidden). Random playouts
let the app draw every chance step it offers to draw (Session.resolve_chance) and the table enter the rest;
no step the app drew may change a holding. A second table classifies every chance kind of every registry,
so a new chance step must be classified before it runs.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from companion.core.chance import app_may_draw, pick
from companion.core.errors import RuleError
from companion.core.registry import get_game
from companion.core.session import Session
from companion.dragon.steps import STEPS as DRAGON_STEPS
from companion.gugong.steps import STEPS as GUGONG_STEPS
from companion.yinzi.steps import STEPS as YINZI_STEPS

NAMES = ["Anna", "Ben", "Cleo", "Dana", "Emil"]


# A holding is "gains <what>" (a player's cards: nothing may come into it) or "loses <what>" (a face-down
# pile or deck: nothing may leave it), each a list of the components in it.
def _gugong_held(state: Any) -> dict[str, list[Any]]:
    """Each player's cards, hand and discard pile together (the morning takes the pile back into the hand)."""
    return {f"gains cards of {p.seat}": p.hand + p.discard for p in state.players}


def _yinzi_held(state: Any) -> dict[str, list[Any]]:
    held: dict[str, list[Any]] = {"loses infrastructure discard pile": ["tile"] * state.discard_hidden}
    for i, p in enumerate(state.players):
        held[f"gains hand of {i}"] = [tuple(c) for c in p.hand]
        held[f"loses deck of {i}"] = [tuple(c) for c in p.deck]
    return held


def _dragon_held(state: Any) -> dict[str, list[Any]]:
    return {"gains super-event corner kept face down": [state.super_event] if state.super_mode == "hidden" else []}


def _handed_out(before: dict[str, list[Any]], after: dict[str, list[Any]]) -> list[str]:
    """What came into a player's holding, or left a face-down pile, between two states."""
    out = []
    for key in before:
        gained, lost = Counter(after[key]) - Counter(before[key]), Counter(before[key]) - Counter(after[key])
        moved = gained if key.startswith("gains") else lost
        if moved:
            out.append(f"{key}: {sorted(moved.elements(), key=str)}")
    return out


HELD = {"gugong": _gugong_held, "yinzi": _yinzi_held, "dragon": _dragon_held}

# every chance step: False = the app may draw it (a table draws it blind and shows it), True = only the table
# enters it (it holds it face down or was dealt it); a callable flag names the mode it depends on
CLASSIFIED = {
    "gugong": {"setup_start": False, "deal_card": True, "setup_board": False, "setup_decree": False,
               "roll_die": False, "draw_tile": False, "draw_card": True,
               "income_read": True,  # the day track beside the day: only the table reads its box (R30)
               # Meng's Automa card's bottom half, the lower decree on the board: only the table reads them (H7)
               "meng_dusk_read": True, "meng_slot_read": True},
    "dragon": {"event_field": False, "deal": False, "super_draw": "super_mode == hidden"},
    "yinzi": {"draw_market": False, "draw_order": False, "draw_crop": False, "draw_ship_remove": False,
              "draw_coast": False, "draw_ship_top": False, "draw_factory": False, "draw_infra": False,
              "draw_infra_hidden": True, "draw_card": True, "draw_die": False,
              "rate_read": True,  # the exchange track above the die: only the table reads its box (ruling 41)
              "boat_read": True, "crop_cost_read": True, "market_vp_read": True},  # likewise (rulings 42-44)
}
# the solo game's own steps (Meng's Automa deck) are classified with the solo game (companion.gugong.solo)
SOLO = {"meng_reveal", "meng_gift", "meng_travel", "meng_top_card", "meng_draw", "meng_focus"}
REGISTRIES = {"gugong": GUGONG_STEPS, "dragon": DRAGON_STEPS, "yinzi": YINZI_STEPS}

SETUPS = [
    ("gugong", {"players": NAMES[:2], "seed": 1}),
    ("gugong", {"players": NAMES[:3], "seed": 2, "bonus_tiles": True}),
    ("gugong", {"players": NAMES[:4], "seed": 3, "expert": True}),
    ("gugong", {"players": NAMES[:5], "seed": 4, "bonus_tiles": True, "table_entry": True}),
    ("dragon", {"players": NAMES[:3], "seed": 5, "great_wall": True, "super_event": "hidden"}),
    ("dragon", {"players": NAMES[:4], "seed": 6, "great_wall": True, "super_event": "random"}),
    ("dragon", {"players": NAMES[:5], "seed": 7}),
    ("yinzi", {"players": NAMES[:2], "seed": 8}),
    ("yinzi", {"players": NAMES[:4], "seed": 9}),
]


def _play(game_name: str, setup: dict[str, Any], seed: int) -> tuple[Session, list[str], int]:
    """Play to the end: the app draws what it may, the table enters the rest, players choose at random.
    Returns the session, every finding of an app draw that changed a held component, and the app draws."""
    session = Session.new(get_game(game_name), setup)
    held, rng = HELD[game_name], random.Random(seed)
    findings: list[str] = []
    drawn = 0
    while (decision := session.decision) is not None:
        if app_may_draw(decision):
            before = held(session.state)
            session.resolve_chance()
            drawn += 1
            findings += [f"{decision.kind} (action {len(session.log)}) {what}"
                         for what in _handed_out(before, held(session.state))]
        else:
            session.act(pick(decision, rng))
    return session, findings, drawn


@pytest.mark.parametrize(("game_name", "setup"), SETUPS, ids=[f"{g}-{i}" for i, (g, _) in enumerate(SETUPS)])
def test_no_app_draw_hands_out_what_the_table_holds(game_name, setup):
    session, findings, drawn = _play(game_name, setup, setup["seed"])
    assert session.is_over
    assert drawn > 10  # the app did draw: the board, dice, tiles, cards, events
    assert not findings, findings[:5]


def test_every_chance_step_is_classified():
    for game_name, steps in REGISTRIES.items():
        chance = {kind: s for kind, s in steps.kinds.items() if s.chance and kind not in SOLO}
        assert set(chance) >= set(CLASSIFIED[game_name]), game_name
        for kind, s in chance.items():
            assert kind in CLASSIFIED[game_name], f"{game_name}.{kind} is a chance step nobody classified"
            expected = CLASSIFIED[game_name][kind]
            assert callable(s.hidden) if isinstance(expected, str) else s.hidden is expected, f"{game_name}.{kind}"


def test_the_app_refuses_to_draw_a_start_hand_and_nothing_changes():
    session = Session.new(get_game("gugong"), {"players": NAMES[:3], "seed": 3})
    session.resolve_chance()  # the start player: a table would draw it too
    decision = session.decision
    assert decision.kind == "gugong.deal_card" and decision.hidden and not app_may_draw(decision)
    log, state = list(session.log), session.state
    with pytest.raises(RuleError) as err:
        session.resolve_chance()
    assert err.value.code == "table_holds"
    assert session.log == log and session.state is state
    session.resolve_all_chance()  # "the app draws everything" stops at the hand as well
    assert session.log == log


def test_start_hands_are_entered_one_player_after_the_other():
    """Each player's 4 cards are 4 entries in a row (one screen: ui.chance), with the real card's value and
    action offered beyond the profile's placeholders (what the table holds, not what the profile guesses)."""
    session = Session.new(get_game("gugong"), {"players": NAMES[:3], "seed": 3})
    session.resolve_chance()
    start = session.state.start
    seats = []
    while (d := session.decision).kind == "gugong.deal_card":
        seats.append(d.params["p"])
        assert any("seen" in o for o in d.options)  # a card the profile does not list can be entered
        session.act(d.options[0])
    order = [(start + i) % 3 for i in range(3)]
    assert seats == [s for s in order for _ in range(4)]
    assert [len(p.hand) for p in session.state.players] == [4, 4, 4]


def test_a_confirmed_card_census_deals_the_sets_without_a_tap():
    """Told from confirmed facts: the owner's census fixes each set, so "take player set 1" is all there is."""
    game = get_game("gugong")
    census = game.initial_state(game.normalize_setup({"players": NAMES[:2]})).comp.profile.value("gift_cards")
    setup = {"players": NAMES[:3], "seed": 3, "profile": {"overrides": {"gift_cards": census}}}
    session = Session.new(game, setup)
    session.resolve_chance()
    assert session.decision.kind != "gugong.deal_card"
    state = session.state
    for i, seat in enumerate(state.order_from(state.start)):
        assert sorted(state.players[seat].hand) == [c.id for c in state.comp.cards if c.set == f"p{i + 1}"]


def test_an_edition_2_game_deals_the_profile_sets_as_it_always_did():
    """Saves from before replay as written: edition 2 took the profile's sets at the start player's draw."""
    session = Session.new(get_game("gugong"), {"players": NAMES[:3], "seed": 3, "rules": 2})
    session.resolve_chance()
    assert session.decision.kind == "gugong.setup_board"
    assert all(len(p.hand) == 4 for p in session.state.players)


def test_a_harbour_draw_is_entered_by_the_table():
    assert GUGONG_STEPS.kinds["draw_card"].hidden is True
    assert YINZI_STEPS.kinds["draw_card"].hidden is True
