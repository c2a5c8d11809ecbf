"""Issue 22: a box fact that is not a chance step is corrected at the table where the game uses it.

Each correctable fact (a jade house's fields and price, a day's income, a decree's printed cost, a travel
tile's effect) is corrected mid-game in a real session (setup + log), the game then uses the corrected value,
undo gives back the state before byte for byte, redo the state after, and the save replays byte-identically.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.core import Session
from companion.core.actions import Decision
from companion.gugong.engine import GAME
from companion.gugong.solo.engine import GAME as SOLO
from tests.core import play_on

PLAYERS = ["Anna", "Lisa", "David"]


def _session(game=GAME, players=PLAYERS, seed: int = 5, **extra) -> Session:
    return Session.new(game, {"players": players, "seed": seed, "table_entry": True, **extra})


_bytes = play_on.state_bytes
correct_undo_redo_replay = play_on.correct_undo_redo_replay


def play_until(session: Session, wanted: Callable[[Decision], bool], seed: int = 1, limit: int = 3000) -> Decision:
    found = play_on.play_until(session, wanted, seed, limit)
    assert found is not None
    return found


def _with(kind: str) -> Callable[[Decision], bool]:
    return lambda d: any(o.get("type") == kind for o in d.options)


def test_a_jade_house_with_one_field_is_empty_after_one_jade():
    """The box's house 1 has 1 jade field (the model 2): corrected where jade is bought, it is no longer offered
    once its jade is taken, and the jade supply keeps every piece accounted for."""
    session = _session()
    d = play_until(session, lambda d: any(o.get("type") == "jade_house_seen" and o["house"] == 0 for o in d.options))
    fix = next(o for o in d.options if o.get("type") == "jade_house_seen" and o["house"] == 0
               and o["seen"]["jade"] == 1)
    left_before = session.state.jade_houses[0]
    correct_undo_redo_replay(session, fix)
    s = session.state
    assert s.comp.jade_houses[0][1] == 1 and s.jade_houses[0] == max(0, left_before - 1)
    assert GAME.invariants(s) == []
    assert session.decision.kind == d.kind  # the same question again, with the corrected house
    buy = [o for o in session.decision.options if o.get("house") == 0 and "dd" in o]
    if s.jade_houses[0]:
        session.act(buy[0])
        assert session.state.jade_houses[0] == 0
        d = play_until(session, lambda d: any("house" in o and "dd" in o for o in d.options), seed=2)
        assert all(o.get("house") != 0 for o in d.options if "dd" in o)


def test_a_jade_house_price_corrected_is_what_the_player_pays():
    session = _session(seed=6)
    d = play_until(session, _with("jade_price_seen"))
    fix = next(o for o in d.options if o.get("type") == "jade_price_seen" and o["house"] == 1
               and o["seen"]["cost"] == 1)
    correct_undo_redo_replay(session, fix)
    assert session.state.comp.jade_houses[1][0] == 1
    pool = session.state.players[session.decision.player].pool
    buy = next(o for o in session.decision.options if o.get("house") == 1 and o.get("dd") is False)
    session.act(buy)
    assert session.state.players[d.player].pool == pool - 1


@pytest.mark.parametrize("game, players", [(GAME, PLAYERS), (SOLO, ["Anna"])])
def test_the_day_track_shows_4_on_day_2(game, players):
    """Morning of day 2: the table reads 4 on its day track (the model says 6); every player takes 4, Meng too."""
    session = _session(game, players)
    d = play_until(session, lambda d: d.kind.endswith("income_read"))
    assert d.hidden and d.options[0] == {"type": "income", "n": 6} and "seen" not in d.options[0]
    general = [p.general for p in session.state.players]
    pool = [p.pool for p in session.state.players]
    correct_undo_redo_replay(session, {"type": "income", "n": 4, "seen": True})
    s = session.state
    assert s.comp.income[2] == 4 and s.seen["income"] == [{"day": 2, "n": 4}]
    took = [p.pool - before for p, before in zip(s.players, pool, strict=True)]
    asked = session.decision.kind.endswith("take_double")  # a double servant in the general supply asks first
    assert asked or all(t == min(4, g) for t, g in zip(took, general, strict=True))


def test_a_decree_cost_corrected_where_it_is_bought():
    session = _session(seed=7)
    d = play_until(session, _with("decree_cost_seen"))
    fix = next(o for o in d.options if o.get("type") == "decree_cost_seen")
    correct_undo_redo_replay(session, fix)
    s = session.state
    assert s.comp.decrees[fix["decree"]].cost == fix["seen"]["cost"]
    assert {"decree": fix["decree"], "cost": fix["seen"]["cost"], "vp": s.comp.decrees[fix["decree"]].vp} in s.seen[
        "decrees"]
    assert session.decision.kind == d.kind


def test_a_travel_tile_found_to_be_another_kind_works_as_the_table_sees_it():
    """The tile at the city the traveller reaches is a 2-VP tile where the model put another: the player gets
    2 VP, and the piles keep 32 tiles."""
    session = _session(seed=8)
    d = play_until(session, lambda d: any(o.get("type") == "move" and "seen" in o and o["seen"]["tile"] == "vp2"
                                          for o in d.options))
    fix = next(o for o in d.options if o.get("type") == "move" and "seen" in o and o["seen"]["tile"] == "vp2")
    vp = session.state.players[d.player].vp
    correct_undo_redo_replay(session, fix)
    s = session.state
    assert s.players[d.player].vp == vp + s.comp.act.tile_vp
    assert "vp2" in s.players[d.player].tiles and GAME.invariants(s) == []


def test_no_correction_without_table_entry_and_old_editions_ask_no_income():
    session = Session.new(GAME, {"players": PLAYERS, "seed": 5})
    d = play_until(session, lambda d: d.kind.endswith(".act") and not d.is_chance)
    assert not any("seen" in o for o in d.options)
    old, kinds = _session(rules=3), []
    play_until(old, lambda d: kinds.append(d.kind) or (old.state.day == 3 and d.kind.endswith(".turn")))
    assert not any(k.endswith("income_read") for k in kinds) and "income" not in old.state.seen
