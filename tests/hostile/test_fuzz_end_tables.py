"""Fuzz: end-of-game tables (quick score, `companion score GAME FILE`) for every game with a scorer
(manifest.score_table), as the CLI reads them: the safe JSON loader, the shared limits and name
checks (core.end_table), then the game's scorer with its schema (data/schemas/<game>-end-table)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from hypothesis import strategies as st

from companion.core.profile import SCHEMA_DIR
from companion.core.registry import manifests
from companion.core.validate import MAX_TABLE_BYTES, load_json

from .fuzzing import fuzz_tests, manifest_of
from .outcomes import Recorder
from .strategies import ODD_TEXTS, from_schema, mutated, odd

SCORED = [m.name for m in manifests() if m.score_table is not None and m.end_table_schema]


@cache
def schema(name: str) -> dict[str, Any]:
    raw = json.loads((SCHEMA_DIR / manifest_of(name).end_table_schema).read_text(encoding="utf-8"))
    return _inline(raw, raw.get("$defs", {}))


def _inline(node: Any, defs: dict[str, Any]) -> Any:
    """The schema with its "$ref"s replaced, so the strategies can read it."""
    if isinstance(node, dict):
        if "$ref" in node:
            return {**_inline(defs[node["$ref"].rsplit("/", 1)[1]], defs), **{k: v for k, v in node.items()
                                                                              if k != "$ref"}}
        return {k: _inline(v, defs) for k, v in node.items() if k not in ("$defs", "oneOf")}
    return [_inline(v, defs) for v in node] if isinstance(node, list) else node


@cache
def raw_schema(name: str) -> dict[str, Any]:
    return json.loads((SCHEMA_DIR / manifest_of(name).end_table_schema).read_text(encoding="utf-8"))


@st.composite
def valid_table(draw: st.DrawFn, name: str) -> Any:
    table = draw(from_schema(schema(name)))
    branches = raw_schema(name).get("oneOf", [])  # "exactly one of these keys" (Yinzi's exchange rate)
    if branches and isinstance(table, dict):
        branch = draw(st.sampled_from(branches))
        for other in branches:
            for key in other.get("required", ()):
                table.pop(key, None)
        for key in branch.get("required", ()):
            table[key] = draw(from_schema(schema(name)["properties"][key]))
    players = table.get("players") if isinstance(table, dict) else None
    for i, player in enumerate(players or ()):
        if isinstance(player, dict) and "name" in player:
            player["name"] = f"{player['name']} {i}"[-40:]  # different names, as any real table has
    return table


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, str | bytes]:
    name = draw(st.sampled_from(SCORED))
    table = draw(valid_table(name))
    how = draw(st.sampled_from(["valid", "mutate", "mutate", "text"]))
    if how == "mutate":
        table = draw(mutated(table))
    text = _dumps(table)
    if how == "text":
        cut = draw(st.integers(0, len(text)))
        text = draw(st.sampled_from([text[:cut], text[:cut] + draw(st.sampled_from(ODD_TEXTS)) + text[cut:],
                                     text.replace("1", "1" + "0" * 400, 1), '{"players": ' + "[" * 5000]))
        return name, draw(st.sampled_from([text, text.encode("latin-1", "replace"), b"\xff" + text.encode()]))
    return name, text if draw(st.booleans()) else _dumps(draw(odd))


def _dumps(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (ValueError, RecursionError):
        return "[" * 5000


def score(name: str, text: str | bytes) -> None:
    m = manifest_of(name)
    data = load_json(text, "The table file", max_bytes=MAX_TABLE_BYTES, code="bad_table_file")
    assert m.score_table is not None
    m.score_table(data)  # the manifest's scorer runs the one end-table check first


def check(recorder: Recorder, drawn: tuple[str, str | bytes]) -> None:
    recorder.run(lambda: score(*drawn), drawn)


test_end_tables_fuzz, test_end_tables_soak = fuzz_tests("end tables (manifest.score_table)", tables(), check)
