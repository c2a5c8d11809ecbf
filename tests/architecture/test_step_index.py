"""`python -m companion steps GAME`: every registered kind, where it is resolved, its rule; and the section of
docs/architecture.md generated from it stays equal to the code (line numbers aside, so an edit above a
resolver does not make the docs wrong)."""

from __future__ import annotations

import re
from pathlib import Path

from companion.cli import main
from companion.core import step_index
from companion.core.registry import manifest, manifests

DOC = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"
LINE = re.compile(r"(\.py):\d+")


def games():
    """The product's games (other tests register toy games in the same registry)."""
    return [m for m in manifests() if m.engine.__class__.__module__.startswith("companion.")]


def test_every_kind_is_listed_with_a_resolver_in_the_games_package(capsys):
    for m in games():
        rows = step_index.index(m.engine.steps)
        assert {r.kind for r in rows} == set(m.engine.steps.kinds) | set(m.engine.steps.routed)
        package = m.engine.__class__.__module__.split(".")[1]
        assert all(r.where.startswith((f"companion/{package}/", "companion/core/flow.py")) for r in rows), m.name


def test_the_cli_prints_the_index(capsys):
    assert main(["steps", "dragon"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == len(manifest("dragon").engine.steps.kinds)
    assert any(line.startswith("wall ") or " | companion/dragon/" in line for line in out)


def test_docs_architecture_holds_the_generated_index():
    block = step_index.docs_block([(m.name, m.engine.steps) for m in games()])
    text = DOC.read_text(encoding="utf-8")
    assert step_index.START in text, "run: python -m companion steps --write-docs docs/architecture.md"
    shown = text[text.index(step_index.START): text.index(step_index.END) + len(step_index.END)]
    assert LINE.sub(r"\1", shown) == LINE.sub(r"\1", block), \
        "docs/architecture.md is stale: python -m companion steps --write-docs docs/architecture.md"


def test_meng_steps_are_in_the_solo_index():
    """The frames the solo game's route sends to Meng's rules (or tells the table) are listed with their kind."""
    from companion.core.step_index import index
    from companion.gugong.solo.steps import MENG_STEPS, SOLO_STEPS, TOLD

    kinds = [row.kind for row in index(SOLO_STEPS)]
    assert "turn (Meng's seat: meng_turn)" in kinds
    assert len([k for k in kinds if "(Meng's seat: " in k]) == len(MENG_STEPS)
    assert len([k for k in kinds if "(told to the table: " in k]) == len(TOLD)
