"""docs/architecture.md, enforced: imports only point down, no cycles, core knows no engine, an engine no
other engine nor stats/pandas/i18n (not even a catalog file by path), and every other package sees an engine only
through its manifest, view, instructions and words_context. Each rule is also shown to catch a violation."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from companion.core.registry import manifests

from .imports import cycles, layer_violations

ROOT = Path(__file__).resolve().parents[2] / "companion"


def test_engines_and_core_import_no_ui_pdf_storage_stats_or_i18n_and_others_use_the_manifest():
    assert layer_violations(ROOT) == []


def test_no_import_cycles_even_through_function_level_imports():
    assert cycles(ROOT) == []


def test_every_listed_game_imports_and_has_a_manifest():
    names = [m.name for m in manifests()]
    assert names[:4] == ["gugong", "gugong-solo", "dragon", "yinzi"]


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "companion"
    packages = ("__init__.py", "core/__init__.py", "ui/__init__.py", "gugong/__init__.py", "dragon/__init__.py",
                "pdf/__init__.py", "i18n/__init__.py", "i18n/words/__init__.py", "stats/__init__.py")
    for rel, text in {**dict.fromkeys(packages, ""), **files}.items():
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
    # the leaks issue 27 listed, each as it was written
    ("core/registry.py", "from companion.gugong import wall\n", "core knows no engine"),
    ("dragon/palaces.py", "from ..gugong.wall import strength\n", "an engine imports no other engine"),
    ("gugong/solo.py", "def table():\n    import pandas as pd\n", "imports pandas"),
    ("gugong/wall.py", "from companion.stats import frames\n", "imports companion.stats"),
    ("gugong/wall.py", 'from pathlib import Path\nENGLISH = Path(__file__).parents[1] / "i18n" / "catalog"\n',
     "names the i18n file 'i18n'"),
    ("gugong/wall.py", 'ENGLISH = "companion/i18n/catalog/gugong_score.en.json"\n', "names the i18n file"),
    ("i18n/words/gugong.py", "from companion.gugong.wall import Components\n",
     "engine internals companion.gugong.wall"),
    ("pdf/pad.py", "from ..gugong import wall\n", "engine internals companion.gugong.wall"),
])
def test_each_layer_violation_is_caught(tmp_path, rel, text, found):
    root = _tree(tmp_path, {rel: text, "pdf/sheet.py": "", "gugong/wall.py": "", **{rel: text}})
    problems = layer_violations(root)
    assert any(found in p for p in problems), problems


def test_the_ui_may_read_an_engines_manifest_view_and_instructions(tmp_path):
    root = _tree(tmp_path, {"gugong/manifest.py": "", "gugong/view.py": "", "gugong/instructions.py": "",
                            "gugong/words_context.py": "",
                            "ui/board.py": "from companion.gugong import manifest, view\n"
                                           "from companion.gugong.instructions import X\n",
                            "i18n/words/gugong.py": "from companion.gugong.words_context import words_context\n",
                            "gugong/end_table.py": '"""Reads no companion/i18n/catalog file: prose."""\n'})
    assert layer_violations(root) == []


def test_a_cycle_through_a_function_level_import_is_caught(tmp_path):
    root = _tree(tmp_path, {"core/a.py": "from . import b\n", "core/b.py": "def f():\n    from .a import g\n"})
    assert cycles(root) == [["companion.core.a", "companion.core.b"]]
