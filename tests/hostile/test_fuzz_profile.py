"""Fuzz: box-profile values, per fact of every box, as Box check saves them and as they travel in
setups, saves and tokens: checked by the fact's schema (data/schemas/profile-<box>.json); a value
that is accepted must then carry a complete game without a crash or a slow move."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from hypothesis import strategies as st

from companion.core import Session
from companion.core.chance import pick
from companion.core.profile import fact_schema, load_default
from companion.core.setup import check_setup

from .fuzzing import GAMES, base_setup, fuzz_tests, manifest_of
from .outcomes import Recorder
from .strategies import from_schema, mutated, odd

MAX_MOVES = 3_000


@st.composite
def fact_values(draw: st.DrawFn) -> tuple[str, str, Any]:
    name = draw(st.sampled_from(GAMES))
    box = manifest_of(name).box
    profile = load_default(box)
    key = draw(st.sampled_from(sorted(profile.facts)))
    default = profile.value(key)
    value = draw(st.one_of(from_schema(fact_schema(box, key)), from_schema(fact_schema(box, key)),
                           mutated(default), odd))
    return name, key, value


def play(recorder: Recorder, name: str, key: str, value: Any) -> None:
    setup = {**base_setup(name, 2), "profile": {"overrides": {key: value}}}
    m = manifest_of(name)
    start = time.thread_time()
    try:
        check_setup(m, setup)
        session = Session.new(m.engine, setup)
    finally:
        recorder.timed(time.thread_time() - start, (name, key, value))
    rng = random.Random(1)
    for _ in range(MAX_MOVES):
        decision = session.decision
        if decision is None:
            break
        start = time.thread_time()
        session.act(pick(decision, rng))
        recorder.timed(time.thread_time() - start, (name, key, value))
    m.engine.score(session.state)


def check(recorder: Recorder, drawn: tuple[str, str, Any]) -> None:
    recorder.run(lambda: play(recorder, *drawn), drawn, steps=True)


test_profile_fuzz, test_profile_soak = fuzz_tests("box-profile values (per fact)", fact_values(), check, 70)


# -- inputs the profile soak found crashing an engine, kept as regular tests ----------------------------------
FOUND_BY_SOAK = [
    ("gugong-solo", "meng.path", [0]),  # his traveller off a one-city path had no place on it (ValueError)
    ("gugong-solo", "meng.path", [1]),
    ("gugong-solo", "decrees_per_level", 1),  # Meng chooses between two decrees of a level (IndexError)
    ("gugong-solo", "meng.action_values", {  # his dusk wall at cost 0 still moves 2 servants (AssertionError)
        "swap_vp": 9, "special_travel_steps": 4, "special_intrigue_steps": 5, "special_palace_steps": 8,
        "special_palace_intrigue": 0, "special_wall_servants": 7, "special_canal_servants": 3, "dusk_wall_cost": 0,
        "dusk_intrigue_cost": 2, "dusk_intrigue_steps": 1, "dusk_palace_cost": 5, "dusk_palace_steps": 7,
        "dusk_palace_intrigue": 3, "dusk_canal_cost": 6}),
    ("yinzi", "factories.production", {"own": {"1": {}, "2": {"workers": 1}, "3": {"workers": 1}},
                                       "outsourced": {"2": {"workers": 2, "copper": 3}}}),  # no workers: KeyError
]


def test_values_the_soak_found_are_refused_or_played_to_the_end():
    from companion.core import CompanionError

    for name, key, value in FOUND_BY_SOAK:
        try:
            play(Recorder("regressions"), name, key, value)
        except CompanionError as err:  # refused at setup, with the fact named
            assert key in err.message, err.message


def test_event_tiles_that_cannot_fill_the_track_are_refused():
    """Found by `make soak`: 14 random event tiles, 9 of one kind, for 10 fields left the track with a gap."""
    from companion.core import CompanionError

    bad = {"contagion": 1, "dragon_festival": 2, "drought": 1, "imperial_tribute": 1, "mongol_invasion": 9}
    with pytest.raises(CompanionError) as err:
        play(Recorder("regressions"), "dragon", "events.random", bad)
    assert "events.random" in err.value.message
