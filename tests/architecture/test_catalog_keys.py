"""No catalog key that nothing names any more (issue 27: the old end-table keys lingered after the one check).

Grep-level: a key is named when the code or data holds it as a string, when an f-string of the code fits it
("gugong.decree.{code}", module constants filled in: f"{FAMILY}.{reason}"), or when it is a string ending in "."
or "_" joined to a string of the code (an event prefix of an Idiom and an event code). Keys built in ways a grep
cannot see are listed below, each with where it is built; a key that is none of these fails the test.
A broad f-string (f"dragon.table.{c}") covers every key of its shape: keys under it are checked by hand.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PLURAL = re.compile(r"\.(zero|one|two|few|many|other)$")
# built from parts the grep cannot join: prefix -> where
DYNAMIC = {
    "box.set.": "ui/boxcheck/forms.py word(game, 'box.set', s) over the box's card sets",
}


def names_in(sources: list[Path], data: list[Path]) -> tuple[set[str], list[re.Pattern[str]]]:
    """Every string the sources and data hold, and a pattern per f-string of the sources."""
    strings: set[str] = set()
    patterns: list[re.Pattern[str]] = []
    for path in sources:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = {t.id: n.value.value for n in tree.body if isinstance(n, ast.Assign)
                     and isinstance(n.value, ast.Constant) and isinstance(n.value.value, str)
                     for t in n.targets if isinstance(t, ast.Name)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                strings.add(node.value)
                if re.fullmatch(r"[a-z_.]+\{[a-z_]*\}", node.value):  # a str.format key: "gugong_score.row.decree.{}"
                    patterns.append(re.compile(re.escape(node.value.split("{")[0]) + ".*"))
            elif isinstance(node, ast.JoinedStr):
                pattern = "".join(_part(v, constants) for v in node.values)
                if sum(c.isalpha() for c in pattern.replace(".*", "")) >= 2:
                    patterns.append(re.compile(pattern))
    for path in data:
        strings |= set(re.findall(r"[A-Za-z0-9_.\-]+", path.read_text(encoding="utf-8", errors="ignore")))
    return strings, patterns


def _part(value: ast.expr, constants: dict[str, str]) -> str:
    if isinstance(value, ast.Constant):
        return re.escape(str(value.value))
    inner = value.value if isinstance(value, ast.FormattedValue) else None
    if isinstance(inner, ast.Name) and inner.id in constants:
        return re.escape(constants[inner.id])
    return ".*"


def unnamed_keys(keys: list[str], strings: set[str], patterns: list[re.Pattern[str]]) -> list[str]:
    prefixes = {s for s in strings if len(s) >= 3 and s.endswith((".", "_"))}

    def named(text: str) -> bool:
        return text in strings or any(p.fullmatch(text) for p in patterns)

    out = []
    for key in keys:
        base = PLURAL.sub("", key)
        if named(key) or named(base) or any(base.startswith(p) and named(base[len(p):]) for p in prefixes):
            continue
        if not base.startswith(tuple(DYNAMIC)):
            out.append(key)
    return out


def catalog_keys(catalog_dir: Path) -> list[str]:
    return sorted({k for p in catalog_dir.glob("*.en.json") for k in json.loads(p.read_text(encoding="utf-8"))})


def test_every_catalog_key_is_named_somewhere():
    sources = [*sorted((REPO / "companion").rglob("*.py")), REPO / "streamlit_app.py"]
    sources.remove(REPO / "companion" / "gugong" / "score_texts.py")  # the English twin of a catalog names no use
    data = [p for folder in ("data", "pdf_templates") for p in sorted((REPO / folder).rglob("*"))
            if p.is_file() and p.suffix in (".yaml", ".yml", ".json")]
    strings, patterns = names_in(sources, data)
    assert unnamed_keys(catalog_keys(REPO / "companion" / "i18n" / "catalog"), strings, patterns) == []


def test_an_unused_key_is_caught_and_dynamic_ones_are_not(tmp_path):
    (tmp_path / "end_table.py").write_text(
        'FAMILY = "table_invalid"\n\ndef refuse(reason):\n    return f"{FAMILY}.{reason}"\n\n'
        'STEPS_EVENTS = "meng.event."\nsay("wall.scored_meng")\nlabel = f"gugong.decree.{code}"\n', encoding="utf-8")
    (tmp_path / "en.json").write_text("{}", encoding="utf-8")
    strings, patterns = names_in([tmp_path / "end_table.py"], [tmp_path / "en.json"])
    keys = ["table_invalid.names", "meng.event.wall.scored_meng", "gugong.decree.vp_per_jade.one",
            "dragon.table.invalid", "yinzi.bad_table"]
    assert unnamed_keys(keys, strings, patterns) == ["dragon.table.invalid", "yinzi.bad_table"]
