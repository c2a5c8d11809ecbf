"""Shared pieces of the fuzz tests: one test per input path for `make test` and one for `make soak`,
and the real games they start from (playouts through each game's manifest)."""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core import Session, codec
from companion.core.manifest import Manifest
from companion.core.playout import playout
from companion.core.registry import manifests

from .outcomes import Recorder, engine_crash_report

EXAMPLES = int(os.environ.get("HOSTILE_EXAMPLES", "100"))  # per input path in `make test` (the soak: 10,000)
SOAK_EXAMPLES = int(os.environ.get("HOSTILE_SOAK_EXAMPLES", "10000"))  # per input path in `make soak`
GAMES = [m.name for m in manifests() if m.name in ("gugong", "gugong-solo", "dragon", "yinzi")]


def fuzz_tests(path: str, strategy: st.SearchStrategy[Any], check: Callable[[Recorder, Any], None],
               examples: int = EXAMPLES) -> tuple[Callable[[], None], Callable[[], None]]:
    """(the `make test` test, the `make soak` test) sending inputs drawn from `strategy` to `check`."""

    def make(count: int) -> Callable[[], None]:
        def test() -> None:
            recorder = Recorder(path)

            @settings(max_examples=count, deadline=None, database=None, suppress_health_check=list(HealthCheck))
            @given(strategy)
            def one(value: Any) -> None:
                check(recorder, value)

            try:
                one()
            finally:
                recorder.save()
            if recorder.tally.engine_crashes:
                report = engine_crash_report(recorder.tally)
                if os.environ.get("HOSTILE_STRICT") == "1":
                    pytest.fail(report)
                pytest.xfail(report)

        return test

    return make(examples), pytest.mark.soak(make(SOAK_EXAMPLES))


def manifest_of(name: str) -> Manifest:
    return next(m for m in manifests() if m.name == name)


def base_setup(name: str, players: int | None = None, seed: int = 1) -> dict[str, Any]:
    m = manifest_of(name)
    n = m.min_players if m.solo else players or m.min_players
    colours = list(m.colours({}))
    people = [{"name": f"Player {i + 1}", "colour": colours[i % len(colours)]} for i in range(n)]
    return m.setup_for(people, {o.key: o.default for o in m.options}, seed)


@cache
def played(name: str, seed: int = 1) -> tuple[dict[str, Any], tuple[dict[str, Any], ...]]:
    """A complete random game (normalised setup, log) of `name`, played once per process."""
    m = manifest_of(name)
    game = playout(m.engine, base_setup(name, 3 if not m.solo else None, seed), seed)
    return game.setup, tuple(game.log)


def save_of(name: str, setup: dict[str, Any], log: list[Any]) -> dict[str, Any]:
    return {"format": codec.SAVE_FORMAT, "version": codec.SAVE_VERSION, "game": name, "setup": setup,
            "log": log, "checksum": codec._checksum(name, setup, log)}


@cache
def tokens(name: str) -> tuple[str, ...]:
    setup, log = played(name)
    cuts = sorted({0, 7, len(log) // 2, len(log)})
    return tuple(codec.to_token(Session.from_log(manifest_of(name).engine, setup, list(log[:k]))) for k in cuts)
