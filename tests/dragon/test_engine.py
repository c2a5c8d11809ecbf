"""Setup, the event track, card groups, privileges, edition, tie-break, undo and save tokens."""

from __future__ import annotations

import pytest

from companion.core import RuleError, Session, SetupError, apply, codec
from companion.core.canonical import canonical_bytes
from companion.core.playout import playout
from companion.dragon.engine import GAME, advance
from companion.dragon.rules import rules_for, rules_key

from .scenario import act, scenario


@pytest.mark.parametrize(
    ("setup", "code"),
    [
        ({"players": ["A"]}, "dragon.setup.players"),
        ({"players": list("ABCDEF")}, "dragon.setup.players"),
        ({"players": ["A", "B"], "edition": "1999"}, "dragon.setup.edition"),
        ({"players": ["A", "B"], "super_event": "meteor"}, "dragon.setup.super_event"),
        ({"players": ["A", "B"], "profile": {"overrides": {"no.such.fact": 1}}}, "unknown_fact"),
    ],
)
def test_bad_setups_are_refused_with_a_reason(setup, code):
    with pytest.raises(SetupError) as err:
        GAME.normalize_setup(setup)
    assert err.value.code == code


@pytest.mark.parametrize(("n", "young_only", "young", "old"), [(5, 10, 6, 4), (4, 8, 5, 3), (3, 6, 4, 2), (2, 4, 3, 1)])
def test_person_tiles_by_player_count(n, young_only, young, old):
    """Spielvorbereitung, Achtung: 10 per kind at five, two fewer per kind for each missing player."""
    r = rules_for(rules_key(n, False, "2017", {}))
    assert r.supply["craftsman:young"] == young_only and r.supply["tax_collector:young"] == young_only
    assert r.supply["monk:young"] == young and r.supply["monk:old"] == old
    assert "craftsman:old" not in r.supply and len(r.hand) == 11 and r.hand.count("wild") == 2


def test_setup_material_and_chance_steps():
    """Spielvorbereitung: two 2-floor palaces, 6 yuan, 11 cards; two peace first, ten events drawn by chance."""
    s = Session.new(GAME, {"players": ["A", "B", "C"], "seed": 3, "super_event": "random"})
    assert s.decision.kind == "dragon.event_field" and s.decision.is_chance
    assert sum(s.decision.weights) == 10  # every remaining tile is a copy in the bag
    for pl in s.state.players:
        assert [p.floors for p in pl.palaces] == [2, 2] and pl.yuan == 6 and len(pl.hand) == 11
    s.resolve_all_chance()
    assert s.state.events[:2] == ["peace", "peace"] and s.state.super_event is not None
    ev = s.state.events
    assert all(ev[i] != ev[i + 1] for i in range(2, 11))
    assert s.decision.kind == "dragon.opening"


def test_event_layout_never_reaches_an_unavoidable_repeat():
    """Spielvorbereitung: no equal events side by side. Fields 3-9 are T D F C T D F: of M, M, C left, C on
    field 10 would force M next to M, so only M is offered (docs/rulings/dragon.md)."""
    laid = ["imperial_tribute", "drought", "dragon_festival", "contagion", "imperial_tribute", "drought",
            "dragon_festival"]
    state = GAME.clone(Session.new(GAME, {"players": ["A", "B"], "seed": 1}).state)
    state.events[2:9] = laid
    state.tasks[:8] = [{"t": "event_field", "i": 9}]
    assert [o["event"] for o in GAME.decision(state).options] == ["mongol_invasion"]
    with pytest.raises(RuleError) as err:
        apply(GAME, state, {"type": "event", "field": 10, "event": "contagion"})
    assert err.value.code == "dragon.event_repeat" and "Spielvorbereitung" in err.value.rule
    # at the table the forced fields are filled at once: M, C, M
    s = Session.new(GAME, {"players": ["A", "B"], "seed": 1})
    for i, e in enumerate(laid):
        s.act({"type": "event", "field": i + 3, "event": e})
    assert s.state.events[9:] == ["mongol_invasion", "contagion", "mongol_invasion"]
    for seed in range(40):
        state = playout(GAME, {"players": ["A", "B"]}, seed, max_actions=12).state
        ev = state.events
        assert all(ev[i] is None or ev[i] != ev[i + 1] for i in range(2, 11))


@pytest.mark.parametrize(
    ("n", "wall", "sizes"),
    [(2, False, [4, 3]), (3, False, [3, 2, 2]), (4, False, [2, 2, 2, 1]), (5, False, [2, 2, 1, 1, 1]),
     (2, True, [4, 4]), (3, True, [3, 3, 2]), (4, True, [2, 2, 2, 2]), (5, True, [2, 2, 2, 1, 1])],
)
def test_card_groups_as_equal_as_possible(n, wall, sizes):
    """1. Phase: as many groups as players, as equal as possible (8 cards with the Mauerbau card)."""
    s = Session.new(GAME, {"players": [f"P{i}" for i in range(n)], "seed": n, "great_wall": wall})
    while not s.state.groups or len(s.state.groups) < n:
        d = s.decision
        s.resolve_chance() if d.is_chance else s.act(d.options[0])
    assert [len(g) for g in s.state.groups] == sizes
    assert sorted(c for g in s.state.groups for c in g) == sorted(rules_for(s.state.key).cards)


def _privilege_table(edition: str):
    s = scenario({}, players=["A", "B"], edition=edition,
                 groups=[["privilege", "taxes", "build", "harvest"], ["parade", "research", "fireworks"]],
                 tasks=[{"t": "action", "p": 0}])
    return s


@pytest.mark.parametrize(("edition", "cost"), [("2017", 7), ("2007", 6)])
def test_large_privilege_costs_by_edition(edition, cost):
    """1. Phase, Privileg: large privilege 7 yuan (2017 rules) or 6 (2007 rules); small 2; one per action."""
    s = _privilege_table(edition)
    s.players[0].yuan = cost
    s = act(s, {"type": "action", "group": 1, "card": "privilege"})
    assert [o["size"] for o in GAME.decision(s).options] == ["small", "large"]
    s = act(s, {"type": "privilege", "size": "large"})
    assert s.players[0].yuan == 0 and s.players[0].large_privileges == 1
    s = _privilege_table(edition)
    s.players[0].yuan = cost - 1
    s = act(s, {"type": "action", "group": 1, "card": "privilege"})  # only the small one: forced
    assert s.players[0].small_privileges == 1 and s.players[0].yuan == cost - 3


def test_privilege_needs_money():
    """1. Phase, Privileg: without 2 yuan the privilege card cannot be chosen."""
    s = _privilege_table("2017")
    s.players[0].yuan = 1
    before = canonical_bytes(GAME.to_json(s))
    with pytest.raises(RuleError) as err:
        apply(GAME, s, {"type": "action", "group": 1, "card": "privilege"})
    assert err.value.code == "dragon.privilege_unaffordable" and "Privileg" in err.value.rule
    assert canonical_bytes(GAME.to_json(s)) == before


def test_tie_break_by_person_track_then_disc_on_top():
    """Spielende: on equal VP the disc further ahead on the person track wins; on one field the top disc."""
    s = scenario({}, players=["A", "B", "C"])
    for pl, vp, track in zip(s.players, (40, 40, 30), (20, 25, 50), strict=True):
        pl.vp, pl.track = vp, track
        pl.scores["research"][0] = vp
    sheet = GAME.score(s)
    assert sheet.winners == [1] and sheet.tiebreak["code"] == "dragon.tiebreak.person_track"
    s.players[0].track = 25
    s.advance(0, 0)
    s.players[0].stamp = 99
    assert GAME.score(s).winners == [0]


def test_undo_late_in_a_game_and_token_roundtrip():
    """The log is the truth: undo replays, the token (option indices) restores the same game."""
    result = playout(GAME, {"players": ["A", "B", "C", "D", "E"], "great_wall": True, "super_event": "hidden"}, 5)
    s = Session.from_log(GAME, result.setup, result.log)
    final = canonical_bytes(GAME.to_json(s.state))
    token = codec.to_token(s)
    assert canonical_bytes(GAME.to_json(codec.from_token(token).state)) == final
    assert len(token) < 1500
    s.undo()
    s.redo()
    assert canonical_bytes(GAME.to_json(s.state)) == final
    save = codec.loads(codec.dumps(s))
    assert canonical_bytes(GAME.to_json(save.state)) == final


def test_forced_steps_are_not_asked_and_events_tell_them():
    """A choice with a single outcome (the first person into two equal empty palaces) is carried out at once."""
    s = Session.new(GAME, {"players": ["A", "B"], "seed": 2})
    s.resolve_all_chance()
    events = s.act({"type": "opening", "persons": ["monk", "farmer"]})
    assert any(e.code == "dragon.forced" for e in events)
    assert s.decision.kind == "dragon.place" and len(s.decision.options) == 2


def test_decision_advance_is_idempotent():
    s = scenario({}, players=["A", "B"])
    before = canonical_bytes(GAME.to_json(s))
    advance(s)
    assert canonical_bytes(GAME.to_json(s)) == before


def test_table_view_mirrors_what_players_would_count():
    from companion.dragon.view import table_view

    s = Session.new(GAME, {"players": ["A", "B", "C"], "seed": 9, "great_wall": True, "super_event": "hidden"})
    while s.state.month < 2 or s.state.phase != "person":
        d = s.decision
        s.resolve_chance() if d.is_chance else s.act(d.options[-1])
    view = table_view(s.state)
    assert view["month"] == 2 and view["phase"] == "person" and view["super_event_hidden"]
    assert view["decision"]["kind"] in ("dragon.card", "dragon.tile", "dragon.place")
    assert sum(sum(p["cards_left"].values()) for p in view["players"]) in (30, 29, 28)
    assert len(view["groups"]) == 3 and all(len(g["dragons"]) <= 3 for g in view["groups"])
    assert view["event_track"][0]["done"] and not view["event_track"][1]["done"]
    import json

    json.dumps(view)  # plain data
