"""The box-check form: every fact of a game's box profile as a question to answer with the box open.

Pure data (no drawing), so the printed sheet (companion.pdf.boxcheck) and a screen can ask the same
questions in the same order, field by field. A fact that is not verified becomes a question with
write-in cells, laid out from the shape of its value (one number, a row per position or key, a table
of records, pairs) and the hints of the game's template (`box_check:` in pdf_templates/<game>.yaml);
a verified fact becomes a line of the checklist ("my box agrees"). The cells show the current value
only where it is a reading worth confirming (status inferred); a placeholder (status unknown) is never
printed, so it cannot be copied as fact.

Hints per question: `ask` (record fields to fill in), `row_label` (a record field that names the
row; `index_rows` numbers the rows instead), `group_by` + `group_words` (a table per group, headed by
the catalog text `<group_words>.<group>` with {n} = its rows), `columns` (heads of pairs), `keys`
(catalog prefix of the keys' words) or `key_label` (a catalog text per key, {key}), `choices` (field or
"*" -> catalog prefix of its words: cells are translated and a legend lists the words), `legend` (a
fact whose entries explain codes, e.g. Yinzi's infrastructure demands; `legend_words`: its prefixes),
`layout` (rows | pairs),
`spare` (room for more entries than the current value has), `total` (a fact the number of answers
must reach, printed as a line to count them against). The checklist's `checklist:` map gives
a verified fact's catalog prefixes for its `values` and `keys`; other codes print as plain words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from companion import i18n
from companion.core.profile import Fact

from . import templates
from .facts import Facts, number

SPARE_ROWS = 3
JOINERS = {":": ": ", "|": " / ", "+": " + "}  # how codes that combine words read
WORDS = "pdf.boxcheck.word"  # our own words for codes no game catalog names (reward kinds, record fields)


@dataclass(frozen=True)
class Grid:
    """One table of write-in cells: column heads, then rows of (label, text already in each cell)."""

    heading: str
    columns: list[str]
    rows: list[tuple[str, list[str]]]
    wide: list[int] = field(default_factory=list)  # columns that take a list of words (drawn wider)


@dataclass(frozen=True)
class Question:
    number: int
    fact: str
    status: str
    title: str
    help: str
    grids: list[Grid]
    choices: list[str]  # legend lines: the words a cell may hold
    agree: bool  # the cells show the current reading: "my box agrees" can answer it
    total: str = ""  # a count to check the answers against ("Cards written in: ___ of 38")


@dataclass(frozen=True)
class Checked:
    fact: str
    label: str
    value: str


def t(name: str, lang: str, /, **params: Any) -> str:
    return i18n.t(name, lang, **params)


class Words:
    """Codes in the game's own words where the template names their catalog prefix, else as plain words."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, code: Any, prefix: str | list[str] | None = None) -> str:
        if code is None:
            return "—"
        if not isinstance(code, str):
            return number(code)
        if any(sep in code for sep in JOINERS):  # "ware:silk|porcelain": each word on its own
            return "".join(JOINERS.get(part, "") or self(part, prefix) for part in re.split(r"([:|+])", code))
        for p in [*(prefix if isinstance(prefix, list) else [prefix]), WORDS]:
            if p and i18n.has(f"{p}.{code}", self.lang):
                return t(f"{p}.{code}", self.lang)
        return code.replace("_", " ")

    def text(self, value: Any, values: str | list[str] | None = None, keys: str | list[str] | None = None) -> str:
        """A whole value on one line: lists joined, tables as "key: value · ...", codes in words."""
        if isinstance(value, list):
            joiner = "; " if any(isinstance(v, dict) for v in value) else ", "
            return joiner.join(self.text(v, values, keys) for v in value) or "—"
        if isinstance(value, dict) and isinstance(value.get("id"), str):  # a named record: its name, then the rest
            rest = {k: v for k, v in value.items() if k != "id"}
            return f"{self(value['id'], values)} ({self.text(rest, values, keys)})"
        if isinstance(value, dict):
            return " · ".join(f"{self(k, keys)}: {self.text(v, values, keys)}" for k, v in value.items())
        return self(value, values)


def form(game: str, lang: str, overrides: dict[str, Any] | None = None) -> tuple[list[Question], list[Checked]]:
    """The questions (unverified facts: the template's order, then any other) and the checklist."""
    tpl = templates.load(game)
    spec = tpl["box_check"]
    profile = Facts(tpl["box"], overrides).profile
    words = Words(lang)
    hints = {q["fact"]: q for q in spec["questions"]}
    listed = spec.get("checklist", {})
    order = [*hints, *(k for k in profile.facts if k not in hints)]
    questions: list[Question] = []
    for key in order:
        fact = profile.facts.get(key)
        if fact is not None and not fact.verified:
            hint = hints.get(key, {})
            explained = profile.value(hint["legend"]) if "legend" in hint else {}
            question = _question(len(questions) + 1, game, fact, hint, words, explained)
            if "total" in hint:  # the count the answers must reach, from a fact of its own
                question = replace(question, total=t("pdf.boxcheck.total", lang, n=profile.value(hint["total"])))
            questions.append(question)
    checked = [Checked(f.key, label(game, f.key, lang), words.text(f.value, **_prefixes(listed.get(f.key, {}))))
               for f in profile.facts.values() if f.verified]
    return questions, checked


def _prefixes(listed: dict[str, Any]) -> dict[str, Any]:
    """A checklist line's word prefixes (its other hints are for the screen)."""
    return {k: v for k, v in listed.items() if k in ("values", "keys")}


def hint(game: str, key: str) -> dict[str, Any]:
    """The template's hints for one fact (its question's, or its checklist line's word prefixes as choices)."""
    spec = templates.load(game)["box_check"]
    found = next((q for q in spec["questions"] if q["fact"] == key), None)
    if found is not None:
        return found
    listed = spec.get("checklist", {}).get(key, {})
    return {"keys": listed.get("keys"), "choices": {"*": listed["values"]} if "values" in listed else {},
            "tally": listed.get("tally", False)}


def label(game: str, key: str, lang: str) -> str:
    """The fact's name for the reader (pdf.boxcheck.<game>.<fact>); the key itself if it has none yet."""
    name = f"pdf.boxcheck.{game}.{key}"
    return t(name, lang) if i18n.has(name, lang) else key


def _question(n: int, game: str, fact: Fact, hint: dict[str, Any], words: Words,
              explained: dict[str, Any]) -> Question:
    shown = fact.status == "inferred"
    help_key = f"pdf.boxcheck.{game}.{fact.key}.help"
    legend = [f"{t(f'pdf.boxcheck.field.{name}' if name != '*' else 'pdf.boxcheck.words', words.lang)}: "
              f"{', '.join(words(c, prefix) for c in _distinct(fact.value, name))}"
              for name, prefix in hint.get("choices", {}).items()]
    legend += [f"{code}: {words.text(value, **hint.get('legend_words', {}))}" for code, value in explained.items()]
    return Question(n, fact.key, fact.status, label(game, fact.key, words.lang),
                    t(help_key, words.lang) if i18n.has(help_key, words.lang) else "",
                    _grids(fact.value, hint, _Cells(words, hint, shown)), legend, shown)


def _distinct(value: Any, name: str) -> list[Any]:
    """The codes a column holds in the current value (field `name` of records, or every code for "*")."""
    found: list[Any] = []

    def visit(v: Any, inside: bool) -> None:
        if isinstance(v, dict):
            for k, x in v.items():
                visit(x, inside or k == name)
        elif isinstance(v, list):
            for x in v:
                visit(x, inside)
        elif (inside or name == "*") and v not in found:
            found.append(v)

    visit(value, False)
    return found


class _Cells:
    """Cell texts and column heads of one question."""

    def __init__(self, words: Words, hint: dict[str, Any], shown: bool) -> None:
        self.words, self.hint, self.shown = words, hint, shown
        self.prefixes = hint.get("choices", {})

    def cell(self, value: Any, column: str = "*") -> str:
        return self.words.text(value, self.prefixes.get(column, self.prefixes.get("*"))) if self.shown else ""


    def head(self, name: str) -> str:
        return t(f"pdf.boxcheck.field.{name}", self.words.lang)

    def key(self, key: Any) -> str:
        fmt = self.hint.get("key_label")
        return t(fmt, self.words.lang, key=key) if fmt else self.words(key, self.hint.get("keys"))


def _grids(value: Any, hint: dict[str, Any], c: _Cells) -> list[Grid]:
    """Cells from the value's shape: one cell, a row per position or key, a table of records, pairs."""
    spare = SPARE_ROWS if hint.get("spare") else 0
    if isinstance(value, bool):
        return [Grid("", [c.head("yes"), c.head("no")], [("", [c.cell("✓" if value else ""),
                                                               c.cell("" if value else "✓")])])]
    if not isinstance(value, list | dict):
        return [Grid("", [], [("", [c.cell(value)])])]
    items = list(value.values()) if isinstance(value, dict) else value
    if items and all(isinstance(v, dict) for v in items):
        records = [{"_key": k, **v} for k, v in value.items()] if isinstance(value, dict) else value
        return _records(records, {"row_label": "_key", **hint} if isinstance(value, dict) else hint, c)
    if isinstance(value, dict) and hint.get("layout") == "pairs":
        rows = [("", [c.cell(k), c.cell(v)]) for k, v in value.items()] + [("", ["", ""])] * spare
        return [Grid("", [c.head(name) for name in hint["columns"]], rows)]
    if items and all(isinstance(v, list) for v in items):
        return [_table(value, hint, c, spare)]
    if isinstance(value, dict):
        labels, cells = [c.key(k) for k in value], [c.cell(v) for v in value.values()]
        if hint.get("layout") == "rows":
            return [Grid("", [c.head(hint.get("column", "count"))], [(x, [y]) for x, y in zip(labels, cells,
                                                                                           strict=True)])]
        return [Grid("", labels, [("", cells)])]
    cells = [c.cell(v) for v in value] + [""] * spare
    return [Grid("", [str(i) for i in range(1, len(cells) + 1)], [("", cells)])]


def _table(value: list[list[Any]] | dict[str, list[Any]], hint: dict[str, Any], c: _Cells, spare: int) -> Grid:
    """Lists of codes: a row per key (provinces) or per entry (pairs, cards), a column per position."""
    named = isinstance(value, dict)
    entries = list(value.items()) if named else [(str(i), v) for i, v in enumerate(value, start=1)]
    width = max(len(v) for _, v in entries)
    rows = [(c.key(k) if named else k, [c.cell(x) for x in v] + [""] * (width - len(v))) for k, v in entries]
    rows += [(str(len(rows) + i), [""] * width) for i in range(1, spare + 1)]
    heads = [c.head(name) for name in hint["columns"]] if "columns" in hint else [str(i) for i in range(1, width + 1)]
    return Grid("", heads, rows)


def _records(records: list[dict[str, Any]], hint: dict[str, Any], c: _Cells) -> list[Grid]:
    """A table per group (`group_by`), a row per record, a column per asked field (`ask`)."""
    label_field, group_field = hint.get("row_label"), hint.get("group_by")
    ask = hint.get("ask") or [k for k in records[0] if k not in (label_field, group_field, "_key")]
    groups: dict[Any, list[dict[str, Any]]] = {}
    for record in records:
        groups.setdefault(record.get(group_field) if group_field else None, []).append(record)
    grids = []
    for group, members in groups.items():
        heading = "" if group is None else t(f"{hint['group_words']}.{group}", c.words.lang, n=len(members))
        rows = [(c.key(r[label_field]) if label_field and not hint.get("index_rows") else str(i),
                 [c.cell(r.get(name), name) for name in ask]) for i, r in enumerate(members, start=1)]
        wide = [j for j, name in enumerate(ask) if any(isinstance(r.get(name), list) for r in members)]
        grids.append(Grid(heading, [c.head(name) for name in ask], rows, wide))
    return grids
