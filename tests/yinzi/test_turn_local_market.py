"""6 Der lokale Markt during one's turn (issue 26 point 5, Y 968 and Y 379; ruling 25)."""

from __future__ import annotations

from companion.core.steps import unsettle
from companion.yinzi import components
from companion.yinzi.engine import GAME

from .table import acts, first_turn, only_options, turn_of


def _with_wheat(state, p):
    prov = components.of(state).provinces[0]
    pl = state.players[p]
    pl.fields = {**pl.fields, f"{prov}/wheat": pl.fields.get(f"{prov}/wheat", 0) + 2}
    pl.cubes -= 2
    return state


def test_the_local_market_stays_open_after_the_action():
    """Edition 4 (games started with it play on so; edition 5 in the tests below).
    Y 968 (6 Der lokale Markt): "Der Verkauf an oder der Kauf vom lokalen Markt stellt keine Aktion dar und kann
    vom Spieler immer unternommen werden, wenn er am Zug ist"; Y 379: "Zusätzlich darf der Spieler Güter auf dem
    lokalen Markt kaufen oder verkaufen". After the action's steps the turn is not over yet: the player may still
    sell (ruling 25)."""
    state, p, card = first_turn()
    state = turn_of(state, p)
    state.rules = 4
    state = _with_wheat(state, p)
    state = acts(state, {"type": "fate", "action": "progress", "card": card, "tax": False})
    unsettle(state)
    while GAME.decision(state).kind != "yinzi.after_action":
        d = GAME.decision(state)
        assert d.player == p, d.kind  # the turn went on to the next player
        done = {"type": "done"}
        state = acts(state, done if done in d.options else d.options[0])
    sell = [o for o in only_options(state) if o["type"] == "sell_local"]
    assert sell and {"type": "end_turn"} in only_options(state)
    copper = state.players[p].copper
    state = acts(state, sell[0])
    assert state.players[p].copper > copper and GAME.decision(state).kind == "yinzi.after_action"
    state = acts(state, {"type": "end_turn"})
    assert GAME.decision(state).player != p  # the turn is handed on
    assert GAME.invariants(state) == []



def _progress_with_nothing_to_sell():
    """The first player's turn with no crop on any field, after a progress action (fate card)."""
    state, p, card = first_turn()
    state = turn_of(state, p)
    pl = state.players[p]
    pl.cubes += sum(pl.fields.values())
    pl.fields = {}
    return acts(state, {"type": "fate", "action": "progress", "card": card, "tax": False}), p


def test_nothing_to_do_after_the_action_asks_nothing():
    """With nothing to sell and no disc to cash the turn ends at once, as before (no extra question)."""
    state, p = _progress_with_nothing_to_sell()
    unsettle(state)
    for _ in range(10):
        d = GAME.decision(state)
        assert d.kind != "yinzi.after_action"
        if d.player != p:
            break
        done = {"type": "done"}
        state = acts(state, done if done in d.options else d.options[0])


def _to_the_next_player(state, p, asked=False):
    """Answer the player's own steps ("done" where offered) until the turn is handed on; was the player asked
    `yinzi.after_action` on the way?"""
    for _ in range(20):
        d = GAME.decision(state)
        if d.player != p:
            return state, asked
        asked = asked or d.kind == "yinzi.after_action"
        if d.kind == "yinzi.after_action" and {"type": "end_turn"} in d.options:
            state = acts(state, {"type": "end_turn"})
            continue
        done = {"type": "done"}
        state = acts(state, done if done in d.options else d.options[0])
    raise AssertionError("the turn was never handed on")


def test_the_same_offer_after_the_action_is_not_asked_again():
    """Edition 5 (ruling 40): the turn question offered selling the wheat and the player took the action instead;
    the action changed nothing there, so selling now would come to the same: the turn is handed on, no tap."""
    state, p, card = first_turn()
    state = turn_of(state, p)
    state = _with_wheat(state, p)
    assert any(o["type"] == "sell_local" for o in GAME.decision(state).options), "selling was on offer"
    state = acts(state, {"type": "fate", "action": "progress", "card": card, "tax": False})
    unsettle(state)
    state, asked = _to_the_next_player(state, p)
    assert not asked
    assert GAME.invariants(state) == []


def test_something_new_to_sell_after_the_action_is_asked():
    """Edition 5: wheat that was not there at the turn question (as a planting makes it) is a new offer: asked."""
    state, p = _progress_with_nothing_to_sell()
    state = _with_wheat(state, p)  # the action's steps bring a cube to sell
    unsettle(state)
    while GAME.decision(state).kind != "yinzi.after_action":
        d = GAME.decision(state)
        assert d.player == p, d.kind
        done = {"type": "done"}
        state = acts(state, done if done in d.options else d.options[0])
    sell = [o for o in only_options(state) if o["type"] == "sell_local"]
    assert sell and {"type": "end_turn"} in only_options(state)
    state = acts(state, sell[0])
    assert GAME.decision(state).kind == "yinzi.after_action", "after a sale: asked again while wheat is left"
