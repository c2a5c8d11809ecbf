"""Provenance (core.provenance, issue 14): a number the table reads that rests on a placeholder of the box
profile carries the fact it rests on; a number that rests only on confirmed facts carries nothing.

"Depends" is decided by experiment, step by step of random playouts: from the same state and the same
action, the engine runs again with one unverified fact changed to a value of the same shape (every rate
one more, doubled or halved; every boat capacity, crop cost or market VP one more; every tile three war
symbols more or none, the next tile's demand, or a demand that begins alike; every card one worker more).
A value of an event, an instruction or the score sheet that comes out different depends on that fact and
must carry it (a step that takes another course, or is not legal with the changed fact, has no value to
compare). Conversely, once the owner has confirmed every fact (the same values, status "owner") nothing
carries a mark and nothing else changes; and no parameter is marked by habit: each (event, parameter) and
score row that ever carries a fact is seen to change with that fact.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from companion.core import RuleError, apply
from companion.core.playout import playout
from companion.core.provenance import UNVERIFIED, marked
from companion.core.steps import unsettle
from companion.yinzi.components import for_overrides as box_for
from companion.yinzi.editions import CURRENT
from companion.yinzi.engine import GAME
from companion.yinzi.instructions import instructions

BOX = box_for({})
SWAP = {"d5": "d8", "d8": "d5", "d6": "d7", "d7": "d6"}  # demands that begin alike but pay differently
Change = Callable[[Any], Any]
CHANGES: list[tuple[str, Change]] = [
    ("exchange.rates", lambda rates: [r + 1 for r in rates]),
    ("exchange.rates", lambda rates: [2 * r for r in rates]),
    ("exchange.rates", lambda rates: [max(2, r // 2) for r in rates]),
    ("boat.capacities", lambda caps: [c + 1 for c in caps]),
    ("crops.track_costs", lambda costs: [c + 1 for c in costs]),
    ("foreign_markets.vp", lambda vp: {k: v + 1 for k, v in vp.items()}),
    ("infra.tiles", lambda tiles: [{**t, "war": t["war"] + 3} for t in tiles]),
    ("infra.tiles", lambda tiles: [{**t, "war": 0} for t in tiles]),
    ("infra.tiles", lambda tiles: [{**t, "demand": tiles[(i + 1) % len(tiles)]["demand"]}
                                   for i, t in enumerate(tiles)]),
    ("infra.tiles", lambda tiles: [{**t, "demand": SWAP.get(t["demand"], t["demand"])} for t in tiles]),
    ("cards.deck", lambda deck: [[f, w + 1] for f, w in deck]),
]
# seed 17 (2 players): an edition-5 playout where a tile paid in silver is fulfilled (silver changes with the tiles)
GAMES = [(["Ada", "Bo", "Cai", "Dee"][:n], seed) for seed, n in enumerate((2, 3, 4, 2, 3, 4, 2), start=11)]


def _setup(names: list[str], overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"players": names, "seed": 1, "rules": CURRENT, "profile": {"overrides": overrides or {}}}


def _values(params: dict[str, Any]) -> dict[str, Any]:
    """The values of a parameter set that the table reads (not its marks, not flags)."""
    return {k: v for k, v in params.items() if k != UNVERIFIED and not isinstance(v, bool)}


def _changed(before: dict[str, Any], after: dict[str, Any]) -> set[str]:
    return {k for k, v in _values(before).items() if _values(after).get(k) != v}


def _changed_with(state: Any, action: dict[str, Any], fact: str, change: Change) -> tuple[list, list] | None:
    """The same action's events and instructions with `fact` changed; None when the action is then not
    legal or takes another course (different events): no value to compare."""
    other = GAME.clone(state)
    other.overrides = {**state.overrides, fact: change(BOX.profile.value(fact))}
    unsettle(other)
    try:
        _, events = apply(GAME, other, action)
    except RuleError:
        return None
    return events, instructions(events)


def _step(code: str) -> str:
    """An instruction's step without its plural form ("copper_to_bank.one" and ".other" are one step)."""
    return code.removesuffix(".one").removesuffix(".other")


def _computed_as(e: Any) -> str:
    """What computed an event or instruction: paying the owner of a factory is a payment like any other
    (companion.yinzi.exchange.pay under another code); an instruction's step without its plural form."""
    if e.code == "yinzi.outsourcing_paid":
        return "yinzi.paid_copper" if "copper" in e.params else "yinzi.paid_silver"
    return _step(e.code)


def _course(x: Any) -> tuple:
    """An event's (instruction's) step and, for a step taken for the table, the shape of what it took: giving
    an ambassador disc instead of a cube (another tile demand) is another course, not another value."""
    action = x.params.get("action") if x.code == "core.forced" else None
    return (_step(x.code), tuple(sorted(action)) if isinstance(action, dict) else None)


def _pairs(a: list, b: list) -> list[tuple[Any, Any]] | None:
    """The same events (instructions) of both runs side by side; None when the runs took another course."""
    if [_course(x) for x in a] != [_course(y) for y in b]:
        return None
    return list(zip(a, b, strict=True))


def _check_step(state, action, events, seen: dict, unmarked: list) -> None:
    own = instructions(events)
    for fact, change in CHANGES:
        other = _changed_with(state, action, fact, change)
        if other is None:
            continue
        for kind, mine, theirs in (("event", events, other[0]), ("instruction", own, other[1])):
            for a, b in _pairs(mine, theirs) or []:
                marks = marked(a.params)
                for name in _changed(a.params, b.params):
                    key = (_computed_as(a), name, fact)
                    seen[key] = seen.get(key, 0) + 1
                    if fact not in marks.get(name, []):
                        unmarked.append((kind, a.code, name, fact, a.params))


def _check_sheet(state, seen: dict, unmarked: list, marks: dict) -> None:
    sheet = GAME.score(state)
    for row in sheet.rows:
        for i in range(len(row.values)):
            for fact in row.facts_behind(i):
                marks[(row.code, "value", fact)] = marks.get((row.code, "value", fact), 0) + 1
    for fact, change in CHANGES:
        other = GAME.clone(state)
        other.overrides = {**state.overrides, fact: change(BOX.profile.value(fact))}
        for row, theirs in zip(sheet.rows, GAME.score(other).rows, strict=True):
            for i, (a, b) in enumerate(zip(row.values, theirs.values, strict=True)):
                if a != b:
                    seen[(row.code, "value", fact)] = seen.get((row.code, "value", fact), 0) + 1
                    if fact not in row.facts_behind(i):
                        unmarked.append(("score", row.code, i, fact, a))


def _arranged_payments() -> list[tuple[Any, dict[str, Any]]]:
    """Silver broken to pay copper, which random playouts reach rarely: a crop tile whose cost is just the
    copper the player has (one more copper: one silver broken), and a factory upgrade of 5 copper paid from
    silver alone on the exchange field of 6 (at half the rate: two silver broken)."""
    from .table import NAMES, M, acts, at_actions, give_factory, turn_of

    hand = [[3, 1], [1, 4], [2, 2]]
    crop = turn_of(at_actions(NAMES), M, hand=hand, copper=3, silver=1)
    crop.crop_track[0] = "tea"
    crop = acts(crop, {"type": "fate", "action": "plant", "card": [3, 1], "tax": False})
    upgrade = turn_of(at_actions(NAMES), M, hand=hand, copper=0, silver=4)
    upgrade.die = 1
    factory = give_factory(upgrade, M, "paper", upgrade.players[M].color, "jiangxi", 2)
    upgrade = acts(upgrade, {"type": "fate", "action": "upgrade_factories", "card": [3, 1], "tax": False})
    return [(crop, {"type": "buy_crop", "slot": 0, "province": "jiangxi"}),
            (upgrade, {"type": "upgrade", "factory": factory})]


def _collect_marks(events: list, marks_found: dict) -> None:
    for e in events:
        for name, facts in marked(e.params).items():
            for fact in facts:
                key = (_computed_as(e), name, fact)
                marks_found[key] = marks_found.get(key, 0) + 1


@pytest.fixture(scope="module")
def walked() -> dict[str, Any]:
    """Random playouts walked step by step: every value that changes with a fact, and what carries a mark."""
    seen: dict[tuple[str, str, str], int] = {}
    unmarked: list = []
    marks_found: dict[tuple[str, str, str], int] = {}  # events and score rows
    for names, seed in GAMES:
        result = playout(GAME, _setup(names), seed)
        state = GAME.initial_state(result.setup)
        for n, action in enumerate(result.log):
            new, events = apply(GAME, state, action)
            _collect_marks(events, marks_found)
            _check_step(state, action, events, seen, unmarked)
            if n % 40 == 0:
                _check_sheet(state, seen, unmarked, marks_found)
            state = new
        _check_sheet(state, seen, unmarked, marks_found)
    for state, action in _arranged_payments():
        _, events = apply(GAME, state, action)
        _collect_marks(events, marks_found)
        _check_step(state, action, events, seen, unmarked)
    return {"seen": seen, "unmarked": unmarked, "marks": marks_found}


def test_every_value_that_changes_with_a_placeholder_carries_it(walked):
    assert walked["seen"], "no value ever changed with a fact: the experiment proves nothing"
    assert walked["unmarked"] == []


def test_no_parameter_is_marked_by_habit(walked):
    """Each (event, parameter, fact) and each (score row, fact) marked somewhere is seen to change with that
    fact somewhere: marks follow what the engine computes, not a blanket rule. (Instructions inherit their
    marks from their events' parameters, companion.yinzi.instructions.inherit.)"""
    never = sorted(key for key in walked["marks"] if key not in walked["seen"])
    assert never == []


def test_with_every_fact_confirmed_nothing_is_marked_and_nothing_else_changes():
    """The owner's box check gives every placeholder its printed value (here: the same values): the same
    game, event for event, without a single mark in events, instructions or the score sheet."""
    owned = {f.key: f.value for f in BOX.profile.unverified()}
    for names, seed in GAMES[:2]:
        result = playout(GAME, _setup(names), seed)
        plain, checked = GAME.initial_state(result.setup), GAME.initial_state(
            GAME.normalize_setup(_setup(names, owned)))
        for action in result.log:
            plain, events = apply(GAME, plain, action)
            checked, same = apply(GAME, checked, action)
            assert [e.code for e in same] == [e.code for e in events]
            for a, b in zip(events, same, strict=True):
                assert UNVERIFIED not in b.params and _values(a.params) == _values(b.params)
            assert not any(UNVERIFIED in i.params for i in instructions(same))
        assert not any(any(row.unverified) for row in GAME.score(checked).rows)
        assert [r.values for r in GAME.score(checked).rows] == [r.values for r in GAME.score(plain).rows]
