"""Fuzz: moves typed by hand ("Enter a move by hand", advanced box) at many points of real games:
read by core.validate.parse_action, then applied; a refused move leaves the state byte for byte."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
from hypothesis import strategies as st

from companion.core import Session, apply
from companion.core.canonical import canonical_bytes
from companion.core.validate import parse_action

from .fuzzing import GAMES, fuzz_tests, manifest_of, played
from .outcomes import Recorder
from .strategies import ODD_TEXTS, mutated, near, odd

POINTS = 6  # positions per game where moves are typed


@cache
def states(name: str) -> tuple[Any, ...]:
    setup, log = played(name)
    cuts = [len(log) * i // POINTS for i in range(POINTS)]
    game = manifest_of(name).engine
    return tuple(Session.from_log(game, setup, list(log[:k])).state for k in cuts)


@st.composite
def typed_moves(draw: st.DrawFn) -> tuple[str, int, str]:
    name = draw(st.sampled_from(GAMES))
    point = draw(st.integers(0, POINTS - 1))
    decision = manifest_of(name).engine.decision(states(name)[point])
    option = draw(st.sampled_from(list(decision.options))) if decision else {"type": "pass"}
    how = draw(st.sampled_from(["option", "near", "mutate", "mutate", "text"]))
    if how == "near" and len(option) > 1:
        key = draw(st.sampled_from(sorted(k for k in option if k != "type")))
        move: Any = {**option, key: draw(st.sampled_from(near(option[key])))}
    elif how == "mutate":
        move = draw(mutated(option, odd))
    else:
        move = option
    try:
        text = json.dumps(move, ensure_ascii=False)
    except (ValueError, RecursionError):
        text = "[" * 3000
    if how == "text":
        text = draw(st.sampled_from([text[:-1], text + "}", "", "pass", *ODD_TEXTS, "[" * 100_000,
                                     '{"type": "x", "v": ' + "9" * 5000 + "}", '{"type": NaN}']))
    return name, point, text


def enter(name: str, point: int, text: str) -> None:
    game, state = manifest_of(name).engine, states(name)[point]
    before = canonical_bytes(game.to_json(state))
    decision = game.decision(state)
    try:
        apply(game, state, parse_action(text, decision.options if decision else None))
    finally:
        assert canonical_bytes(game.to_json(state)) == before, "a move changed the state it was tried on"


def check(recorder: Recorder, drawn: tuple[str, int, str]) -> None:
    recorder.run(lambda: enter(*drawn), drawn)


test_actions_fuzz, test_actions_soak = fuzz_tests("manual moves (parse_action + apply)", typed_moves(), check)


def test_moves_the_soak_found_are_refused_with_a_message():
    """Found by `make soak`: a card action that is not a location's reached the location refusals (KeyError)."""
    from companion.core import CompanionError

    with pytest.raises(CompanionError):
        enter("gugong", 2, '{"type": "card", "extra": 1}')
