"""Issue 22 for Yinzi: boat capacities, crop-track costs and foreign-market VP are read where first used (edition 7).

Each reading is a step of the log: a number other than the model's is the box's for the rest of the game (status
"seen at the table"), it undoes, redoes and replays byte for byte, and the Box check records it place by place;
edition 6, games without table entry and facts the owner checked are never asked (rulings 42 to 44).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.core import Session, seen_items
from companion.core.actions import Decision
from companion.core.profile import load_default
from companion.yinzi import boats, bonus, components, readings, scoring
from companion.yinzi.engine import GAME
from companion.yinzi.seen_items import items_seen
from tests.core import play_on

PLAYERS = ["Anna", "Lisa", "David"]
BOAT, COST, VP = "yinzi.boat_read", "yinzi.crop_cost_read", "yinzi.market_vp_read"


def _session(seed: int = 3, players: list[str] = PLAYERS, **extra) -> Session:
    return Session.new(GAME, {"players": players, "seed": seed, "table_entry": True, **extra})


_bytes = play_on.state_bytes


def play_until(session: Session, wanted: Callable[[Decision], bool], seed: int = 1, limit: int = 20000
               ) -> Decision | None:
    return play_on.play_until(session, wanted, seed, limit, end_ok=True)


def _seen(d: Decision, n: int) -> dict:
    option = next(o for o in d.options if o["n"] == n)
    assert "seen" in option  # a number other than the model's: only the table enters it
    return option


def _corrected_undone_redone_replayed(session: Session, d: Decision, n: int) -> None:
    """Enter `n` at decision `d`; undo gives the state before, redo the state after, a save replays to it."""
    play_on.correct_undo_redo_replay(session, _seen(d, n))


def test_the_boat_start_field_is_read_at_the_setup_and_a_new_capacity_carries():
    session = _session()
    d = play_until(session, lambda d: d.kind == BOAT)
    assert d.hidden and d.params["field"] == 1 and session.state.phase == "setup"
    model = components.of(session.state).capacity(1)
    assert d.options[0] == {"type": "capacity", "n": model}
    _corrected_undone_redone_replayed(session, d, 5)
    assert all(boats.capacity(session.state, p) == 5 for p in range(len(PLAYERS)))
    box = components.of(session.state)
    assert box.capacity(1) == 5 and box.profile.fact(components.BOATS).status == "seen"
    assert session.state.seen[components.BOATS] == [{"field": 1, "capacity": 5}]


def test_a_field_the_cylinder_reaches_is_read_once_before_its_capacity_is_used():
    session = _session(seed=3, players=PLAYERS[:2])
    play_until(session, lambda d: d.kind == BOAT)
    session.act(session.decision.options[0])
    d = play_until(session, lambda d: d.kind == BOAT)
    assert d is not None and d.params["field"] > 1
    field = d.params["field"]
    assert any(pl.boat == field for pl in session.state.players)  # the cylinder stands there now
    _corrected_undone_redone_replayed(session, d, 9)
    owner = next(p for p, pl in enumerate(session.state.players) if pl.boat == field)
    assert boats.capacity(session.state, owner) == 9


def test_the_crop_track_is_read_before_the_first_bonus_and_a_new_price_decides_who_can_buy():
    session = _session()
    d = play_until(session, lambda d: d.kind == COST)
    assert d.params == {"round": 1, "phase": "bonus", "field": 1}
    fields = []
    while session.decision.kind == COST:
        d = session.decision
        fields.append(d.params["field"])
        if d.params["field"] == 1:
            _corrected_undone_redone_replayed(session, d, 10)
        else:
            session.act(d.options[0])
    assert fields == [1, 2, 3, 4, 5, 6] and session.decision.kind == "yinzi.choose_bonus"
    assert components.of(session.state).crop_costs[0] == 10
    p = session.decision.player
    buys_first = {"type": "bonus", "bonus": bonus.BONUSES[0], "crop": True} in session.decision.options
    assert buys_first == (session.state.players[p].copper >= 10 and session.state.crop_track[0] is not None)
    later = play_until(session, lambda d: d.kind == COST, limit=3000)
    assert later is None  # read once: no later bonus phase asks again


def test_a_foreign_market_is_read_before_the_final_scoring_and_scores_with_its_number():
    session = _session(seed=5)
    d = play_until(session, lambda d: d.kind == VP, seed=5)  # a game in which wares reach Korea
    nation = d.params["nation"]
    assert session.state.foreign[nation] and session.state.phase == "final"
    model = d.options[0]["n"]
    before = [e.market_vp for e in scoring.entries_from_state(session.state)]
    _corrected_undone_redone_replayed(session, d, model + 5)
    after = [e.market_vp for e in scoring.entries_from_state(session.state)]
    for p in range(len(PLAYERS)):
        assert after[p] - before[p] == 5 * session.state.foreign[nation].count(p)
    assert after != before
    assert components.of(session.state).profile.value(components.MARKET_VP)[nation] == model + 5


@pytest.mark.parametrize("extra", [{"rules": 6}, {"table_entry": False}, {"profile": {"overrides": {
    components.BOATS: load_default("yinzi").value(components.BOATS),
    components.CROP_COSTS: load_default("yinzi").value(components.CROP_COSTS)}}}])
def test_no_reading_in_edition_6_without_table_entry_or_when_the_owner_checked(extra):
    session = _session(**extra)
    kinds: list[str] = []
    play_until(session, lambda d: kinds.append(d.kind) or session.state.round >= 2)
    assert BOAT not in kinds and COST not in kinds


def test_the_box_check_records_each_place_read_and_nothing_else():
    """The model's number confirmed is a sight of the box too; a field never reached is not recorded."""
    session = _session(seed=5)
    d = play_until(session, lambda d: d.kind == VP, seed=5)  # the earlier readings confirm the model's numbers
    nation, n = d.params["nation"], d.options[0]["n"] + 1
    session.act(_seen(d, n))
    while (d := play_until(session, lambda d: d.kind == VP, seed=5)) is not None:
        session.act(d.options[0])
    assert session.is_over
    found = items_seen(GAME, session.setup, list(session.log))
    profile = load_default("yinzi")
    reached = {str(r["field"]) for r in session.state.seen[components.BOATS]}
    assert found[components.BOATS] == {f: profile.value(components.BOATS)[int(f) - 1] for f in reached}
    assert found[components.CROP_COSTS] == {str(i + 1): c for i, c in enumerate(profile.value(components.CROP_COSTS))}
    assert found[components.MARKET_VP][nation] == n
    overrides, seen, partly, _proofs = seen_items.record(profile, {}, found)
    assert components.CROP_COSTS in seen  # all six fields read: seen as a whole
    assert components.BOATS in partly and len(reached) < 12  # only the fields reached were read
    assert overrides[components.MARKET_VP][nation] == n
    others = {k: v for k, v in overrides[components.MARKET_VP].items() if k not in found[components.MARKET_VP]}
    assert others == {k: v for k, v in profile.value(components.MARKET_VP).items() if k in others}
    assert components.MARKET_VP in partly  # markets without wares were never read


# -- one real box, three games: the recorded profile converges on it for every place the games read -------------
REAL = {components.BOATS: [2, 3, 3, 4, 5, 5, 6, 7, 7, 8, 9, 9], components.CROP_COSTS: [1, 1, 2, 2, 3, 3],
        components.MARKET_VP: {"brunei": 2, "korea": 5, "japan": 4, "portugal": 6, "spain": 3, "netherlands": 5,
                               "general_east": 2, "general_europe": 1}}


def _real_game(seed: int, stored: dict) -> Session:
    """A game on the real box: at each reading the table enters what its board prints."""
    session = _session(seed=seed, profile={k: stored[k] for k in ("overrides", "seen", "partly")})
    while (d := play_until(session, lambda d: d.kind in (BOAT, COST, VP), seed=seed)) is not None:
        reading = readings.READINGS[d.kind.removeprefix("yinzi.")]
        place = d.params[reading.place]
        real = REAL[reading.fact]
        n = real[place - 1] if isinstance(real, list) else real[place]
        session.act(next(o for o in d.options if o["n"] == n))
    return session


def test_three_games_on_one_real_box_converge_on_what_they_read():
    stored: dict = {"overrides": {}, "seen": [], "partly": [], "proofs": {}}
    for seed in (5, 3, 4):
        session = _real_game(seed, stored)
        profile = load_default("yinzi").with_overrides(stored["overrides"], set(stored["seen"]), set(stored["partly"]))
        found = items_seen(GAME, session.setup, list(session.log))
        overrides, seen, partly, proofs = seen_items.record(profile, stored["proofs"], found)
        stored = {"overrides": overrides, "seen": seen, "partly": partly, "proofs": proofs}
    profile = load_default("yinzi").with_overrides(stored["overrides"], set(stored["seen"]), set(stored["partly"]))
    default = load_default("yinzi")
    for fact, real in REAL.items():
        proof = stored["proofs"][fact]
        places = [str(i + 1) for i in range(len(real))] if isinstance(real, list) else list(real)
        value = profile.value(fact)
        for place in places:  # what a game read is the real box's; what none read is still the placeholder
            got = value[int(place) - 1] if isinstance(real, list) else value[place]
            want = real[int(place) - 1] if isinstance(real, list) else real[place]
            unread = default.value(fact)[int(place) - 1] if isinstance(real, list) else default.value(fact)[place]
            assert got == (want if place in proof else unread), (fact, place)
        whole = set(proof) == set(places)
        assert profile.fact(fact).status == ("seen" if whole else "partly"), fact
    assert profile.fact(components.CROP_COSTS).status == "seen"  # every game reads all six fields
    assert profile.fact(components.BOATS).status == "partly"  # no game takes a cylinder to the track's end
