"""Every phase-order refusal names its rule and leaves the state unchanged (RULES-Y 5B, 5C)."""

from __future__ import annotations

import pytest

from companion.core import RuleError, apply
from companion.core.canonical import canonical_bytes
from companion.core.steps import unsettle
from companion.yinzi import feeding
from companion.yinzi.engine import GAME

from .table import acts, arrange, at_actions, top, turn_of

NAMES = ["Angelika", "Marion", "Tanja"]


def refused(state, action, code: str, section: str) -> RuleError:
    unsettle(state)  # the table was arranged by hand: the engine carries on by itself first
    GAME.decision(state)
    before = canonical_bytes(GAME.to_json(state))
    with pytest.raises(RuleError) as err:
        apply(GAME, state, action)
    assert err.value.code == code, err.value
    assert section in err.value.rule, err.value.rule
    assert canonical_bytes(GAME.to_json(state)) == before
    return err.value


def first_turn():
    state = at_actions(NAMES)
    p = state.order[0]
    return state, p, state.players[p].hand[0]


def test_worker_action_as_first_action_of_a_round():
    state, p, _ = first_turn()
    state.players[p].tableau = {"plant": 2}
    state.players[p].workers -= 2
    refused(state, {"type": "worker", "action": "resources", "group": "plant"}, "yinzi.worker_first", "5B")


def test_same_fate_action_twice():
    state, p, card = first_turn()
    state = turn_of(state, p, fate_used=["plant"], actions_done=1, hand=[card, card])
    err = refused(
        state, {"type": "fate", "action": "plant", "card": card, "tax": False}, "yinzi.fate_action_twice", "5B I"
    )
    assert err.params["action"] == "plant"


def test_same_worker_action_twice():
    state, p, _ = first_turn()
    state = turn_of(
        state, p, fate_used=["plant", "progress"], worker_used=["resources"], actions_done=3, tableau={"progress": 2}
    )
    state.players[p].workers -= 2
    refused(state, {"type": "worker", "action": "resources", "group": "progress"}, "yinzi.worker_action_twice", "5B II")


def test_a_fifth_worker():
    state, p, _ = first_turn()
    state = turn_of(state, p, fate_used=["plant"], actions_done=1, tableau={"plant": 3}, migr_lower=2)
    state.players[p].workers -= 5
    state = acts(state, {"type": "worker", "action": "resources", "group": "plant"})
    err = refused(state, {"type": "migrants", "count": 2}, "yinzi.max_four_workers", "5B II")
    assert err.params == {"workers": 3, "asked": 2, "limit": 4}


def test_worker_action_without_workers_on_the_tableau():
    state, p, _card = first_turn()
    state = turn_of(state, p, fate_used=["plant"], actions_done=1, tableau={})
    refused(state, {"type": "worker", "action": "resources", "group": "plant"}, "yinzi.no_workers_on_tableau", "5B")


def test_fourth_fate_action():
    state, p, card = first_turn()
    state = turn_of(state, p, fate_used=["plant", "progress", "build_boats"], actions_done=3, hand=[card],
                    tableau={"plant": 2})
    state.players[p].workers -= 2  # worker actions are possible: the turn is a real choice
    refused(
        state, {"type": "fate", "action": "city_market", "card": card, "tax": False}, "yinzi.three_fate_actions", "5B"
    )


def test_fourth_worker_action():
    state, p, _ = first_turn()
    state = turn_of(
        state,
        p,
        fate_used=["plant", "progress"],
        worker_used=["resources", "war", "ship"],
        actions_done=5,
        tableau={"plant": 1},
    )
    state.players[p].workers -= 1
    refused(state, {"type": "worker", "action": "produce", "group": "plant"}, "yinzi.three_worker_actions", "5B")


def test_card_not_in_hand():
    state, p, _ = first_turn()
    state = turn_of(state, p, hand=[[1, 4]])
    refused(state, {"type": "fate", "action": "plant", "card": [3, 1], "tax": False}, "yinzi.card_not_in_hand", "5B I")


def at_feeding(fields: dict[str, int] | None = None):
    """The round end's feeding (5C) for the first player, with 3 resources in boxes and 3 workers out;
    `fields` (each planted field takes a cube) are set first."""
    state, p, card = first_turn()
    arrange(state, "feeding")
    state.bonus_of = [None] * 3
    pl = state.players[p]
    pl.boxes = {"resources": 3}
    pl.workers -= 3
    if fields:
        pl.fields = fields
        pl.cubes -= sum(fields.values())
    feeding.feed_workers(state)
    return state, card


def test_action_outside_phase_b():
    state, card = at_feeding()
    refused(state, {"type": "fate", "action": "plant", "card": card, "tax": False}, "yinzi.wrong_phase", "5 ")


def test_feeding_cannot_stop_while_food_is_left():
    state, _ = at_feeding({"nanzhili/rice": 1, "zhejiang/wheat": 1})  # two foods to choose from
    refused(state, {"type": "feed_done"}, "yinzi.must_feed", "5C")


def test_bonus_taken_by_another_player():
    from .table import new_game

    state = new_game(NAMES)
    first = top(state)["p"]
    state = acts(state, {"type": "bonus", "bonus": "boat", "crop": False})
    assert state.bonus_of[first] == "boat"
    refused(state, {"type": "bonus", "bonus": "boat", "crop": False}, "yinzi.not_an_option", "5A")
