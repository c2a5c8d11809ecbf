"""Provenance on the printed score sheet (issue 14): a number resting on an unverified box fact carries the
game's placeholder mark, its total too, and a legend explains the mark; numbers resting only on confirmed facts
(or on the owner's box check) carry none. Read from the strings the sheet draws, in every language."""

from __future__ import annotations

from typing import Any

import pytest
from reportlab.lib.colors import black
from reportlab.platypus import Table

from companion.core.playout import playout
from companion.core.replay import replay_log
from companion.dragon.engine import GAME as DRAGON
from companion.i18n import labels
from companion.pdf.sheet import build_sheet, score_table
from companion.yinzi.components import for_overrides
from companion.yinzi.editions import CURRENT
from companion.yinzi.engine import GAME as YINZI

from .conftest import squash, text_of

OWNED = {f.key: f.value for f in for_overrides({}).profile.unverified()}


def _setup(overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"players": ["Ada", "Bo", "Cai"], "seed": 1, "rules": CURRENT, "profile": {"overrides": overrides or {}}}


@pytest.fixture(scope="module")
def yinzi_log() -> list:
    result = playout(YINZI, _setup(), 11)
    assert result.completed
    return result.log


def _drawn(sheet, lang: str, setup: dict[str, Any]) -> list[list[str]]:
    """The strings of the category table's cells, row by row (header first)."""
    table = next(f for f in score_table(sheet, lang, 500, black, setup) if isinstance(f, Table))
    return [[getattr(c, "text", str(c)) for c in row] for row in table._cellvalues]


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_sheet_marks_exactly_the_unverified_values_and_their_totals(yinzi_log, lang):
    session = replay_log(YINZI, _setup(), yinzi_log)
    sheet = YINZI.score(session.state)
    mark, n = labels.placeholder_mark("yinzi"), len(sheet.players)
    drawn = _drawn(sheet, lang, session.setup)
    assert any(any(row.unverified) for row in sheet.rows)
    for r, row in enumerate(sheet.rows):
        cells = drawn[1 + r][1:]
        assert [c.endswith(mark) for c in cells] == [bool(row.facts_behind(i)) for i in range(n)], row.code
    total = drawn[1 + len(sheet.rows)][1:]
    summed = [sheet.eligible[i] and any(row.facts_behind(i) for row in sheet.rows) for i in range(n)]
    assert [c.endswith(mark) for c in total] == summed and any(summed)
    pdf = squash(text_of(build_sheet(session, lang, with_log=False)))
    assert squash(labels.placeholder_legend_text("yinzi", lang)) in pdf


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_sheet_with_every_fact_confirmed_carries_no_mark(yinzi_log, lang):
    session = replay_log(YINZI, _setup(OWNED), yinzi_log)
    sheet = YINZI.score(session.state)
    mark = labels.placeholder_mark("yinzi")
    assert not any(c.endswith(mark) for row in _drawn(sheet, lang, session.setup)[1:] for c in row[1:])
    pdf = squash(text_of(build_sheet(session, lang, with_log=False)))
    assert squash(labels.placeholder_legend_text("yinzi", lang)) not in pdf


def test_dragon_sheet_rests_on_confirmed_facts_only():
    result = playout(DRAGON, {"players": ["Ada", "Bo", "Cai"], "seed": 1}, 11)
    session = replay_log(DRAGON, result.setup, result.log)
    drawn = _drawn(DRAGON.score(session.state), "en", session.setup)
    assert not any(c.endswith("?") for row in drawn[1:] for c in row[1:])
    assert squash(labels.placeholder_legend_text("dragon", "en")) not in squash(text_of(build_sheet(session, "en")))
