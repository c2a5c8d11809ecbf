"""No dead names (a vulture-like check, grep-level): every module-level function, class or constant of
companion/ is named somewhere else in the code, tests or benchmarks. Decorated functions are used by their
decorator (steps, instruction handlers) and are not counted."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def dead_names(package: Path, also: list[Path]) -> list[str]:
    sources = sorted(package.rglob("*.py"))
    words = Counter(w for p in [*sources, *also] for w in WORD.findall(p.read_text(encoding="utf-8")))
    out = []
    for path in sources:
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef | ast.ClassDef) and not node.decorator_list:
                names = [node.name]
            elif isinstance(node, ast.Assign):
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            else:
                continue
            out += [f"{path.relative_to(package.parent)}:{node.lineno} {n}" for n in names
                    if not n.startswith("__") and words[n] <= 1]
    return out


def test_no_dead_names():
    also = [*(REPO / "tests").rglob("*.py"), *(REPO / "benchmarks").rglob("*.py"), REPO / "streamlit_app.py"]
    assert dead_names(REPO / "companion", [p for p in also if p.exists()]) == []


def test_a_dead_name_is_caught(tmp_path):
    pkg = tmp_path / "companion"
    pkg.mkdir()
    (pkg / "steps.py").write_text("def push(s):\n    pass\n\n\ndef push_last(s):\n    pass\n\n\npush(1)\n")
    assert dead_names(pkg, []) == ["companion/steps.py:5 push_last"]
