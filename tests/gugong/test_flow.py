"""The order of play as a table (companion/gugong/flow.py, solo/flow.py): gugong-de "Spielablauf" (p. 4):
4 days of morning (from day 2), day and night; "Spielende" (p. 14) after the night of day 4. The solo game
(gugong-de "Spielablauf (Solo)") has its dusk between the day and the night."""

from __future__ import annotations

import random
from dataclasses import replace

from companion.core.chance import pick
from companion.core.session import Session
from companion.gugong.components import components
from companion.gugong.engine import GAME
from companion.gugong.flow import FLOW, PHASES
from companion.gugong.solo.engine import GAME as SOLO
from companion.gugong.solo.flow import FLOW as SOLO_FLOW
from companion.gugong.steps import STEPS

from .fixtures import THREE


def _phases(monkeypatch, game, setup: dict, seed: int) -> list[tuple[int, str]]:
    """(day, phase) in the order a whole random game starts them (recorded by the flow step itself)."""
    seen: list[tuple[int, str]] = []
    kind = game.flow.kind
    step = STEPS.kinds[kind]

    def recording(state, frame, action=None):
        events = step.resolve(state, frame, action)
        if not seen or seen[-1] != (state.day, state.phase):
            seen.append((state.day, state.phase))
        return events

    monkeypatch.setitem(STEPS.kinds, kind, replace(step, resolve=recording))
    s = Session.new(game, {**setup, "seed": seed})
    rng = random.Random(seed)
    while (d := s.decision) is not None:
        s.act(pick(d, rng))
    return seen


def test_the_phase_table_reads_in_the_rulebooks_order():
    assert [p.name for p in PHASES] == ["setup", "day", "night", "morning", "end"]
    assert FLOW.phases["setup"].next == "day" and FLOW.phases["day"].next == "night"
    assert FLOW.phases["morning"].next == "day" and FLOW.phases["end"].next is None
    assert all(p.rule.startswith("gugong-de: ") for p in PHASES)
    assert GAME.flow is FLOW and STEPS.kinds["flow"].resolve == FLOW.run


def test_four_days_then_the_end(monkeypatch):
    days = components().days
    seen = _phases(monkeypatch, GAME, {"players": THREE}, 5)
    expected = [(1, "setup"), (1, "day"), (1, "night")]
    for day in range(2, days + 1):
        expected += [(day, "morning"), (day, "day"), (day, "night")]
    assert seen == [*expected, (days, "end")]


def test_solo_dusk_comes_between_the_day_and_the_night(monkeypatch):
    """Spielablauf (Solo), Dämmerungsphase: "Bevor die Nachtphase beginnt, nutzen Meng's Diener die Gelegenheit,
    seine Aktionen in der Dämmerungsphase ... voranzutreiben"."""
    assert [p for p in SOLO_FLOW.phases] == ["setup", "day", "dusk", "night", "morning", "end"]
    assert SOLO.flow is SOLO_FLOW and SOLO_FLOW.kind != FLOW.kind
    seen = _phases(monkeypatch, SOLO, {"players": ["Anna"]}, 7)
    assert [p for d, p in seen if d == 1] == ["setup", "day", "dusk", "night"]
    assert [p for d, p in seen if d == 2] == ["morning", "day", "dusk", "night"]
    assert seen[-1] == (4, "end")
