"""Games written before the single-option policy (companion.core.migrate): Yinzi.legacy(1) asks every
single-option step as the old engine did, so the old golden playthroughs replay on it step for step,
and today's engine, which takes those steps for the table, ends in the same final score sheet."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from companion.core import apply
from companion.core.canonical import canonical_bytes
from companion.core.migrate import migrate_log
from companion.yinzi.engine import GAME

TRACES = sorted((Path(__file__).parent / "legacy").glob("*.json"))


def _record(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _as_recorded(sheet: dict) -> dict:
    """The sheet without the provenance marks later versions add to rows (core.provenance)."""
    return {**sheet, "rows": [{k: v for k, v in row.items() if k != "unverified"} for row in sheet["rows"]]}


def _digest(options) -> str:
    return hashlib.sha256(canonical_bytes(list(options))).hexdigest()[:12]


@pytest.mark.parametrize("path", TRACES, ids=[p.stem for p in TRACES])
def test_an_old_playthrough_replays_on_legacy_1_step_for_step(path):
    record = _record(path)
    legacy = GAME.legacy(1)
    state = legacy.initial_state(GAME.normalize_setup(GAME.saved_setup(record["setup"])))
    for kind, player, n, digest, weights, action in record["steps"]:
        d = legacy.decision(state)
        assert (d.kind, d.player, len(d.options), _digest(d.options)) == (kind, player, n, digest)
        assert (list(d.weights) if d.weights else None) == weights
        state, _ = apply(legacy, state, action)
    assert legacy.decision(state) is None
    assert _as_recorded(GAME.score(state).to_dict()) == record["final"]


@pytest.mark.parametrize("path", TRACES, ids=[p.stem for p in TRACES])
def test_today_the_same_game_has_fewer_steps_and_the_same_final_score(path):
    record = _record(path)
    setup = GAME.normalize_setup(GAME.saved_setup(record["setup"]))
    log = [step[-1] for step in record["steps"]]
    kept = migrate_log(GAME, setup, log, 1)  # proves the end states equal, byte for byte
    asked_once = sum(1 for step in record["steps"] if step[2] == 1)
    assert len(kept) == len(log) - asked_once
    state = GAME.initial_state(setup)
    for action in kept:
        state, _ = apply(GAME, state, action)
    assert GAME.decision(state) is None
    assert _as_recorded(GAME.score(state).to_dict()) == record["final"]


def test_legacy_1_is_the_same_engine_asking_every_single_option():
    legacy = GAME.legacy(1)
    assert legacy is not None and GAME.legacy(2) is None
    assert legacy.steps.kinds is GAME.steps.kinds and legacy.steps.ask_every_single
