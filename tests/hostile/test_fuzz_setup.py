"""Fuzz: new-game setups per game, as the app, a save or a token hands them over: the shared checks
(core.setup.check_setup, from the game's manifest), then the engine's own (Session.new), then a
few moves."""

from __future__ import annotations

import random
import time
from typing import Any

from hypothesis import strategies as st

from companion.core import Session
from companion.core.chance import pick
from companion.core.setup import check_setup

from .fuzzing import GAMES, base_setup, fuzz_tests, manifest_of
from .outcomes import Recorder
from .strategies import mutated, odd

MOVES = 25


@st.composite
def setups(draw: st.DrawFn) -> tuple[str, Any]:
    name = draw(st.sampled_from(GAMES))
    m = manifest_of(name)
    setup = base_setup(name, draw(st.integers(m.min_players, m.max_players)), draw(st.integers(0, 2**40)))
    for option in m.options:  # every offered choice, so only the odd values below are new
        values = option.values(len(setup["players"])) or (True, False)
        setup[option.key] = draw(st.sampled_from(values))
    how = draw(st.sampled_from(["mutate", "mutate", "players", "whole", "valid"]))
    if how == "mutate":
        setup = draw(mutated(setup))
    elif how == "players":
        setup["players"] = draw(st.lists(st.one_of(odd, st.text(max_size=50)), max_size=7))
    elif how == "whole":
        setup = draw(odd)
    return name, setup


def start_and_play(recorder: Recorder, name: str, setup: Any) -> None:
    start = time.thread_time()
    try:
        check_setup(manifest_of(name), setup)
        session = Session.new(manifest_of(name).engine, setup)
    finally:
        recorder.timed(time.thread_time() - start, setup)
    rng = random.Random(0)
    for _ in range(MOVES):
        decision = session.decision
        if decision is None:
            return
        start = time.thread_time()
        session.act(pick(decision, rng))
        recorder.timed(time.thread_time() - start, setup)


def check(recorder: Recorder, drawn: tuple[str, Any]) -> None:
    name, setup = drawn
    recorder.run(lambda: start_and_play(recorder, name, setup), drawn, steps=True)


test_setup_fuzz, test_setup_soak = fuzz_tests("setups (check_setup + Session.new)", setups(), check)
