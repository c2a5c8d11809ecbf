"""docs/architecture.md, enforced: imports only point down, no cycles, screens see engines only
through their manifest, view and instructions. Each rule is also shown to catch a violation."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from companion.core.registry import manifests

from .imports import cycles, layer_violations

ROOT = Path(__file__).resolve().parents[2] / "companion"


def test_engines_and_core_import_no_ui_pdf_storage_or_i18n_and_screens_use_the_manifest():
    assert layer_violations(ROOT) == []


def test_no_import_cycles_even_through_function_level_imports():
    assert cycles(ROOT) == []


def test_every_listed_game_imports_and_has_a_manifest():
    names = [m.name for m in manifests()]
    assert names[:4] == ["gugong", "gugong-solo", "dragon", "yinzi"]


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "companion"
    for rel, text in {**dict.fromkeys(("__init__.py", "core/__init__.py", "ui/__init__.py", "gugong/__init__.py",
                                        "pdf/__init__.py", "i18n/__init__.py"), ""), **files}.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root


@pytest.mark.parametrize(("rel", "text", "found"), [
    ("gugong/wall.py", "import streamlit as st\n", "imports streamlit"),
    ("core/steps.py", "from reportlab.pdfgen import canvas\n", "imports reportlab.pdfgen"),
    ("gugong/wall.py", "import sqlite3\n", "imports sqlite3"),
    ("gugong/wall.py", "def f():\n    from ..i18n import t\n", "imports companion.i18n"),
    ("core/game.py", "from companion.ui import context\n", "imports companion.ui"),
    ("gugong/wall.py", "from ..pdf import sheet\n", "imports companion.pdf.sheet"),
    ("ui/board.py", "from companion.gugong.wall import strength\n", "engine internals companion.gugong.wall"),
])
def test_each_layer_violation_is_caught(tmp_path, rel, text, found):
    root = _tree(tmp_path, {rel: text, "pdf/sheet.py": "", "gugong/wall.py": "", **{rel: text}})
    problems = layer_violations(root)
    assert any(found in p for p in problems), problems


def test_the_ui_may_read_an_engines_manifest_view_and_instructions(tmp_path):
    root = _tree(tmp_path, {"gugong/manifest.py": "", "gugong/view.py": "", "gugong/instructions.py": "",
                            "ui/board.py": "from companion.gugong import manifest, view\n"
                                           "from companion.gugong.instructions import X\n"})
    assert layer_violations(root) == []


def test_a_cycle_through_a_function_level_import_is_caught(tmp_path):
    root = _tree(tmp_path, {"core/a.py": "from . import b\n", "core/b.py": "def f():\n    from .a import g\n"})
    assert cycles(root) == [["companion.core.a", "companion.core.b"]]
